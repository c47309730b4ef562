// Mate distance pruning (seed 001 "Mate Distance Pruning"): no line from here can
// mate faster than at the next ply nor be mated sooner than at this one, so the
// window shrinks to those bounds; an empty window is a cutoff.
#pragma once

#include "core/types.h"

#include <algorithm>
#include <optional>

namespace flotilla::search {

struct MateDistanceParams {
    bool enabled = true;
};

inline std::optional<Value> mate_distance_prune(const MateDistanceParams& p, int ply, Value& alpha,
                                                Value& beta) {
    if (!p.enabled) return std::nullopt;
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;
    return std::nullopt;
}

} // namespace flotilla::search
