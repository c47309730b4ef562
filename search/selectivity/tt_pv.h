// The TT-PV flag: a node is "ttPv" when it is a PV node or its TT entry says the position
// was on a principal variation when stored; the flag is stored with every entry (one bit
// of the check word, search/tt.cpp) and keeps such positions' late moves less reduced and
// the positions themselves out of reverse futility pruning.
// Idea from Stockfish's ttPv (ss->ttPv, TTEntry::is_pv), written here from the idea.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct TtPvParams {
    bool enabled = false;      // on when its SPRT accepts it (docs/results/pending/README.md)
    int lmrReduction = 1;      // plies less LMR at non-PV ttPv nodes; 0: the flag does nothing
    int noReverseFutility = 1; // 1: no reverse futility pruning at a ttPv node
};

inline constexpr Tunable<TtPvParams> TT_PV_TUNABLES[] = {
    {"TtPvReduction", &TtPvParams::lmrReduction, 0, 4},
    {"TtPvNoReverseFutility", &TtPvParams::noReverseFutility, 0, 1},
};
inline constexpr Counter TT_PV_COUNTERS[] = {
    {"TtPvReductions", &Stats::ttPvReductions},
    {"TtPvReverseFutilitySkips", &Stats::ttPvReverseFutilitySkips},
};
inline constexpr Technique<TtPvParams> TT_PV = {
    .option = "TtPv",
    .unit = "selectivity/tt_pv.h",
    .source = "Stockfish's `ttPv` (a TT entry remembers that its position was on a PV); not in "
              "the seeds",
    .action = "a node is ttPv when it is a PV node or its TT entry carries the pv flag (an "
              "excluded-move search keeps its node's); every TT store of search, quiescence, "
              "ProbCut and the tablebase probe carries the node's flag (not exported to the "
              "cluster). A late move at a non-PV ttPv node is reduced {TtPvReduction} ply less "
              "(PV nodes keep LMR's own −1; an expected cut node keeps its +1); with "
              "`TtPvNoReverseFutility` at 1 ({TtPvNoReverseFutility} by default) a ttPv node is "
              "never cut by reverse futility pruning (the counter: the cutoffs it withheld). "
              "Off: the flag is never set, and the search is as without it",
    .tunables = TT_PV_TUNABLES,
    .counters = TT_PV_COUNTERS,
};

// True when the flag withholds a reverse futility cutoff (Stockfish 12-15's `!ss->ttPv`
// in its condition: a position once on a PV is worth searching, not guessing).
constexpr bool tt_pv_blocks_reverse_futility(const TtPvParams& p, bool ttPv) {
    return p.enabled && ttPv && p.noReverseFutility != 0;
}

// The node's flag, from its window and its TT entry's flag.
constexpr bool tt_pv(const TtPvParams& p, bool pvNode, bool entryPv) {
    return p.enabled && (pvNode || entryPv);
}

// Plies less late move reduction (ReductionContext::ttPvLess). Only where the flag says more
// than the window does: a PV node already gets LMR's −1.
constexpr Depth tt_pv_reduction_less(const TtPvParams& p, bool ttPv, bool pvNode) {
    return p.enabled && ttPv && !pvNode ? p.lmrReduction : 0;
}

} // namespace flotilla::search
