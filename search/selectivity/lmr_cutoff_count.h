// Late move reductions by the children's cutoffs: while the moves of a node are searched,
// count the beta cutoffs of the nodes one ply below it; when more than a few of its
// children already failed high (their own moves refuted this node's moves), the node is
// probably an all-node, and its later quiet moves are reduced one ply more. The idea
// from Stockfish's `cutoffCnt` (2022, "+1 if the child had more than 3 cutoffs");
// written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct LmrCutoffCountParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    int threshold = 3;    // more child cutoffs than this add the ply
};

inline constexpr Tunable<LmrCutoffCountParams> LMR_CUTOFF_COUNT_TUNABLES[] = {
    {"LmrCutoffCountThreshold", &LmrCutoffCountParams::threshold, 0, 64},
};
inline constexpr Counter LMR_CUTOFF_COUNT_COUNTERS[] = {
    {"LmrCutoffCountReductions", &Stats::lmrCutoffCountReductions},
};
inline constexpr Technique<LmrCutoffCountParams> LMR_CUTOFF_COUNT = {
    .option = "LmrCutoffCount",
    .unit = "selectivity/lmr_cutoff_count.h",
    .source = "Stockfish's `cutoffCnt` (2022); not in the seeds",
    .action = "each node counts the beta cutoffs of its move loop (`StackEntry::cutoffCount`, "
              "reset for the grandchildren's ply when a node starts); a quiet move that late "
              "move reductions reduce gets one ply more when the children of its node have "
              "cut more than {LmrCutoffCountThreshold} times (the counter: those plies)",
    .tunables = LMR_CUTOFF_COUNT_TUNABLES,
    .counters = LMR_CUTOFF_COUNT_COUNTERS,
};

// The plies it adds to a late move reduction; `childCutoffs` is (ss + 1)->cutoffCount.
constexpr Depth lmr_cutoff_count_ply(const LmrCutoffCountParams& p, int childCutoffs) {
    return p.enabled && childCutoffs > p.threshold ? 1 : 0;
}

} // namespace flotilla::search
