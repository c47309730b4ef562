// Node-based time management: after each iteration, the soft limit also follows the share
// of the search's nodes that went to the best root move. A move that took nearly all the
// effort is settled (less time); one whose subtree was small beside its rivals' is
// contested (more time).
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <algorithm>
#include <cstdint>

namespace flotilla::search {

struct NodeTimeParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    int base = 150;       // factor = (base − 100·share) · scale / 10,000, share in [0, 1]
    int scale = 135;      // so 0.675 when the best move took every node, 2.03 when it took none
};

inline constexpr Tunable<NodeTimeParams> NODE_TIME_TUNABLES[] = {
    {"NodeTimeBase", &NodeTimeParams::base, 100, 300},
    {"NodeTimeScale", &NodeTimeParams::scale, 10, 400},
};
// The rule (1.5 − share) × 1.35 as in Koivisto, Berserk and other engines' node-based
// time management; the numbers are tunables here.
inline constexpr Technique<NodeTimeParams> NODE_TIME_MANAGEMENT = {
    .option = "NodeTimeManagement",
    .unit = "node_time.h",
    .source = "node-based time management (Koivisto, Berserk, Patricia: the best move's share "
              "of the nodes); not in the seeds",
    .action = "with a clock, after each completed iteration the soft limit (already scaled by "
              "the best move's stability and the score's fall) is multiplied by "
              "`({NodeTimeBase} − 100·share)·{NodeTimeScale}/10000`, share being the fraction "
              "of the main thread's nodes spent below the best root move since the `go`; the "
              "hard limit still bounds it",
    .tunables = NODE_TIME_TUNABLES,
};

// The soft limit's factor for a best move that took `bestNodes` of `totalNodes`; 1 when
// switched off or before any node was counted.
constexpr double node_time_factor(const NodeTimeParams& p, std::uint64_t bestNodes,
                                  std::uint64_t totalNodes) {
    if (!p.enabled || totalNodes == 0) return 1.0;
    const double share = std::min(1.0, double(bestNodes) / double(totalNodes));
    return std::max(0.0, (p.base - 100.0 * share) * p.scale / 10000.0);
}

} // namespace flotilla::search
