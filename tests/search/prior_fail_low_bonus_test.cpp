// Prior move bonus on a fail low (search/prior_fail_low_bonus.h): how many bonuses the
// prior move gets, and its counter and effect in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(PriorFailLowBonus, DeepPvCutOrFarFailLowsEarnIt) {
    const PriorFailLowBonusParams p = switched_on<PriorFailLowBonusParams>();
    const Value alpha = 0;
    EXPECT_EQ(prior_fail_low_bonus_times(p, p.minDepth, false, false, -10, alpha), 1);
    EXPECT_EQ(prior_fail_low_bonus_times(p, p.minDepth - 1, false, false, -10, alpha), 0);
    EXPECT_EQ(prior_fail_low_bonus_times(p, p.minDepth, false, true, -10, alpha), 2); // cut node
    EXPECT_EQ(prior_fail_low_bonus_times(p, 2, true, false, -10, alpha), 2);          // PV
    // Far below alpha: shallow is enough, and it doubles.
    EXPECT_EQ(prior_fail_low_bonus_times(p, 2, false, false, -2 * p.farPerDepth - 1, alpha), 2);
    EXPECT_EQ(prior_fail_low_bonus_times(p, 2, false, false, -2 * p.farPerDepth, alpha), 0);
    PriorFailLowBonusParams off;
    off.enabled = false;
    EXPECT_EQ(prior_fail_low_bonus_times(off, 20, true, true, -1000, alpha), 0);
}

TEST(PriorFailLowBonus, FiresInSearchAndSwitchesOff) {
    const auto [on, off] = on_and_off(&Params::priorFailLowBonus, 10);
    EXPECT_GT(on.stats.priorFailLowBonuses, 0u);
    EXPECT_EQ(off.stats.priorFailLowBonuses, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes); // the histories it moved reorder the moves
}
