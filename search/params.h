// Every switch and number of the search, copied into each worker at `go` so
// reading them costs no atomics. The UCI layer exposes each `enabled` as a check
// option named after the technique.
#pragma once

#include "search/selectivity/check_extension.h"
#include "search/selectivity/delta_pruning.h"
#include "search/selectivity/fail_high_reductions.h"
#include "search/selectivity/futility.h"
#include "search/selectivity/history_leaf_pruning.h"
#include "search/selectivity/internal_iterative_reductions.h"
#include "search/selectivity/late_move_pruning.h"
#include "search/selectivity/late_move_reductions.h"
#include "search/selectivity/mate_distance.h"
#include "search/selectivity/mate_threat_extension.h"
#include "search/selectivity/multi_cut.h"
#include "search/selectivity/null_move.h"
#include "search/selectivity/null_move_reductions.h"
#include "search/selectivity/one_reply_extension.h"
#include "search/selectivity/passed_pawn_extension.h"
#include "search/selectivity/probcut.h"
#include "search/selectivity/qsearch_checks.h"
#include "search/selectivity/qsearch_evasion_pruning.h"
#include "search/selectivity/qsearch_see_pruning.h"
#include "search/selectivity/razoring.h"
#include "search/selectivity/recapture_extension.h"
#include "search/selectivity/reverse_futility.h"
#include "search/selectivity/see_pruning.h"
#include "search/selectivity/singular_extension.h"
#include "search/selectivity/verified_null_move.h"
#include "search/strength.h"

namespace flotilla::search {

// Aspiration windows around the previous iteration's score, widened on failure.
struct AspirationParams {
    bool enabled = true;
    Depth minDepth = 4;
    int initialDelta = 20;
};

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
    MultiCutParams multiCut;
    MateThreatExtensionParams mateThreatExtension;
    QsearchChecksParams qsearchChecks;
    QsearchEvasionPruningParams qsearchEvasionPruning;
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

} // namespace flotilla::search
