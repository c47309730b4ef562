// Every switch and number of the search, copied into each worker at `go` so
// reading them costs no atomics. The UCI layer offers each technique's switch and
// tunables (TECHNIQUES below) as options.
#pragma once

#include "search/continuation_history4.h"
#include "search/history_bonus.h"
#include "search/low_ply_history.h"
#include "search/node_time.h"
#include "search/pawn_history.h"
#include "search/post_lmr_history.h"
#include "search/prior_fail_low_bonus.h"
#include "search/refuted_early_malus.h"
#include "search/selectivity/aspiration_average.h"
#include "search/selectivity/aspiration_fail_high.h"
#include "search/selectivity/aspiration_windows.h"
#include "search/selectivity/capture_futility.h"
#include "search/selectivity/capture_history_see.h"
#include "search/selectivity/capture_reductions.h"
#include "search/selectivity/check_extension.h"
#include "search/selectivity/check_extension_see.h"
#include "search/selectivity/continuation_correction.h"
#include "search/selectivity/correction_history.h"
#include "search/selectivity/correction_uncertainty.h"
#include "search/selectivity/delta_pruning.h"
#include "search/selectivity/do_deeper_shallower.h"
#include "search/selectivity/double_extension.h"
#include "search/selectivity/fail_high_reductions.h"
#include "search/selectivity/futility.h"
#include "search/selectivity/hindsight_depth.h"
#include "search/selectivity/history_futility.h"
#include "search/selectivity/history_leaf_pruning.h"
#include "search/selectivity/iir_conditions.h"
#include "search/selectivity/internal_iterative_reductions.h"
#include "search/selectivity/late_move_pruning.h"
#include "search/selectivity/late_move_reductions.h"
#include "search/selectivity/lmr_cutoff_count.h"
#include "search/selectivity/mate_distance.h"
#include "search/selectivity/mate_threat_extension.h"
#include "search/selectivity/minor_correction.h"
#include "search/selectivity/multi_cut.h"
#include "search/selectivity/negative_extension_variants.h"
#include "search/selectivity/null_move.h"
#include "search/selectivity/null_move_reductions.h"
#include "search/selectivity/one_reply_extension.h"
#include "search/selectivity/opponent_worsening.h"
#include "search/selectivity/passed_pawn_extension.h"
#include "search/selectivity/probcut.h"
#include "search/selectivity/qsearch_checks.h"
#include "search/selectivity/qsearch_evasion_pruning.h"
#include "search/selectivity/qsearch_futility.h"
#include "search/selectivity/qsearch_see_pruning.h"
#include "search/selectivity/razoring.h"
#include "search/selectivity/recapture_extension.h"
#include "search/selectivity/reverse_futility.h"
#include "search/selectivity/see_pruning.h"
#include "search/selectivity/singular_extension.h"
#include "search/selectivity/triple_extension.h"
#include "search/selectivity/tt_cutoff_conditions.h"
#include "search/selectivity/tt_pv.h"
#include "search/selectivity/verified_null_move.h"
#include "search/strength.h"
#include "search/technique.h"
#include "search/tt_move_bonus.h"

#include <tuple>

