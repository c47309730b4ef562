// Opponent worsening (search/selectivity/opponent_worsening.h): when it holds, the
// smaller reverse futility margin, never below 0, and its counter in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

TEST(OpponentWorsening, HoldsWhenTheEvalBeatsTheParentsNegatedOnlyWhenBothAreKnown) {
    const OpponentWorseningParams p = switched_on<OpponentWorseningParams>();
    EXPECT_TRUE(opponent_worsening(p, 50, -40));          // 50 > 40: the opponent's move cost them
    EXPECT_FALSE(opponent_worsening(p, 40, -40));         // as good as before: not worsening
    EXPECT_TRUE(opponent_worsening(p, -60, 100));         // +100 for them before, +60 now
    EXPECT_FALSE(opponent_worsening(p, -60, 40));         // +40 for them before, +60 now: improved
    EXPECT_FALSE(opponent_worsening(p, 50, VALUE_NONE));  // the parent was in check
    EXPECT_FALSE(opponent_worsening(p, VALUE_NONE, -40)); // in check
    OpponentWorseningParams off;
    off.enabled = false;
    EXPECT_FALSE(opponent_worsening(off, 50, -40));
}

TEST(OpponentWorsening, ShrinksTheReverseFutilityMarginButNeverBelowZero) {
    const OpponentWorseningParams p = switched_on<OpponentWorseningParams>();
    const ReverseFutilityParams rfp;
    const Value margin = reverse_futility_margin(rfp, 2, false); // 176
    EXPECT_EQ(worsening_margin(p, margin, rfp.marginPerDepth, false), margin);
    const Value smaller = worsening_margin(p, margin, rfp.marginPerDepth, true);
    EXPECT_EQ(smaller, margin - rfp.marginPerDepth * p.rfpPercent / 100);
    // At depth 1 while improving the margin is already 0: an eval below beta never cuts.
    EXPECT_EQ(worsening_margin(p, reverse_futility_margin(rfp, 1, true), rfp.marginPerDepth, true),
              0);
    // An eval the full margin keeps searching, the smaller one prunes.
    const Value beta = 100, eval = beta + smaller;
    EXPECT_FALSE(reverse_futility_prunes(rfp, 2, eval, beta, margin));
    EXPECT_TRUE(reverse_futility_prunes(rfp, 2, eval, beta, smaller));
}

TEST(OpponentWorsening, FiresInSearchAndSwitchesOff) {
    Params switchedOn;
    switchedOn.opponentWorsening.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(10), switchedOn);
    EXPECT_GT(on.stats.opponentWorseningCutoffs, 0u);
    EXPECT_LE(on.stats.opponentWorseningCutoffs, on.stats.reverseFutilityCutoffs);
    Params off;
    off.opponentWorsening.enabled = false;
    const auto none = run_search(MIDDLEGAME, depth_limit(10), off);
    EXPECT_EQ(none.stats.opponentWorseningCutoffs, 0u);
}
