// Refuted early move malus (search/refuted_early_malus.h): which prior moves get it, and
// its counter and effect in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(RefutedEarlyMalus, OnlyAnEarlyQuietPriorMoveIsPunished) {
    const RefutedEarlyMalusParams p = switched_on<RefutedEarlyMalusParams>();
    EXPECT_TRUE(refuted_early_malus_applies(p, true, true));
    EXPECT_FALSE(refuted_early_malus_applies(p, true, false)); // a late move: refutation expected
    EXPECT_FALSE(refuted_early_malus_applies(p, false, true)); // a capture or promotion
    RefutedEarlyMalusParams off;
    off.enabled = false;
    EXPECT_FALSE(refuted_early_malus_applies(off, true, true));
}

TEST(RefutedEarlyMalus, FiresInSearchAndSwitchesOff) {
    const auto [on, off] = on_and_off(&Params::refutedEarlyMalus, 10);
    EXPECT_GT(on.stats.refutedEarlyMaluses, 0u);
    EXPECT_EQ(off.stats.refutedEarlyMaluses, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes);
}
