// Post-LMR history (search/post_lmr_history.h): which re-search results teach the
// continuation histories, and its updates in a search, switched on and off.
#include "search/params.h"
#include "search/post_lmr_history.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

TEST(PostLmrHistory, ABonusAboveBetaAMalusAtOrBelowAlphaNothingBetween) {
    const PostLmrHistoryParams p = switched_on(PostLmrHistoryParams{});
    EXPECT_EQ(post_lmr_history_sign(p, true, 60, 10, 50), 1);
    EXPECT_EQ(post_lmr_history_sign(p, true, 50, 10, 50), 1);
    EXPECT_EQ(post_lmr_history_sign(p, true, 10, 10, 50), -1);
    EXPECT_EQ(post_lmr_history_sign(p, true, -200, 10, 50), -1);
    EXPECT_EQ(post_lmr_history_sign(p, true, 30, 10, 50), 0);
    // Captures keep their own history; switched off, nothing.
    EXPECT_EQ(post_lmr_history_sign(p, false, 60, 10, 50), 0);
    EXPECT_EQ(post_lmr_history_sign(PostLmrHistoryParams{}, true, 60, 10, 50), 0);
}

TEST(PostLmrHistory, UpdatedInSearchAndSwitchesOff) {
    Params on;
    on.postLmrHistory = switched_on(PostLmrHistoryParams{});
    const auto a = run_search(MIDDLEGAME, depth_limit(10), on);
    EXPECT_GT(a.stats.postLmrHistoryUpdates, 0u);
    EXPECT_LE(a.stats.postLmrHistoryUpdates, a.stats.lateMoveResearches);
    Params off;
    const auto b = run_search(MIDDLEGAME, depth_limit(10), off);
    EXPECT_EQ(b.stats.postLmrHistoryUpdates, 0u);
    // At 0 % the updates change nothing: the same tree as off.
    Params zero = on;
    zero.postLmrHistory.bonusPercent = 0;
    EXPECT_EQ(run_search(MIDDLEGAME, depth_limit(10), zero).result.nodes, b.result.nodes);
    EXPECT_NE(a.result.nodes, b.result.nodes);
}
