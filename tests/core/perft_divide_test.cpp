// perft_divide: per-root-move counts, sequential and shared among oneTBB workers.
#include "core/movegen.h"
#include "core/perft.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace flotilla;

namespace {

std::uint64_t total(const std::vector<std::pair<Move, std::uint64_t>>& divide) {
    return std::accumulate(divide.begin(), divide.end(), std::uint64_t(0),
                           [](std::uint64_t sum, const auto& entry) { return sum + entry.second; });
}

Position kiwipete() {
    Position pos;
    EXPECT_TRUE(
        pos.set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false));
    return pos;
}

} // namespace

// Totals are the chessprogramming wiki's published perft numbers for Kiwipete.
TEST(PerftDivide, TotalsMatchPublishedCountsForEveryThreadCount) {
    const Position pos = kiwipete();
    for (int threads : {1, 2, 3}) {
        EXPECT_EQ(total(perft_divide(pos, 1, threads)), 48u) << threads << " threads";
        EXPECT_EQ(total(perft_divide(pos, 2, threads)), 2039u) << threads << " threads";
        EXPECT_EQ(total(perft_divide(pos, 3, threads)), 97862u) << threads << " threads";
        EXPECT_EQ(total(perft_divide(pos, 4, threads)), 4085603u) << threads << " threads";
    }
}

TEST(PerftDivide, EachRootMoveCountEqualsPerftAfterThatMove) {
    const Position pos = kiwipete();
    const auto divide = perft_divide(pos, 4, 2);
    const MoveList legal(pos);
    ASSERT_EQ(divide.size(), legal.size());
    for (const auto& [move, nodes] : divide) {
        EXPECT_TRUE(legal.contains(move));
        Position child = pos;
        child.make_move(move);
        EXPECT_EQ(nodes, perft(child, 3)) << pos.move_to_uci(move);
    }
}

TEST(PerftDivide, DepthZeroListsMovesWithZeroCounts) {
    const auto divide = perft_divide(Position(), 0, 2);
    EXPECT_EQ(divide.size(), 20u);
    EXPECT_EQ(total(divide), 0u);
}

TEST(PerftDivide, ThreadedRunLeavesTheInputPositionUnchanged) {
    const Position pos = kiwipete();
    const std::string before = pos.fen();
    perft_divide(pos, 3, 2);
    EXPECT_EQ(pos.fen(), before);
}
