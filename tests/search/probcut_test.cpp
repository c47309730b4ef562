// ProbCut (search/selectivity/probcut.h): where it applies, and that it fires in a
// real search and stays silent when switched off.
#include "search/params.h"
#include "search_helpers.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;

namespace {}

TEST(ProbCut, AppliesOnlyAtDeepNonPvNodesAwayFromMates) {
    const ProbCutParams p;
    EXPECT_TRUE(probcut_applies(p, p.minDepth, false, 50, 0, VALUE_NONE));
    EXPECT_FALSE(probcut_applies(p, p.minDepth - 1, false, 50, 0, VALUE_NONE)); // too shallow
    EXPECT_FALSE(probcut_applies(p, 10, true, 50, 0, VALUE_NONE));              // PV node
    EXPECT_FALSE(probcut_applies(p, 10, false, VALUE_MATE_IN_MAX_PLY, 0, VALUE_NONE));
    EXPECT_FALSE(probcut_applies(p, 10, false, -VALUE_MATE_IN_MAX_PLY, 0, VALUE_NONE));
    ProbCutParams off;
    off.enabled = false;
    EXPECT_FALSE(probcut_applies(off, 10, false, 50, 0, VALUE_NONE));
}

TEST(ProbCut, ADeepEnoughTTEntryBelowProbcutBetaVetoes) {
    const ProbCutParams p;
    const Value beta = 50;
    const Value below = probcut_beta(p, beta) - 1;
    EXPECT_FALSE(probcut_applies(p, 10, false, beta, 10 - p.ttDepthSlack, below));
    // Too shallow an entry, or one at or above probcutBeta, does not veto.
    EXPECT_TRUE(probcut_applies(p, 10, false, beta, 10 - p.ttDepthSlack - 1, below));
    EXPECT_TRUE(probcut_applies(p, 10, false, beta, 10, probcut_beta(p, beta)));
}

TEST(ProbCut, SeeThresholdIsTheGapFromStaticEvalToProbcutBeta) {
    const ProbCutParams p;
    EXPECT_EQ(probcut_beta(p, 100), 100 + p.margin);
    EXPECT_EQ(probcut_see_threshold(probcut_beta(p, 100), 0), 100 + p.margin);
    EXPECT_LT(probcut_see_threshold(probcut_beta(p, 100), 1000), 0); // eval far above
}

TEST(ProbCut, FiresInSearchAndSwitchesOff) {
    const auto on = run_search(MIDDLEGAME, depth_limit(11));
    EXPECT_GT(on.stats.probCutTried, 0u);
    EXPECT_GT(on.stats.probCutCutoffs, 0u);
    EXPECT_LE(on.stats.probCutCutoffs, on.stats.probCutTried);
    Params off;
    off.probCut.enabled = false;
    const auto none = run_search(MIDDLEGAME, depth_limit(11), off);
    EXPECT_EQ(none.stats.probCutTried, 0u);
    EXPECT_EQ(none.stats.probCutCutoffs, 0u);
}
