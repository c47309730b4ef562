// Correction uncertainty: a static evaluation the correction tables moved far is one the
// network got wrong in similar positions, so it is trusted less: a late quiet move there is
// reduced less, and reverse futility pruning needs a wider margin.
// The idea from Stockfish e7e78aa09 (|correction| in LMR) and 1611b9c94 (in the reverse
// futility margin); written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <cstdlib>

namespace flotilla::search {

struct CorrectionUncertaintyParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    // Each cp of correction counts as this much good history in LMR. Stockfish takes a
    // ply off per about 230 cp of correction, and per about 13,000 of its history; with
    // Flotilla's ply per 8,192 of history (LmrHistoryDivisor) that is 35 a cp.
    int lmrHistoryPerCp = 35;
    int rfpPercent = 75; // the reverse futility margin grows by this share (Stockfish: 77 %)
};

inline constexpr Tunable<CorrectionUncertaintyParams> CORRECTION_UNCERTAINTY_TUNABLES[] = {
    {"UncertaintyLmrHistory", &CorrectionUncertaintyParams::lmrHistoryPerCp, 0, 1000},
    {"UncertaintyRfpPercent", &CorrectionUncertaintyParams::rfpPercent, 0, 400},
};
inline constexpr Counter CORRECTION_UNCERTAINTY_COUNTERS[] = {
    {"UncertaintyReductionsLess", &Stats::uncertaintyReductionsLess},
    {"UncertaintyReverseFutilitySkips", &Stats::uncertaintyReverseFutilitySkips},
};
inline constexpr Technique<CorrectionUncertaintyParams> CORRECTION_UNCERTAINTY = {
    .option = "CorrectionUncertainty",
    .unit = "selectivity/correction_uncertainty.h",
    .source = "Stockfish e7e78aa09 and 1611b9c94 (the correction's size in LMR and in the reverse "
              "futility margin); not in the seeds",
    .action =
        "with `CorrectionHistory` on, `c` = |corrected − raw static eval| at a node not in "
        "check: a late quiet move's history in LMR counts `{UncertaintyLmrHistory}·c` more (a ply "
        "less per `LmrHistoryDivisor` of it, with the move's own history), and the "
        "reverse futility margin grows by `{UncertaintyRfpPercent}·c/100`. Counters: the "
        "plies taken off, the reverse futility cutoffs the wider margin withheld",
    .tunables = CORRECTION_UNCERTAINTY_TUNABLES,
    .counters = CORRECTION_UNCERTAINTY_COUNTERS,
};

// How far the correction moved the static evaluation (0 in check: there is none).
constexpr int correction_size(Value corrected, Value raw) {
    return corrected == VALUE_NONE || raw == VALUE_NONE ? 0 : std::abs(corrected - raw);
}

// History that LMR counts beside the move's own (ReductionContext::uncertaintyHistory).
constexpr int uncertainty_history(const CorrectionUncertaintyParams& p, int size) {
    return p.enabled ? size * p.lmrHistoryPerCp : 0;
}

// The reverse futility margin widened by a share of the correction.
constexpr Value uncertainty_margin(const CorrectionUncertaintyParams& p, Value margin, int size) {
    return p.enabled ? margin + size * p.rfpPercent / 100 : margin;
}

} // namespace flotilla::search
