// Bench: every embedded position is valid, and the node count is deterministic.
#include "search/bench.h"

#include "core/position.h"

#include <gtest/gtest.h>

using namespace flotilla;
using namespace flotilla::search;

TEST(Bench, PositionsAreValidAndVaried) {
    const auto fens = bench_positions();
    EXPECT_GE(fens.size(), 40u);
    int blackToMove = 0;
    for (const auto& fen : fens) {
        Position pos;
        std::string error;
        EXPECT_TRUE(pos.set_fen(fen, false, &error)) << fen << ": " << error;
        blackToMove += pos.side_to_move() == BLACK;
    }
    EXPECT_GT(blackToMove, 0);
}

TEST(Bench, NodeCountIsDeterministic) {
    const BenchResult a = run_bench(6);
    const BenchResult b = run_bench(6);
    EXPECT_EQ(a.positions, int(bench_positions().size()));
    EXPECT_GT(a.nodes, 0u);
    EXPECT_EQ(a.nodes, b.nodes);
    // A switched-off technique changes the tree, so the signature sees it.
    Params noNullMove;
    noNullMove.nullMove.enabled = false;
    EXPECT_NE(run_bench(6, noNullMove).nodes, a.nodes);
}

// Each history refinement, switched alone from its default, changes the tree (it is
// wired in); those still waiting for their SPRT are off by default.
TEST(Bench, EachHistorySwitchChangesTheTree) {
    const std::uint64_t all = run_bench(5).nodes;
    Params linear;
    linear.linearHistoryBonus.enabled = false;
    EXPECT_NE(run_bench(5, linear).nodes, all);
    Params continuation4;
    continuation4.continuationHistory4.enabled = true;
    EXPECT_NE(run_bench(5, continuation4).nodes, all);
    Params captureSee;
    captureSee.captureHistorySee.enabled = true;
    EXPECT_NE(run_bench(5, captureSee).nodes, all);
    Params pawnHistory;
    pawnHistory.pawnHistory.enabled = true;
    EXPECT_NE(run_bench(5, pawnHistory).nodes, all);
    Params lowPly;
    lowPly.lowPlyHistory.enabled = true;
    EXPECT_NE(run_bench(5, lowPly).nodes, all);
    Params postLmr;
    postLmr.postLmrHistory.enabled = true;
    EXPECT_NE(run_bench(5, postLmr).nodes, all);
}
