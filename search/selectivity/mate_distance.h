// Mate distance pruning (seed 001 "Mate Distance Pruning"): no line from here can
// mate faster than at the next ply nor be mated sooner than at this one, so the
// window shrinks to those bounds; an empty window is a cutoff.
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <algorithm>
#include <optional>

namespace flotilla::search {

struct MateDistanceParams {
    bool enabled = true;
};

inline constexpr Counter MATE_DISTANCE_COUNTERS[] = {
    {"MateDistancePruning", &Stats::mateDistanceCutoffs},
};
inline constexpr Technique<MateDistanceParams> MATE_DISTANCE = {
    .option = "MateDistancePruning",
    .unit = "selectivity/mate_distance.h",
    .source = "seed 001 *Mate Distance Pruning*",
    .action = "clamp the window to `[mated_in(ply), mate_in(ply+1)]`, cut when empty",
    .counters = MATE_DISTANCE_COUNTERS,
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
