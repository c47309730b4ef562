// History-scaled futility (search/selectivity/history_futility.h): the lmrDepth a quiet
// move's futility margin and SEE threshold are taken at, the depth limits that stay on
// the node's depth, and its counters in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

TEST(HistoryFutility, TheDepthFollowsTheReductionAndTheHistoryButNeverGoesBelowZero) {
    const HistoryFutilityParams p = switched_on<HistoryFutilityParams>();
    const int d = p.historyDivisor;
    EXPECT_EQ(history_futility_depth(p, 5, 2, 0), 3);
    EXPECT_EQ(history_futility_depth(p, 5, 2, 2 * d), 5);   // a good record: deeper
    EXPECT_EQ(history_futility_depth(p, 5, 2, 6 * d), 9);   // beyond the node's depth
    EXPECT_EQ(history_futility_depth(p, 5, 2, -d), 2);      // a poor record: shallower
    EXPECT_EQ(history_futility_depth(p, 5, 2, 1 - d), 3);   // less than one ply: none
    EXPECT_EQ(history_futility_depth(p, 5, 2, -10 * d), 0); // never below 0
    HistoryFutilityParams off;
    off.enabled = false;
    EXPECT_EQ(history_futility_depth(off, 5, 2, -10 * d), 5);
}

TEST(HistoryFutility, FutilitysMarginReadsLmrDepthItsLimitTheNodesDepth) {
    const FutilityParams p;
    // Depth 4: eval 0 + 59 + 102·4 misses alpha 300 by far, at lmrDepth 1 it does not.
    MovePruningContext c{.depth = 4, .lmrDepth = 4, .eval = 0, .alpha = 300, .quiet = true};
    EXPECT_FALSE(futility_prunes(p, c));
    c.lmrDepth = 1;
    EXPECT_TRUE(futility_prunes(p, c));
    // Beyond FutilityMaxDepth nothing is pruned, however shallow lmrDepth is.
    c.depth = p.maxDepth + 1;
    c.lmrDepth = 0;
    EXPECT_FALSE(futility_prunes(p, c));
}

TEST(HistoryFutility, SeePruningsQuietThresholdReadsLmrDepthACapturesTheNodesDepth) {
    const SeePruningParams p;
    MovePruningContext c{.depth = 5, .lmrDepth = 2, .quiet = true};
    EXPECT_EQ(see_pruning_threshold(p, c), -2 * p.quietMarginPerDepth);
    c.quiet = false;
    EXPECT_EQ(see_pruning_threshold(p, c), -25 * p.captureMarginPerDepth2);
}

TEST(HistoryFutility, FiresInSearchAndSwitchesOff) {
    Params switchedOn;
    switchedOn.historyFutility.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(10), switchedOn);
    EXPECT_GT(on.stats.historyFutilityPruned, 0u);
    EXPECT_LE(on.stats.historyFutilityPruned, on.stats.futilityPruned);
    EXPECT_GT(on.stats.historyFutilitySeePruned, 0u);
    EXPECT_LE(on.stats.historyFutilitySeePruned, on.stats.seePrunedQuiets);
    Params off;
    off.historyFutility.enabled = false;
    const auto none = run_search(MIDDLEGAME, depth_limit(10), off);
    EXPECT_EQ(none.stats.historyFutilityPruned + none.stats.historyFutilitySeePruned, 0u);
}
