// Multi-cut (search/selectivity/multi_cut.h): the decision functions, default off,
// and that it fires in a real search when switched on.
#include "search/params.h"
#include "search_helpers.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;

namespace {

MultiCutParams switched_on() {
    MultiCutParams p;
    p.enabled = true;
    return p;
}
} // namespace

TEST(MultiCut, AppliesOnlyAtDeepExpectedCutNodes) {
    const MultiCutParams p = switched_on();
    EXPECT_TRUE(multi_cut_applies(p, p.minDepth, true, false, 0));
    EXPECT_FALSE(multi_cut_applies(p, p.minDepth, false, false, 0)); // expected all-node
    EXPECT_FALSE(multi_cut_applies(p, p.minDepth, true, true, 0));   // PV node
    EXPECT_FALSE(multi_cut_applies(p, p.minDepth - 1, true, false, 0));
    EXPECT_FALSE(multi_cut_applies(p, p.minDepth, true, false, VALUE_MATE_IN_MAX_PLY));
    EXPECT_FALSE(multi_cut_applies(MultiCutParams{}, 20, true, false, 0)); // off by default
}

TEST(MultiCut, NeedsCFailHighsWithinMMoves) {
    const MultiCutParams p = switched_on(); // M = 6, C = 3
    EXPECT_EQ(multi_cut_probe_depth(p, 10), 10 - 1 - p.reduction);
    EXPECT_FALSE(multi_cut_proven(p, p.cutoffs - 1));
    EXPECT_TRUE(multi_cut_proven(p, p.cutoffs));
    EXPECT_TRUE(multi_cut_continue(p, 0, 0));
    EXPECT_FALSE(multi_cut_continue(p, p.moves, 0)); // M moves tried
    // Stop early once the remaining moves cannot bring C cutoffs.
    EXPECT_FALSE(multi_cut_continue(p, p.moves - p.cutoffs + 1, 0));
    EXPECT_TRUE(multi_cut_continue(p, p.moves - p.cutoffs + 1, 1));
}

TEST(MultiCut, FiresInSearchWhenSwitchedOn) {
    Params on;
    on.multiCut.enabled = true;
    const auto run = run_search(MIDDLEGAME, depth_limit(11), on);
    EXPECT_GT(run.stats.multiCutTried, 0u);
    EXPECT_GT(run.stats.multiCutCutoffs, 0u);
    const auto byDefault = run_search(MIDDLEGAME, depth_limit(11));
    EXPECT_EQ(byDefault.stats.multiCutTried, 0u);
}

// With multi-cut on, mates are still found with their exact distance.
TEST(MultiCut, KeepsMateDistancesExact) {
    Params on;
    on.multiCut.enabled = true;
    const auto run = run_search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", depth_limit(10), on);
    EXPECT_EQ(run.result.score, mate_in(1));
}
