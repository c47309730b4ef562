// How long to think: a soft limit (do not start another iteration after it) and
// a hard limit (abort the search), both in milliseconds from the `go`.
#pragma once

#include "core/types.h"
#include "search/limits.h"

#include <chrono>
#include <cstdint>

namespace flotilla::search {

struct TimePlan {
    static constexpr std::int64_t UNLIMITED = INT64_MAX;
    std::int64_t soft = UNLIMITED;
    std::int64_t hard = UNLIMITED;
};

// Plan for `us` under `limits`. With a clock: soft = time/movestogo (30 when not
// given) + 3/4 of the increment; hard = min(30% of the time, 4 x soft) (80% with
// one move to go); both after subtracting the move overhead and never above the
// time left. movetime gives soft = hard = movetime - overhead. Otherwise unlimited.
TimePlan plan_time(const Limits& limits, Color us, int moveOverheadMs);

// Milliseconds since construction, from a monotonic clock.
class Stopwatch {
  public:
    Stopwatch() : start(std::chrono::steady_clock::now()) {}
    std::int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
            .count();
    }

  private:
    std::chrono::steady_clock::time_point start;
};

} // namespace flotilla::search
