// What a follower searches when the leader's `go` arrives.
#pragma once

#include "search/limits.h"

namespace flotilla::cluster {

// The leader owns the clock and the stop, so a follower searches until the leader's
// stop: no clock, no move time, no depth (it would then sit idle, as a helper thread
// would). A node budget is shared: each of the `ranks` gets its part. Mate and
// searchmoves apply as given.
search::Limits follower_limits(const search::Limits& go, int ranks);

} // namespace flotilla::cluster
