// Hindsight depth (search/selectivity/hindsight_depth.h): the rule, and its counters in a
// search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(HindsightDepth, ADeepReductionOfAMoveThatDidNotWorsenGetsAPlyBack) {
    const HindsightDepthParams p = switched_on<HindsightDepthParams>();
    // eval <= -parentEval: the opponent's move did not worsen their position.
    EXPECT_EQ(hindsight_depth(p, p.extendReduction, 6, -30, 30), 1);
    EXPECT_EQ(hindsight_depth(p, p.extendReduction, 6, -40, 30), 1);
    EXPECT_EQ(hindsight_depth(p, p.extendReduction - 1, 6, -40, 30), 0); // not deep enough
    EXPECT_EQ(hindsight_depth(p, p.extendReduction, 6, -20, 30), 0);     // worsening: no ply
}

TEST(HindsightDepth, AMoveThatCostTheOpponentMuchLosesAPly) {
    const HindsightDepthParams p = switched_on<HindsightDepthParams>();
    const Value parent = 100, above = p.reduceEvalSum - parent + 1;
    EXPECT_EQ(hindsight_depth(p, p.reduceReduction, 6, above, parent), -1);
    EXPECT_EQ(hindsight_depth(p, p.reduceReduction, 6, above - 1, parent), 0); // at the sum
    EXPECT_EQ(hindsight_depth(p, p.reduceReduction - 1, 6, above, parent), 0);
    EXPECT_EQ(hindsight_depth(p, p.reduceReduction, 1, above, parent), 0); // depth 1 stays
}

TEST(HindsightDepth, NothingWithoutAReductionBothEvalsOrTheSwitch) {
    const HindsightDepthParams p = switched_on<HindsightDepthParams>();
    EXPECT_EQ(hindsight_depth(p, 0, 6, -500, 30), 0);
    EXPECT_EQ(hindsight_depth(p, 5, 6, VALUE_NONE, 30), 0);
    EXPECT_EQ(hindsight_depth(p, 5, 6, -500, VALUE_NONE), 0);
    HindsightDepthParams off;
    off.enabled = false;
    EXPECT_EQ(hindsight_depth(off, 5, 6, -500, 30), 0);
    EXPECT_EQ(hindsight_depth(off, 5, 6, 500, 30), 0);
}

TEST(HindsightDepth, FiresInSearchAndSwitchesOff) {
    const auto [on, off] = on_and_off(&Params::hindsightDepth, 10);
    EXPECT_GT(on.stats.hindsightExtensions, 0u);
    EXPECT_GT(on.stats.hindsightReductions, 0u);
    EXPECT_EQ(off.stats.hindsightExtensions + off.stats.hindsightReductions, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes);
}
