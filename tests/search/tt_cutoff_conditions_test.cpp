// TT cutoff conditions (search/selectivity/tt_cutoff_conditions.h): the depth an entry
// needs, the cut/all agreement at shallow depth, the 50-move guard, and the counter in
// a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

namespace {

// depth 8, an entry of depth 8 scoring 50 against beta 40 at a cut node, counter 0.
TtCutoffContext context() { return TtCutoffContext{8, 8, 50, 40, true, 0}; }
} // namespace

TEST(TtCutoffConditions, AnEntryOnePlyShallowerCutsOnlyAtOrBelowBeta) {
    const TtCutoffConditionsParams p = switched_on<TtCutoffConditionsParams>();
    TtCutoffContext c = context();
    EXPECT_TRUE(tt_depth_suffices(p, c));
    c.ttDepth = 7; // one ply short, score above beta: not enough
    EXPECT_FALSE(tt_depth_suffices(p, c));
    c.ttScore = 40; // at beta
    EXPECT_TRUE(tt_depth_suffices(p, c));
    c.ttDepth = 6; // two plies short: never
    EXPECT_FALSE(tt_depth_suffices(p, c));
    TtCutoffConditionsParams off;
    off.enabled = false;
    c.ttDepth = 7;
    EXPECT_FALSE(tt_depth_suffices(off, c));
}

TEST(TtCutoffConditions, ShallowNodesCutOnlyOnTheExpectedSide) {
    const TtCutoffConditionsParams p = switched_on<TtCutoffConditionsParams>();
    TtCutoffContext c = context();
    c.depth = c.ttDepth = p.agreementMaxDepth;
    EXPECT_TRUE(tt_cutoff_conditions_allow(p, c)); // cut node, fail high
    c.cutNode = false;
    EXPECT_FALSE(tt_cutoff_conditions_allow(p, c)); // all node, fail high
    c.ttScore = 30;
    EXPECT_TRUE(tt_cutoff_conditions_allow(p, c)); // all node, fail low
    c.cutNode = true;
    EXPECT_FALSE(tt_cutoff_conditions_allow(p, c)); // cut node, fail low
    c.depth = p.agreementMaxDepth + 1;
    EXPECT_TRUE(tt_cutoff_conditions_allow(p, c)); // deeper: either side
    TtCutoffConditionsParams off;
    off.enabled = false;
    c.depth = 2;
    EXPECT_TRUE(tt_cutoff_conditions_allow(off, c));
}

TEST(TtCutoffConditions, NoCutoffNearTheFiftyMoveRule) {
    const TtCutoffConditionsParams p = switched_on<TtCutoffConditionsParams>();
    TtCutoffContext c = context();
    c.rule50 = p.rule50Limit - 1;
    EXPECT_TRUE(tt_cutoff_conditions_allow(p, c));
    c.rule50 = p.rule50Limit;
    EXPECT_FALSE(tt_cutoff_conditions_allow(p, c));
}

TEST(TtCutoffConditions, FiresInSearchAndSwitchesOff) {
    Params switchedOn;
    switchedOn.ttCutoffConditions.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(11), switchedOn);
    EXPECT_GT(on.stats.ttShallowFailLowCutoffs, 0u);
    EXPECT_LE(on.stats.ttShallowFailLowCutoffs, on.stats.ttCutoffs);
    Params off;
    off.ttCutoffConditions.enabled = false;
    const auto none = run_search(MIDDLEGAME, depth_limit(11), off);
    EXPECT_EQ(none.stats.ttShallowFailLowCutoffs, 0u);
    EXPECT_GT(none.stats.ttCutoffs, 0u);
}

// With the counter at the limit no entry cuts in the main search. King and rook against
// a king seven moves from the rook: no capture or pawn move can reset the counter before
// the fifty-move rule ends every line (ply 10), so every node is at counter 90 or more:
// the guarded search takes no such cutoff, one without the guard does.
TEST(TtCutoffConditions, AHighHalfMoveCounterSearchesOn) {
    const char* late = "k7/8/8/8/8/8/8/6KR w - - 90 60";
    Params guarded;
    guarded.ttCutoffConditions.enabled = true;
    const auto withGuard = run_search(late, depth_limit(9), guarded);
    guarded.ttCutoffConditions.rule50Limit = 200;
    const auto without = run_search(late, depth_limit(9), guarded);
    EXPECT_EQ(withGuard.stats.ttShallowFailLowCutoffs, 0u);
    EXPECT_GT(without.stats.ttShallowFailLowCutoffs, 0u);
}
