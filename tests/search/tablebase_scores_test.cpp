// The tablebase score band: below mate, above every evaluation, stored in the TT
// relative to the node like mate scores, and the root ranks' display scores.
#include "search/syzygy.h"
#include "search/tt.h"

#include <gtest/gtest.h>

namespace flotilla::search {
namespace {

TEST(TablebaseScores, TheBandLiesBetweenEvaluationsAndMates) {
    EXPECT_LT(VALUE_EVAL_MAX, VALUE_TB_WIN_IN_MAX_PLY);
    EXPECT_LT(tb_win_in(0), VALUE_MATE_IN_MAX_PLY);
    EXPECT_GE(tb_win_in(MAX_PLY), VALUE_TB_WIN_IN_MAX_PLY);
    EXPECT_GT(tb_win_in(3), tb_win_in(5)); // nearer wins score higher
    EXPECT_TRUE(is_decisive(tb_win_in(10)));
    EXPECT_TRUE(is_decisive(tb_loss_in(10)));
    EXPECT_TRUE(is_decisive(mate_in(3)));
    EXPECT_FALSE(is_decisive(VALUE_EVAL_MAX));
    EXPECT_FALSE(is_decisive(-VALUE_EVAL_MAX));
}

TEST(TablebaseScores, TheTableStoresThemRelativeToTheNode) {
    // A win 4 plies below a node at ply 6 is a win at ply 10 from the root; found again at
    // ply 2 it is a win at ply 6.
    const Value stored = value_to_tt(tb_win_in(10), 6);
    EXPECT_EQ(stored, tb_win_in(4));
    EXPECT_EQ(value_from_tt(stored, 2), tb_win_in(6));
    EXPECT_EQ(value_from_tt(value_to_tt(tb_loss_in(9), 3), 1), tb_loss_in(7));
    EXPECT_EQ(value_to_tt(VALUE_EVAL_MAX, 7), VALUE_EVAL_MAX); // evaluations stay
}

TEST(TablebaseScores, RootRanksShowAsWinsDrawsOrSmallScores) {
    using syzygy::rank_to_score;
    EXPECT_EQ(rank_to_score(1000, 900), tb_win_in(1));
    EXPECT_EQ(rank_to_score(900, 900), tb_win_in(1));
    EXPECT_EQ(rank_to_score(-1000, 900), tb_loss_in(1));
    EXPECT_EQ(rank_to_score(0, 900), VALUE_DRAW);
    // Cursed wins: small and positive, growing towards the win bound.
    EXPECT_GT(rank_to_score(899, 900), rank_to_score(850, 900));
    EXPECT_LT(rank_to_score(899, 900), 50);
    EXPECT_GT(rank_to_score(1, 900), 0);
    EXPECT_LT(rank_to_score(-1, 900), 0);
    // Without the fifty-move rule every positive rank is a win.
    EXPECT_EQ(rank_to_score(850, 1), tb_win_in(1));
}

TEST(Syzygy, NothingIsProbedWithoutTables) {
    syzygy::load("");
    EXPECT_EQ(syzygy::largest(), 0);
    Position pos;
    ASSERT_TRUE(pos.set_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", false));
    EXPECT_FALSE(syzygy::probe_wdl(pos));
    EXPECT_FALSE(syzygy::rank_root_moves(pos, true, false));
    // Fathom answers a bare king ending (a draw) even without tables: the piece-count
    // guard must still say nothing is there.
    ASSERT_TRUE(pos.set_fen("8/8/8/4k3/8/8/8/K7 w - - 0 1", false));
    EXPECT_FALSE(syzygy::probe_wdl(pos));
    EXPECT_FALSE(syzygy::rank_root_moves(pos, true, false));
    const syzygy::LoadReport report = syzygy::load("/nonexistent/a:/nonexistent/b");
    EXPECT_EQ(report.largest, 0);
    EXPECT_EQ(report.unreadable.size(), 2u);
}

} // namespace
} // namespace flotilla::search
