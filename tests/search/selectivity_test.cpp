// The pure decision functions of each selectivity unit: where they fire and
// where they must not.
#include "search/params.h"
#include "search_helpers.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::run_search;

TEST(Selectivity, ReverseFutility) {
    const ReverseFutilityParams p;
    EXPECT_TRUE(reverse_futility_prunes(p, 2, 500, 100, false));    // 500 - 180 >= 100
    EXPECT_FALSE(reverse_futility_prunes(p, 2, 250, 100, false));   // 250 - 180 < 100
    EXPECT_FALSE(reverse_futility_prunes(p, 12, 5000, 100, false)); // too deep
    EXPECT_FALSE(reverse_futility_prunes(p, 2, VALUE_MATE_IN_MAX_PLY, 0, false)); // mate scores
    ReverseFutilityParams off;
    off.enabled = false;
    EXPECT_FALSE(reverse_futility_prunes(off, 2, 500, 100, false));
}

TEST(Selectivity, FutilityNeverPrunesChecksNorInCheck) {
    const FutilityParams p;
    EXPECT_TRUE(futility_prunes(p, 1, 0, 500, true, false, false));
    EXPECT_FALSE(futility_prunes(p, 1, 0, 500, true, true, false));    // gives check
    EXPECT_FALSE(futility_prunes(p, 1, 0, 500, true, false, true));    // in check
    EXPECT_FALSE(futility_prunes(p, 1, 0, 500, false, false, false));  // a capture
    EXPECT_FALSE(futility_prunes(p, 1, 400, 500, true, false, false)); // margin reaches alpha
    EXPECT_FALSE(futility_prunes(p, 9, 0, 500, true, false, false));   // too deep
}

TEST(Selectivity, LateMovePruningLimitGrowsWithDepth) {
    const LateMovePruningParams p;
    EXPECT_LT(late_move_pruning_limit(p, 1, false), late_move_pruning_limit(p, 4, false));
    EXPECT_LT(late_move_pruning_limit(p, 3, false), late_move_pruning_limit(p, 3, true));
    EXPECT_FALSE(late_move_prunes(p, 1, 1, false));
    EXPECT_TRUE(late_move_prunes(p, 1, 30, false));
    EXPECT_FALSE(late_move_prunes(p, 20, 200, false)); // too deep
}

TEST(Selectivity, LateMoveReductions) {
    const LateMoveReductionParams p;
    const ReductionTable table(p);
    // Logarithmic table: grows with depth and with move number.
    EXPECT_LE(table.get(3, 3), table.get(20, 3));
    EXPECT_LE(table.get(10, 3), table.get(10, 40));
    EXPECT_GT(table.get(20, 40), table.get(3, 3));
    const ReductionContext base{12, 20, false, false, true, false, 0};
    const Depth r = late_move_reduction(p, table, base);
    auto c = base;
    c.pvNode = true;
    EXPECT_LT(late_move_reduction(p, table, c), r);
    c = base;
    c.killer = true;
    EXPECT_LT(late_move_reduction(p, table, c), r);
    c = base;
    c.cutNode = true;
    EXPECT_GT(late_move_reduction(p, table, c), r);
    c = base;
    c.history = -2 * p.historyDivisor;
    EXPECT_GT(late_move_reduction(p, table, c), r);
    c = base;
    c.depth = 1;
    c.moveCount = 1;
    c.pvNode = c.killer = true;
    c.history = 100000;
    EXPECT_EQ(late_move_reduction(p, table, c), 0); // never negative
}

TEST(Selectivity, CheckExtensionIsBounded) {
    const CheckExtensionParams p;
    EXPECT_EQ(check_extension(p, true, 3, 5), 1);
    EXPECT_EQ(check_extension(p, false, 3, 5), 0);
    EXPECT_EQ(check_extension(p, true, 10, 5), 0); // path already twice the root depth
}

TEST(Selectivity, MateDistancePruning) {
    const MateDistanceParams p;
    // At ply 3 nothing better than mate at ply 4 exists: a window above it is empty.
    Value alpha = mate_in(4), beta = VALUE_INFINITE;
    auto cut = mate_distance_prune(p, 3, alpha, beta);
    ASSERT_TRUE(cut);
    EXPECT_EQ(*cut, mate_in(4));
    // An ordinary window is left alone.
    alpha = -100;
    beta = 100;
    EXPECT_FALSE(mate_distance_prune(p, 3, alpha, beta));
    EXPECT_EQ(alpha, -100);
    EXPECT_EQ(beta, 100);
    // Mate scores stay exact with and without it (the mate tests exercise it).
    Params off;
    off.mateDistance.enabled = false;
    const auto with = run_search("k7/8/8/3K4/8/8/8/7R w - - 0 1", depth_limit(8));
    const auto without = run_search("k7/8/8/3K4/8/8/8/7R w - - 0 1", depth_limit(8), off);
    EXPECT_EQ(with.result.score, mate_in(5));
    EXPECT_EQ(without.result.score, mate_in(5));
    EXPECT_GT(with.stats.mateDistanceCutoffs, 0u);
    EXPECT_EQ(without.stats.mateDistanceCutoffs, 0u);
}

TEST(Selectivity, DeltaPruning) {
    const DeltaPruningParams p;
    EXPECT_TRUE(delta_prunes(p, 0, 100, 500, false));
    EXPECT_FALSE(delta_prunes(p, 0, 900, 500, false));
    EXPECT_FALSE(delta_prunes(p, 0, 100, 500, true)); // a checking capture is searched
}

TEST(Selectivity, EverySwitchSilencesItsCounter) {
    const char* fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
    const auto on = run_search(fen, depth_limit(9));
    EXPECT_GT(on.stats.nullMoveTried, 0u);
    EXPECT_GT(on.stats.reverseFutilityCutoffs, 0u);
    EXPECT_GT(on.stats.futilityPruned, 0u);
    EXPECT_GT(on.stats.lateMovePruned, 0u);
    EXPECT_GT(on.stats.lateMoveReductions, 0u);
    EXPECT_GT(on.stats.checkExtensions, 0u);
    Params off;
    off.nullMove.enabled = off.reverseFutility.enabled = off.futility.enabled = false;
    off.lateMovePruning.enabled = off.lateMoveReductions.enabled = false;
    off.checkExtension.enabled = off.deltaPruning.enabled = false;
    off.qsearchSeePruning.enabled = false;
    const auto none = run_search(fen, depth_limit(5), off);
    EXPECT_EQ(none.stats.nullMoveTried, 0u);
    EXPECT_EQ(none.stats.reverseFutilityCutoffs, 0u);
    EXPECT_EQ(none.stats.futilityPruned, 0u);
    EXPECT_EQ(none.stats.lateMovePruned, 0u);
    EXPECT_EQ(none.stats.lateMoveReductions, 0u);
    EXPECT_EQ(none.stats.checkExtensions, 0u);
    EXPECT_EQ(none.stats.deltaPruned, 0u);
    EXPECT_EQ(none.stats.qsearchSeePruned, 0u);
}
