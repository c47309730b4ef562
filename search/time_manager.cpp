#include "search/time_manager.h"

#include <algorithm>

namespace flotilla::search {

TimePlan plan_time(const Limits& limits, Color us, int moveOverheadMs) {
    TimePlan plan;
    const std::int64_t overhead = std::max(0, moveOverheadMs);
    if (limits.moveTime >= 0) {
        plan.soft = plan.hard = std::max<std::int64_t>(1, limits.moveTime - overhead);
        return plan;
    }
    if (limits.time[us] < 0 || limits.infinite) return plan;

    const std::int64_t left = std::max<std::int64_t>(1, limits.time[us] - overhead);
    const int movesToGo = limits.movesToGo > 0 ? std::min(limits.movesToGo, 50) : 30;
    const std::int64_t increment = std::max(0, limits.increment[us]);

    const std::int64_t soft = left / movesToGo + increment * 3 / 4;
    const std::int64_t cap = movesToGo == 1 ? left * 8 / 10 : left * 3 / 10;
    plan.hard = std::max<std::int64_t>(1, std::min(cap, soft * 4));
    plan.soft = std::max<std::int64_t>(1, std::min(soft, plan.hard));
    return plan;
}

} // namespace flotilla::search
