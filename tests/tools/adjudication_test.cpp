// Self-play adjudication: wins and draws need their run of plies in a row, draws only from
// their first ply, and 0 plies switch a kind off.
#include "tools/adjudication.h"

#include <gtest/gtest.h>

namespace flotilla::tools {
namespace {

TEST(Adjudication, AWinNeedsItsPliesInARow) {
    Adjudicator a(Adjudication{.winScore = 500, .winPlies = 3});
    EXPECT_FALSE(a.after_move(0, 600));
    EXPECT_FALSE(a.after_move(1, 700));
    EXPECT_FALSE(a.after_move(2, 499)); // the run breaks
    EXPECT_FALSE(a.after_move(3, 500));
    EXPECT_FALSE(a.after_move(4, 900));
    EXPECT_EQ(a.after_move(5, 500), GameResult::WHITE_WIN);

    Adjudicator b(Adjudication{.winScore = 500, .winPlies = 2});
    EXPECT_FALSE(b.after_move(0, -500));
    EXPECT_EQ(b.after_move(1, -2000), GameResult::BLACK_WIN);
}

TEST(Adjudication, ADrawOnlyFromItsFirstPly) {
    const Adjudication rules{.drawScore = 10, .drawPlies = 2, .drawMinPly = 4};
    Adjudicator a(rules);
    for (int ply = 0; ply < 4; ++ply) EXPECT_FALSE(a.after_move(ply, 0)) << ply;
    EXPECT_FALSE(a.after_move(4, -10));
    EXPECT_EQ(a.after_move(5, 10), GameResult::DRAW);

    Adjudicator b(rules);
    EXPECT_FALSE(b.after_move(10, 5));
    EXPECT_FALSE(b.after_move(11, 11)); // the run breaks
    EXPECT_FALSE(b.after_move(12, 0));
    EXPECT_EQ(b.after_move(13, 0), GameResult::DRAW);
}

TEST(Adjudication, ZeroPliesSwitchAKindOff) {
    Adjudicator a(Adjudication{.winScore = 100, .winPlies = 0, .drawPlies = 0});
    for (int ply = 0; ply < 200; ++ply) EXPECT_FALSE(a.after_move(ply, ply % 2 ? 5000 : 0));
    EXPECT_TRUE(Adjudication{}.valid());
    EXPECT_FALSE(Adjudication{.winPlies = -1}.valid());
    EXPECT_FALSE(Adjudication{.drawMinPly = -1}.valid());
    EXPECT_EQ(Adjudication{}.describe(), "win 1000 8 draw 10 8 60");
}

} // namespace
} // namespace flotilla::tools
