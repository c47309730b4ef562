// Time plans: within the clock, more time with increment, movetime honoured.
#include "search/time_manager.h"

#include <gtest/gtest.h>

using namespace flotilla;
using namespace flotilla::search;

namespace {
Limits clock_limits(int time, int inc, int movesToGo = 0) {
    Limits l;
    l.time[WHITE] = l.time[BLACK] = time;
    l.increment[WHITE] = l.increment[BLACK] = inc;
    l.movesToGo = movesToGo;
    return l;
}
} // namespace

TEST(TimeManager, NeverExceedsTheClock) {
    for (int time : {1, 5, 20, 100, 1000, 60000, 7200000})
        for (int inc : {0, 10, 100, 10000})
            for (int mtg : {0, 1, 2, 40})
                for (int overhead : {0, 10, 50}) {
                    const TimePlan p = plan_time(clock_limits(time, inc, mtg), WHITE, overhead);
                    EXPECT_GE(p.soft, 1);
                    EXPECT_LE(p.soft, p.hard);
                    // At most the time left after the overhead (1 ms floor when none is left).
                    EXPECT_LE(p.hard, std::max(1, time - overhead))
                        << time << " " << inc << " " << mtg << " " << overhead;
                }
}

TEST(TimeManager, Shape) {
    // 60 s, no increment, 30 moves assumed: 2 s soft, hard 4x soft.
    TimePlan p = plan_time(clock_limits(60000, 0), WHITE, 0);
    EXPECT_EQ(p.soft, 2000);
    EXPECT_EQ(p.hard, 8000);
    // The increment adds three quarters of itself.
    EXPECT_EQ(plan_time(clock_limits(60000, 1000), WHITE, 0).soft, 2750);
    // One move to the time control: most of the clock is usable.
    EXPECT_GT(plan_time(clock_limits(10000, 0, 1), WHITE, 0).hard, 5000);
    // Fixed move time, minus the overhead.
    Limits fixed;
    fixed.moveTime = 500;
    p = plan_time(fixed, BLACK, 20);
    EXPECT_EQ(p.soft, 480);
    EXPECT_EQ(p.hard, 480);
    // No clock at all: unlimited.
    EXPECT_EQ(plan_time(Limits{}, WHITE, 10).hard, TimePlan::UNLIMITED);
    // Only the side to move's clock counts.
    Limits onlyBlack;
    onlyBlack.time[BLACK] = 3000;
    EXPECT_EQ(plan_time(onlyBlack, WHITE, 0).hard, TimePlan::UNLIMITED);
    EXPECT_LT(plan_time(onlyBlack, BLACK, 0).hard, 3000);
}
