// Check extension conditions (search/selectivity/check_extension_see.h): which checks lose
// the extension, and its counter in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(CheckExtensionSee, OnlyAChecksThatLosesMaterialIsPassedOver) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/8/2n5/8/8/8/3QK3 w - - 0 1", false));
    const Move hanging = pos.parse_uci_move("d1a4"); // check; the knight takes the queen
    const Move safe = pos.parse_uci_move("d1e2");    // check down the open e-file
    const Move quiet = pos.parse_uci_move("d1d2");
    ASSERT_TRUE(pos.gives_check(hanging) && pos.gives_check(safe) && !pos.gives_check(quiet));
    const CheckExtensionSeeParams p = switched_on<CheckExtensionSeeParams>();
    EXPECT_TRUE(losing_check(p, pos, hanging, true));
    EXPECT_FALSE(losing_check(p, pos, safe, true));
    EXPECT_FALSE(losing_check(p, pos, quiet, false));
    CheckExtensionSeeParams off;
    off.enabled = false;
    EXPECT_FALSE(losing_check(off, pos, hanging, true));
}

TEST(CheckExtensionSee, ALosingCheckGetsNoCheckExtension) {
    const CheckExtensionParams p;
    ExtensionContext c{.ply = 3, .rootDepth = 5, .givesCheck = true};
    EXPECT_EQ(check_extension(p, c), 1);
    c.losingCheck = true;
    EXPECT_EQ(check_extension(p, c), 0);
}

TEST(CheckExtensionSee, FiresInSearchAndSwitchesOff) {
    const auto [on, off] = on_and_off(&Params::checkExtensionSee, 10, MIDDLEGAME);
    EXPECT_GT(on.stats.checkExtensionSeeSkipped, 0u);
    EXPECT_EQ(off.stats.checkExtensionSeeSkipped, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes);
}