namespace flotilla::search {

// Syzygy probing in the search; the UCI layer loads the tables (search/syzygy.h).
struct TablebaseParams {
    Depth probeDepth = 1; // SyzygyProbeDepth: probe nodes of at least this depth
    bool rule50 = true;   // Syzygy50MoveRule: cursed wins and blessed losses are draws
    int probeLimit = 7;   // SyzygyProbeLimit: probe positions of at most this many pieces
};

struct Params {
    AspirationParams aspiration;
    NullMoveParams nullMove;
    ReverseFutilityParams reverseFutility;
    FutilityParams futility;
    LateMovePruningParams lateMovePruning;
    LateMoveReductionParams lateMoveReductions;
    CaptureReductionParams captureReductions;
    DoDeeperShallowerParams doDeeperShallower;
    CheckExtensionParams checkExtension;
    MateDistanceParams mateDistance;
    DeltaPruningParams deltaPruning;
    QsearchSeePruningParams qsearchSeePruning;
    VerifiedNullMoveParams verifiedNullMove;
    RazoringParams razoring;
    InternalIterativeReductionParams internalIterativeReductions;
    SeePruningParams seePruning;
    HistoryLeafPruningParams historyLeafPruning;
    RecaptureExtensionParams recaptureExtension;
    PassedPawnExtensionParams passedPawnExtension;
    OneReplyExtensionParams oneReplyExtension;
    FailHighReductionParams failHighReductions;
    NullMoveReductionParams nullMoveReductions;
    ProbCutParams probCut;
    SingularExtensionParams singularExtension;
    DoubleExtensionParams doubleExtension;
    MultiCutParams multiCut;
    MateThreatExtensionParams mateThreatExtension;
    QsearchChecksParams qsearchChecks;
    QsearchEvasionPruningParams qsearchEvasionPruning;
    QsearchFutilityParams qsearchFutility;
    CorrectionHistoryParams correctionHistory;
    LinearHistoryBonusParams linearHistoryBonus;
    ContinuationHistory4Params continuationHistory4;
    CaptureHistorySeeParams captureHistorySee;
    TtCutoffConditionsParams ttCutoffConditions;
    TtPvParams ttPv;
    OpponentWorseningParams opponentWorsening;
    NodeTimeParams nodeTime;
    HistoryFutilityParams historyFutility;
    AspirationAverageParams aspirationAverage;
    TtMoveBonusParams ttMoveBonus;
    AspirationFailHighParams aspirationFailHigh;
    ContinuationCorrectionParams continuationCorrection;
    TripleExtensionParams tripleExtension;
    PawnHistoryParams pawnHistory;
    CheckExtensionSeeParams checkExtensionSee;
    IirConditionsParams iirConditions;
    PriorFailLowBonusParams priorFailLowBonus;
    RefutedEarlyMalusParams refutedEarlyMalus;
    LmrCutoffCountParams lmrCutoffCount;
    NegativeExtensionVariantsParams negativeExtensionVariants;
    HindsightDepthParams hindsightDepth;
    LowPlyHistoryParams lowPlyHistory;
    PostLmrHistoryParams postLmrHistory;
    MinorCorrectionParams minorCorrection;
    CorrectionUncertaintyParams correctionUncertainty;
    CaptureFutilityParams captureFutility;
    TablebaseParams tablebases;
    int moveOverheadMs = 10; // subtracted from the clock for communication delays
    int multiPv = 1;         // best root moves searched and reported per iteration (MultiPV)
    bool showWdl = false;    // UCI output only: add `wdl W D L` to info lines (UCI_ShowWDL)
    StrengthParams strength; // UCI_LimitStrength and UCI_Elo (search/strength.h)
    // UCI_AnalyseMode: a root in the Syzygy tables searches every move (each line scored
    // by the in-search probes) instead of only those that keep the best result.
    bool analyseMode = false;
    // NetworkMarginScale: the evaluation margins in percent of the hand-written
    // evaluation's, applied when a network evaluates (search/margin_scale.h).
    int networkMarginPercent = 100;
};

// Every selectivity technique with its description, in the order of the uci options,
// the SearchStats line and docs/search.md's table, all generated from this list. A new
// technique is one file under selectivity/, its params member above, one entry here and
// the call where it acts (docs/search.md, "Adding a technique").
template <class P> struct TechniqueEntry {
    P Params::*params;
    const Technique<P>* info;
};
template <class P>
constexpr TechniqueEntry<P> technique(P Params::*params, const Technique<P>& info) {
    return {params, &info};
}

inline constexpr std::tuple TECHNIQUES{
    technique(&Params::aspiration, ASPIRATION_WINDOWS),
    technique(&Params::nullMove, NULL_MOVE),
    technique(&Params::reverseFutility, REVERSE_FUTILITY),
    technique(&Params::futility, FUTILITY),
    technique(&Params::lateMovePruning, LATE_MOVE_PRUNING),
    technique(&Params::lateMoveReductions, LATE_MOVE_REDUCTIONS),
    technique(&Params::captureReductions, CAPTURE_REDUCTIONS),
    technique(&Params::doDeeperShallower, DO_DEEPER_SHALLOWER),
    technique(&Params::checkExtension, CHECK_EXTENSION),
    technique(&Params::mateDistance, MATE_DISTANCE),
    technique(&Params::deltaPruning, DELTA_PRUNING),
    technique(&Params::qsearchSeePruning, QSEARCH_SEE_PRUNING),
    technique(&Params::verifiedNullMove, VERIFIED_NULL_MOVE),
    technique(&Params::razoring, RAZORING),
    technique(&Params::internalIterativeReductions, INTERNAL_ITERATIVE_REDUCTIONS),
    technique(&Params::seePruning, SEE_PRUNING),
    technique(&Params::historyLeafPruning, HISTORY_LEAF_PRUNING),
    technique(&Params::recaptureExtension, RECAPTURE_EXTENSION),
    technique(&Params::passedPawnExtension, PASSED_PAWN_EXTENSION),
    technique(&Params::oneReplyExtension, ONE_REPLY_EXTENSION),
    technique(&Params::failHighReductions, FAIL_HIGH_REDUCTIONS),
    technique(&Params::nullMoveReductions, NULL_MOVE_REDUCTIONS),
    technique(&Params::probCut, PROBCUT),
    technique(&Params::singularExtension, SINGULAR_EXTENSION),
    technique(&Params::doubleExtension, DOUBLE_EXTENSION),
    technique(&Params::multiCut, MULTI_CUT),
    technique(&Params::mateThreatExtension, MATE_THREAT_EXTENSION),
    technique(&Params::qsearchChecks, QSEARCH_CHECKS),
    technique(&Params::qsearchEvasionPruning, QSEARCH_EVASION_PRUNING),
    technique(&Params::qsearchFutility, QSEARCH_FUTILITY),
    technique(&Params::correctionHistory, CORRECTION_HISTORY),
    technique(&Params::linearHistoryBonus, LINEAR_HISTORY_BONUS),
    technique(&Params::continuationHistory4, CONTINUATION_HISTORY4),
    technique(&Params::captureHistorySee, CAPTURE_HISTORY_SEE),
    technique(&Params::ttCutoffConditions, TT_CUTOFF_CONDITIONS),
    technique(&Params::ttPv, TT_PV),
    technique(&Params::opponentWorsening, OPPONENT_WORSENING),
    technique(&Params::nodeTime, NODE_TIME_MANAGEMENT),
    technique(&Params::historyFutility, HISTORY_FUTILITY),
    technique(&Params::aspirationAverage, ASPIRATION_AVERAGE),
    technique(&Params::ttMoveBonus, TT_MOVE_BONUS),
    technique(&Params::aspirationFailHigh, ASPIRATION_FAIL_HIGH),
    technique(&Params::continuationCorrection, CONTINUATION_CORRECTION),
    technique(&Params::tripleExtension, TRIPLE_EXTENSION),
    technique(&Params::pawnHistory, PAWN_HISTORY),
    technique(&Params::checkExtensionSee, CHECK_EXTENSION_SEE),
    technique(&Params::iirConditions, IIR_CONDITIONS),
    technique(&Params::priorFailLowBonus, PRIOR_FAIL_LOW_BONUS),
    technique(&Params::refutedEarlyMalus, REFUTED_EARLY_MALUS),
    technique(&Params::lmrCutoffCount, LMR_CUTOFF_COUNT),
    technique(&Params::negativeExtensionVariants, NEGATIVE_EXTENSION_VARIANTS),
    technique(&Params::hindsightDepth, HINDSIGHT_DEPTH),
    technique(&Params::lowPlyHistory, LOW_PLY_HISTORY),
    technique(&Params::postLmrHistory, POST_LMR_HISTORY),
    technique(&Params::minorCorrection, MINOR_CORRECTION),
    technique(&Params::correctionUncertainty, CORRECTION_UNCERTAINTY),
    technique(&Params::captureFutility, CAPTURE_FUTILITY),
};

// Calls f(entry) for every technique's TechniqueEntry, in the list's order.
template <class F> constexpr void for_each_technique(F&& f) {
    std::apply([&](const auto&... entry) { (f(entry), ...); }, TECHNIQUES);
}

} // namespace flotilla::search
