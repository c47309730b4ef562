// Late move reductions with a logarithmic table of depth and move number (seed
// 001 "Late Move Reductions").
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace flotilla::search {

struct LateMoveReductionParams {
    bool enabled = true;
    Depth minDepth = 3;
    int basePercent = 75; // reduction = base + ln(depth) * ln(move) / divisor
    int divisorPercent = 225;
    int historyDivisor = 8192;  // one ply less (more) per this much good (bad) history
    int ttCaptureReduction = 0; // more for a quiet move when the TT move is a capture (0: off)
    int checkReduction = 0;     // less for a move that gives check (0: off)
    int cutNodeReduction = 1;   // more at an expected cut node (Stockfish 17 adds 2)
};

inline constexpr Tunable<LateMoveReductionParams> LATE_MOVE_REDUCTIONS_TUNABLES[] = {
    {"LmrBasePercent", &LateMoveReductionParams::basePercent, 0, 300},
    {"LmrDivisorPercent", &LateMoveReductionParams::divisorPercent, 100, 1000},
    {"LmrHistoryDivisor", &LateMoveReductionParams::historyDivisor, 1024, 65536},
    {"LateMoveReductionTtCapture", &LateMoveReductionParams::ttCaptureReduction, 0, 4},
    {"LateMoveReductionCheck", &LateMoveReductionParams::checkReduction, 0, 4},
    {"LmrCutNodeReduction", &LateMoveReductionParams::cutNodeReduction, 0, 4},
};

inline constexpr Counter LATE_MOVE_REDUCTIONS_COUNTERS[] = {
    {"LateMoveReductions", &Stats::lateMoveReductions},
    {"LateMoveReductionResearches", &Stats::lateMoveResearches},
};
inline constexpr Constant<LateMoveReductionParams> LATE_MOVE_REDUCTIONS_CONSTANTS[] = {
    {"minDepth", &LateMoveReductionParams::minDepth},
};
inline constexpr Technique<LateMoveReductionParams> LATE_MOVE_REDUCTIONS = {
    .option = "LateMoveReductions",
    .unit = "selectivity/late_move_reductions.h",
    .source = "seed 001 *Late Move Reductions*",
    .action =
        "quiet moves after the first (two at PV nodes), depth ≥ {minDepth}: `r = "
        "{LmrBasePercent}/100 + "
        "ln(depth)·ln(move)/({LmrDivisorPercent}/100)`, −1 at PV nodes, −1 for killers, "
        "+{LmrCutNodeReduction} at "
        "expected cut nodes, "
        "+1 when not improving, −history/{LmrHistoryDivisor}, +{LateMoveReductionTtCapture} when "
        "the TT move is a capture, −{LateMoveReductionCheck} for a move that gives check; "
        "re-search at full depth when the reduced search beats alpha",
    .constants = LATE_MOVE_REDUCTIONS_CONSTANTS,
    .tunables = LATE_MOVE_REDUCTIONS_TUNABLES,
    .counters = LATE_MOVE_REDUCTIONS_COUNTERS,
};

// Built from the params at `go`, once per worker.
class ReductionTable {
  public:
    explicit ReductionTable(const LateMoveReductionParams& p) {
        for (int d = 1; d < SIZE; ++d)
            for (int m = 1; m < SIZE; ++m)
                table[d][m] = int(p.basePercent / 100.0 +
                                  std::log(d) * std::log(m) / (p.divisorPercent / 100.0));
    }
    int get(Depth depth, int moveCount) const {
        return table[std::min(depth, SIZE - 1)][std::min(moveCount, SIZE - 1)];
    }

  private:
    static constexpr int SIZE = 64;
    std::array<std::array<int, SIZE>, SIZE> table{};
};

struct ReductionContext {
    Depth depth;
    int moveCount;
    bool pvNode;
    bool cutNode;
    bool improving;
    bool quiet;
    bool killer;
    int history;                // the move's combined quiet history
    bool ttCapture;             // the node's TT move is a capture
    bool givesCheck;            // the move gives check
    Depth ttPvLess = 0;         // plies less at a node that was on a PV (selectivity/tt_pv.h)
    Depth cutoffCountPly = 0;   // plies more when the children cut often (lmr_cutoff_count.h)
    int uncertaintyHistory = 0; // more history after a large correction (correction_uncertainty.h)
};

// Quiet moves after the first (the first two at PV nodes), deep enough; the others
// are searched at full depth.
constexpr bool late_move_reduction_applies(const LateMoveReductionParams& p,
                                           const ReductionContext& c) {
    return p.enabled && c.quiet && c.depth >= p.minDepth && c.moveCount > 1 + (c.pvNode ? 1 : 0);
}

// Less for PV nodes, killers, good history and checks; more for expected cut nodes,
// nodes that are not improving, bad history and when the TT move is a capture (the
// idea from Stockfish's ttCapture). Never negative.
inline Depth late_move_reduction(const LateMoveReductionParams& p, const ReductionTable& t,
                                 const ReductionContext& c) {
    int r = t.get(c.depth, c.moveCount);
    r -= c.pvNode;
    r -= c.killer;
    r += c.cutNode ? p.cutNodeReduction : 0;
    r += !c.improving;
    r -= (c.history + c.uncertaintyHistory) / p.historyDivisor;
    r += c.ttCapture ? p.ttCaptureReduction : 0;
    r -= c.givesCheck ? p.checkReduction : 0;
    r -= c.ttPvLess;
    r += c.cutoffCountPly;
    return std::max(r, 0);
}

} // namespace flotilla::search
