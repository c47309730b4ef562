// Late move reductions for captures and promotions: a noisy move late in the move
// order that loses material by static exchange or has a poor capture history is
// searched shallower too, by less than a quiet move at the same depth and move number.
// The idea: Stockfish, Ethereal and Berserk reduce late captures as well as quiets.
#pragma once

#include "core/types.h"
#include "search/selectivity/late_move_reductions.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

struct CaptureReductionParams {
    bool enabled = true;
    Depth minDepth = 3;
    int tableOffset = 1;       // the quiet table's value minus this
    int historyLimit = 0;      // a capture that wins by SEE is reduced only below this history
    int historyDivisor = 4096; // one ply less (more) per this much good (bad) capture history
};

inline constexpr Counter CAPTURE_REDUCTIONS_COUNTERS[] = {
    {"CaptureReductions", &Stats::captureReductions},
};
inline constexpr Constant<CaptureReductionParams> CAPTURE_REDUCTIONS_CONSTANTS[] = {
    {"minDepth", &CaptureReductionParams::minDepth},
    {"tableOffset", &CaptureReductionParams::tableOffset},
    {"historyLimit", &CaptureReductionParams::historyLimit},
};
inline constexpr Tunable<CaptureReductionParams> CAPTURE_REDUCTIONS_TUNABLES[] = {
    {"CaptureReductionHistoryDivisor", &CaptureReductionParams::historyDivisor, 512, 65536},
};
inline constexpr Technique<CaptureReductionParams> CAPTURE_REDUCTIONS = {
    .option = "CaptureReductions",
    .unit = "selectivity/capture_reductions.h",
    .source = "Stockfish, Ethereal, Berserk (late noisy moves reduced too); not in the seeds",
    .action = "captures and promotions after the first move (two at PV nodes), not the TT move, "
              "not giving check, depth ≥ {minDepth}, when a bad capture of the move order (SEE "
              "< 0, or an underpromotion) or with capture history < {historyLimit}: LMR's table "
              "value − {tableOffset}, −1 at PV nodes, +1 at expected cut nodes, −capture "
              "history/{CaptureReductionHistoryDivisor}; re-searched like LMR (counted in "
              "`LateMoveReductionResearches`)",
    .constants = CAPTURE_REDUCTIONS_CONSTANTS,
    .tunables = CAPTURE_REDUCTIONS_TUNABLES,
    .counters = CAPTURE_REDUCTIONS_COUNTERS,
};

struct CaptureReductionContext {
    Depth depth;
    int moveCount;
    bool pvNode;
    bool cutNode;
    bool ttMove;
    bool givesCheck;
    bool badCapture; // the move picker's bad captures: SEE < 0, or an underpromotion
    int history;     // the move's capture history
};

constexpr bool capture_reduction_applies(const CaptureReductionParams& p,
                                         const CaptureReductionContext& c) {
    return p.enabled && c.depth >= p.minDepth && c.moveCount > 1 + (c.pvNode ? 1 : 0) &&
           !c.ttMove && !c.givesCheck && (c.badCapture || c.history < p.historyLimit);
}

// The reduction of a noisy move for which capture_reduction_applies. Never negative.
inline Depth capture_reduction(const CaptureReductionParams& p, const ReductionTable& t,
                               const CaptureReductionContext& c) {
    int r = t.get(c.depth, c.moveCount) - p.tableOffset;
    r -= c.pvNode;
    r += c.cutNode;
    r -= c.history / p.historyDivisor;
    return std::max(r, 0);
}

} // namespace flotilla::search
