#include "search/time_manager.h"

#include <algorithm>
#include <cmath>

namespace flotilla::search {

int estimated_moves_to_go(int gamePly, std::int64_t clockMs) {
    // The horizon widens from 45 moves with a minute or less on the clock to 60 with
    // half an hour or more, evenly in log time: in a long game each extra second buys
    // less, so spreading the clock beats spending it in the opening.
    const double span = std::log2(30.0);
    const double t = std::clamp(
        std::log2(double(std::max<std::int64_t>(clockMs, 1)) / 60000.0) / span, 0.0, 1.0);
    const int start = 45 + int(15.0 * t);
    const int movesPlayed = std::max(0, gamePly) / 2;
    return std::max(25, start - movesPlayed / 2);
}

TimePlan plan_time(const Limits& limits, Color us, int moveOverheadMs, int gamePly) {
    TimePlan plan;
    const std::int64_t overhead = std::max(0, moveOverheadMs);
    if (limits.moveTime >= 0) {
        plan.soft = plan.hard = std::max<std::int64_t>(1, limits.moveTime - overhead);
        return plan;
    }
    if (limits.time[us] < 0 || limits.infinite) return plan;

    const std::int64_t time = limits.time[us];
    const std::int64_t left = std::max<std::int64_t>(1, time - overhead);
    const int movesToGo = limits.movesToGo > 0 ? std::min(limits.movesToGo, 50)
                                               : estimated_moves_to_go(gamePly, time);
    const std::int64_t increment = std::max(0, limits.increment[us]);

    // The time for the planned moves: the clock, the increments still to come, less
    // the overhead of each of them and two more as a reserve.
    const std::int64_t budget =
        std::max<std::int64_t>(1, time + increment * (movesToGo - 1) - overhead * (movesToGo + 2));
    const std::int64_t soft = budget / movesToGo;
    // The largest share of the clock one move may take.
    const double capFraction = movesToGo == 1 ? 0.8 : std::min(0.5, 3.0 / movesToGo);
    const auto cap = static_cast<std::int64_t>(double(left) * capFraction);
    plan.hard = std::clamp<std::int64_t>(std::min(cap, soft * 4), 1, left);
    plan.soft = std::clamp<std::int64_t>(soft, 1, plan.hard);
    plan.scalable = true;
    return plan;
}

double stability_factor(int stableIterations, int scoreDrop) {
    double moveFactor = 1.0;
    if (stableIterations <= 0)
        moveFactor = 1.6; // changed in the last iteration
    else if (stableIterations == 1)
        moveFactor = 1.25; // changed one iteration earlier
    else if (stableIterations >= 8)
        moveFactor = 0.6; // long settled
    else if (stableIterations >= 5)
        moveFactor = 0.8;
    // Up to +50% when the score fell by a pawn or more.
    const double scoreFactor = 1.0 + std::clamp(scoreDrop, 0, 100) / 200.0;
    return std::clamp(moveFactor * scoreFactor, 0.5, 2.5);
}

std::int64_t scaled_soft_limit(const TimePlan& plan, double factor) {
    if (!plan.scalable) return plan.soft;
    const double scaled = double(plan.soft) * factor;
    if (scaled >= double(plan.hard)) return plan.hard;
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(scaled));
}

} // namespace flotilla::search
