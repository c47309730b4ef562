// Multi-cut pruning (Björnsson & Marsland 1998/2001, "Multi-cut Alpha-Beta Pruning
// in Game Tree Search", Theoretical Computer Science 252; seed 001 "Multi-Cut"): at
// an expected cut-node, when C of the first M moves already fail high in a search
// R plies shallower, the node is cut with beta.
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <cstdlib>

namespace flotilla::search {

struct MultiCutParams {
    bool enabled = false; // measured in docs/search.md: it grows the bench tree
    Depth minDepth = 8;
    int moves = 6;       // M: moves tried at most
    int cutoffs = 3;     // C: fail-highs needed
    Depth reduction = 3; // R: the probes search depth - 1 - R
};

inline constexpr Counter MULTI_CUT_COUNTERS[] = {
    {"MultiCutTried", &Stats::multiCutTried},
    {"MultiCutCutoffs", &Stats::multiCutCutoffs},
};
inline constexpr Constant<MultiCutParams> MULTI_CUT_CONSTANTS[] = {
    {"minDepth", &MultiCutParams::minDepth},
    {"moves", &MultiCutParams::moves},
    {"cutoffs", &MultiCutParams::cutoffs},
    {"reduction", &MultiCutParams::reduction},
};
inline constexpr Technique<MultiCutParams> MULTI_CUT = {
    .option = "MultiCut",
    .unit = "selectivity/multi_cut.h",
    .source =
        "Björnsson & Marsland 2001 (*Multi-cut alpha-beta pruning*, TCS 252); seed 001 *Multi-Cut*",
    .action =
        "**default off** (it grows the bench tree, below): at expected cut-nodes, non-PV, depth ≥ "
        "{minDepth}: the first M = {moves} moves (main move order) with a null window at `depth − "
        "1 − "
        "{reduction}`; C = {cutoffs} "
        "fail-highs return beta (the paper's hard bound); it stops early once C is out of reach",
    .constants = MULTI_CUT_CONSTANTS,
    .counters = MULTI_CUT_COUNTERS,
};

constexpr bool multi_cut_applies(const MultiCutParams& p, Depth depth, bool cutNode, bool pvNode,
                                 Value beta) {
    return p.enabled && cutNode && !pvNode && depth >= p.minDepth && !is_decisive(beta);
}

constexpr Depth multi_cut_probe_depth(const MultiCutParams& p, Depth depth) {
    return depth - 1 - p.reduction;
}

// After `tried` probes of which `failHighs` failed high: true once the cut is proven.
constexpr bool multi_cut_proven(const MultiCutParams& p, int failHighs) {
    return failHighs >= p.cutoffs;
}

// True while more probes could still reach C cutoffs within M moves.
constexpr bool multi_cut_continue(const MultiCutParams& p, int tried, int failHighs) {
    return tried < p.moves && failHighs + (p.moves - tried) >= p.cutoffs;
}

} // namespace flotilla::search
