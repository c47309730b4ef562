// The history refinements (search/history_bonus.h): the size of the updates after a
// cutoff, and that each switched off gives the old behaviour.
#include "search/history_bonus.h"

#include <gtest/gtest.h>

using namespace flotilla;
using namespace flotilla::search;

namespace {

int quadratic(Depth d) { return d > 13 ? 1600 : 8 * d * d + 16 * d; }

} // namespace

TEST(LinearHistoryBonus, SwitchedOffIsTheQuadraticFormula) {
    LinearHistoryBonusParams off;
    off.enabled = false;
    off.malusPerDepth = 999; // ignored when off
    for (Depth d = 1; d <= 30; ++d) {
        EXPECT_EQ(cutoff_bonus(off, d), quadratic(d)) << d;
        EXPECT_EQ(cutoff_malus(off, d), quadratic(d)) << d;
    }
}

TEST(LinearHistoryBonus, LinearInDepthUpToItsCap) {
    const LinearHistoryBonusParams p;
    ASSERT_TRUE(p.enabled);
    EXPECT_EQ(cutoff_bonus(p, 1), 128 - 64);
    EXPECT_EQ(cutoff_bonus(p, 2), 256 - 64);
    EXPECT_EQ(cutoff_bonus(p, 5), 640 - 64);
    EXPECT_EQ(cutoff_bonus(p, 12), 1536 - 64);
    EXPECT_EQ(cutoff_bonus(p, 13), 1600); // 1664 - 64: the cap
    EXPECT_EQ(cutoff_bonus(p, 40), 1600);
    for (Depth d = 2; d <= 13; ++d)
        EXPECT_EQ(cutoff_bonus(p, d) - cutoff_bonus(p, d - 1), 128) << d;
    // Larger than the quadratic bonus at low depth, where most cutoffs happen.
    for (Depth d = 1; d <= 13; ++d) EXPECT_GT(cutoff_bonus(p, d), quadratic(d)) << d;
}

TEST(LinearHistoryBonus, MalusHasItsOwnScaleAndNeitherGoesNegative) {
    LinearHistoryBonusParams p;
    p.malusPerDepth = 200;
    p.malusOffset = 100;
    p.malusMax = 1000;
    EXPECT_EQ(cutoff_malus(p, 1), 100);
    EXPECT_EQ(cutoff_malus(p, 3), 500);
    EXPECT_EQ(cutoff_malus(p, 6), 1000);
    EXPECT_EQ(cutoff_bonus(p, 3), 384 - 64); // the bonus keeps its own numbers
    p.bonusPerDepth = 10;
    p.bonusOffset = 100;
    EXPECT_EQ(cutoff_bonus(p, 1), 0);
    EXPECT_EQ(cutoff_bonus(p, 0), 0);
    EXPECT_EQ(cutoff_malus(p, 0), 0);
}
