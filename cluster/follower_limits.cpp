#include "cluster/follower_limits.h"

#include <algorithm>

namespace flotilla::cluster {

search::Limits follower_limits(const search::Limits& go, int ranks) {
    search::Limits f;
    f.infinite = true;
    if (go.nodes > 0)
        f.nodes = std::max<std::uint64_t>(1, go.nodes / std::uint64_t(std::max(ranks, 1)));
    f.mate = go.mate;
    f.searchMoves = go.searchMoves;
    f.startedAt = go.startedAt;
    return f;
}

} // namespace flotilla::cluster
