// TT move bonus (search/tt_move_bonus.h): which TT cutoffs reward their move, and the
// counter in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

TEST(TtMoveBonus, OnlyAFailHighWithAQuietMoveIsRewarded) {
    const TtMoveBonusParams p = switched_on<TtMoveBonusParams>();
    EXPECT_TRUE(tt_move_bonus_applies(p, 50, 50, true));   // at beta: a fail high
    EXPECT_FALSE(tt_move_bonus_applies(p, 49, 50, true));  // a fail low: the move failed
    EXPECT_FALSE(tt_move_bonus_applies(p, 80, 50, false)); // no move, or a capture
    TtMoveBonusParams off;
    off.enabled = false;
    EXPECT_FALSE(tt_move_bonus_applies(off, 80, 50, true));
}

TEST(TtMoveBonus, FiresInSearchAndSwitchesOff) {
    Params switchedOn;
    switchedOn.ttMoveBonus.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(10), switchedOn);
    EXPECT_GT(on.stats.ttMoveBonuses, 0u);
    EXPECT_LE(on.stats.ttMoveBonuses, on.stats.ttCutoffs);
    Params off;
    off.ttMoveBonus.enabled = false;
    EXPECT_EQ(run_search(MIDDLEGAME, depth_limit(10), off).stats.ttMoveBonuses, 0u);
}
