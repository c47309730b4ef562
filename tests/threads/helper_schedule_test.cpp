// Lazy SMP's depth schedule: the main thread searches every depth, every thread depth 1,
// and the helpers skip in blocks of one or two depths at different offsets.
#include "threads/helper_schedule.h"

#include <gtest/gtest.h>

#include <string>

namespace flotilla::threads {
namespace {

// 'x' for a searched depth, '.' for a skipped one, depths 1 to `last`.
std::string pattern(int index, int last = 9) {
    const HelperSchedule schedule(index);
    std::string s;
    for (Depth d = 1; d <= last; ++d) s += schedule.searches(d) ? 'x' : '.';
    return s;
}

TEST(HelperSchedule, MainThreadSearchesEveryDepth) { EXPECT_EQ(pattern(0), "xxxxxxxxx"); }

TEST(HelperSchedule, HelpersSkipInBlocksAtDifferentOffsets) {
    EXPECT_EQ(pattern(1), "xx.x.x.x.");
    EXPECT_EQ(pattern(2), "x.x.x.x.x");
    EXPECT_EQ(pattern(3), "xxx..xx..");
    EXPECT_EQ(pattern(4), "xx..xx..x");
    EXPECT_EQ(pattern(5), "xx.x.x.x."); // the pattern repeats every four helpers
}

TEST(HelperSchedule, SomeHelperSearchesEveryDepth) {
    for (Depth d = 1; d <= 64; ++d) {
        bool any = false;
        for (int index = 1; index <= 4; ++index) any = any || HelperSchedule(index).searches(d);
        EXPECT_TRUE(any) << d;
    }
}

} // namespace
} // namespace flotilla::threads
