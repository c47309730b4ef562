// Futility pruning of quiet moves at frontier and pre-frontier nodes (seed 001
// "Futility Pruning", Heinz's frontier and extended futility pruning).
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct FutilityParams {
    bool enabled = true;
    Depth maxDepth = 6;
    int base = 60;
    int perDepth = 100;
};

constexpr Value futility_margin(const FutilityParams& p, Depth depth) {
    return p.base + p.perDepth * depth;
}

// A quiet move that does not give check, from a node not in check, whose static
// eval plus a margin cannot reach alpha, is skipped.
constexpr bool futility_prunes(const FutilityParams& p, Depth depth, Value staticEval, Value alpha,
                               bool quiet, bool givesCheck, bool inCheck) {
    return p.enabled && quiet && !givesCheck && !inCheck && depth <= p.maxDepth &&
           staticEval + futility_margin(p, depth) <= alpha;
}

} // namespace flotilla::search
