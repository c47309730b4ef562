// What the threads of one search share, handed to each worker with the search. A worker
// knows nothing else of the other threads: neither how many there are nor its own index.
// (The shared transposition table is given once, when the worker is made.)
#pragma once

#include "core/types.h"

#include <atomic>
#include <cstdint>

namespace flotilla::search {

// The diversity strategy of a parallel search: which root depths this worker searches.
class IterationSchedule {
  public:
    virtual ~IterationSchedule() = default;
    // False for a depth this worker skips. Depth 1 must be searched: every thread needs a
    // finished iteration to have a move.
    virtual bool searches(Depth depth) const = 0;
};

struct SharedSearch {
    // Raised by anyone to end the search; a worker raises it itself at its own limits.
    std::atomic<bool>& stop;
    // `go nodes` over several threads: each adds its nodes here in batches of 1024 and
    // stops when the sum reaches limits.nodes (the total may overshoot by about 2048
    // nodes per thread). Null: the worker's own count decides, exactly.
    std::atomic<std::uint64_t>* nodeBudget = nullptr;
    // `go ponder`: the time plan starts when this becomes true (raised by any thread);
    // until then the clock is ignored. Null: a ponder search never gets one.
    const std::atomic<bool>* ponderhit = nullptr;
    // Null: every depth.
    const IterationSchedule* schedule = nullptr;
};

} // namespace flotilla::search
