// Internal iterative reductions by node type (search/selectivity/iir_conditions.h): where
// the second ply is taken, and its counter in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(IirConditions, PvNodesAndDeepCutNodesTakeASecondPly) {
    const IirConditionsParams p = switched_on<IirConditionsParams>();
    EXPECT_EQ(iir_extra_ply(p, 1, 4, true, false), 1);                     // PV
    EXPECT_EQ(iir_extra_ply(p, 1, p.cutNodeMinDepth, false, true), 1);     // deep cut node
    EXPECT_EQ(iir_extra_ply(p, 1, p.cutNodeMinDepth - 1, false, true), 0); // shallow cut node
    EXPECT_EQ(iir_extra_ply(p, 1, 12, false, false), 0);                   // an all-node
    EXPECT_EQ(iir_extra_ply(p, 0, 12, true, false), 0); // no reduction to add to (a TT move)
    IirConditionsParams off;
    off.enabled = false;
    EXPECT_EQ(iir_extra_ply(off, 1, 12, true, true), 0);
}

TEST(IirConditions, FiresInSearchAndSwitchesOff) {
    const auto [on, off] = on_and_off(&Params::iirConditions, 10);
    EXPECT_GT(on.stats.iirConditionsExtraPlies, 0u);
    EXPECT_LE(on.stats.iirConditionsExtraPlies, on.stats.internalIterativeReductions);
    EXPECT_EQ(off.stats.iirConditionsExtraPlies, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes);
}
