// Aspiration windows on an averaged score (search/selectivity/aspiration_average.h): the
// average, the window's centre and first step, the decisive scores they leave alone, and
// the counter in a search.
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

AspirationAverageParams off() {
    AspirationAverageParams p = switched_on<AspirationAverageParams>();
    p.enabled = false;
    return p;
}
} // namespace

TEST(AspirationAverage, TheAverageWeighsTheNewScoreTwiceAndNeverMixesInAMate) {
    const AspirationAverageParams p = switched_on<AspirationAverageParams>();
    EXPECT_EQ(averaged_score(p, VALUE_NONE, 40), 40); // the first iteration
    EXPECT_EQ(averaged_score(p, 30, 90), 70);         // (2·90 + 30) / 3
    EXPECT_EQ(averaged_score(p, 30, mate_in(5)), mate_in(5));
    EXPECT_EQ(averaged_score(p, mate_in(5), 30), 30);
    EXPECT_EQ(averaged_score(off(), 30, 90), 90);
}

TEST(AspirationAverage, TheWindowIsCentredOnTheAverage) {
    const AspirationAverageParams p = switched_on<AspirationAverageParams>();
    EXPECT_EQ(aspiration_centre(p, 90, 70), 70);
    EXPECT_EQ(aspiration_centre(p, 90, VALUE_NONE), 90);
    EXPECT_EQ(aspiration_centre(off(), 90, 70), 90);
}

TEST(AspirationAverage, TheFirstStepWidensWithTheSquareOfTheCentreButNotAtAMate) {
    const AspirationAverageParams p = switched_on<AspirationAverageParams>();
    const int initial = AspirationParams{}.initialDelta;
    EXPECT_EQ(aspiration_delta(p, initial, 0), initial);
    EXPECT_EQ(aspiration_delta(p, initial, 1000), initial + 1000 * 1000 / p.deltaDivisor);
    EXPECT_EQ(aspiration_delta(p, initial, -1000), initial + 1000 * 1000 / p.deltaDivisor);
    EXPECT_EQ(aspiration_delta(p, initial, mate_in(3)), initial);
    EXPECT_EQ(aspiration_delta(p, initial, tb_loss_in(8)), initial);
    EXPECT_EQ(aspiration_delta(p, initial, VALUE_NONE), initial);
    EXPECT_EQ(aspiration_delta(off(), initial, 1000), initial);
}

TEST(AspirationAverage, FiresInSearchAndSwitchesOff) {
    Params switchedOn;
    switchedOn.aspirationAverage.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(10), switchedOn);
    EXPECT_GT(on.stats.aspirationAverageShifts, 0u);
    Params none;
    none.aspirationAverage.enabled = false;
    EXPECT_EQ(run_search(MIDDLEGAME, depth_limit(10), none).stats.aspirationAverageShifts, 0u);
}
