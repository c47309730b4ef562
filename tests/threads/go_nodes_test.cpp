// `go nodes N` under Lazy SMP: the budget counts the nodes of all threads, exactly with
// one thread and within a small documented overshoot with several.
#include "core/movegen.h"
#include "threads/search_thread.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace flotilla::threads {
namespace {

constexpr std::uint64_t BUDGET = 200000;
// Each helper adds its nodes to the shared sum every 1024 and sees the sum at its next
// batch: at most 2048 nodes past the budget per thread (docs/threads.md).
constexpr std::uint64_t OVERSHOOT_PER_THREAD = 2048;

struct Searched {
    search::SearchResult result;
    int bestMoves = 0;
};

Searched search_nodes(int threads, std::uint64_t nodes) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(threads, NumaPolicy{});
    Position pos;
    std::string error;
    EXPECT_TRUE(
        pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, &error))
        << error;
    search::Limits limits;
    limits.nodes = nodes;
    Searched out;
    searcher.start(pos, limits, search::Params{}, {}, [&](const search::SearchResult& r) {
        out.result = r;
        ++out.bestMoves;
    });
    searcher.wait(); // returns only once every thread has stopped
    EXPECT_FALSE(searcher.searching());
    bool legal = false;
    for (Move m : MoveList(pos)) legal |= m == out.result.bestMove;
    EXPECT_TRUE(legal);
    return out;
}

TEST(GoNodes, OneThreadStopsAtExactlyTheBudget) {
    const Searched s = search_nodes(1, BUDGET);
    EXPECT_EQ(s.bestMoves, 1);
    EXPECT_EQ(s.result.nodes, BUDGET);
}

class GoNodesThreads : public ::testing::TestWithParam<int> {};

TEST_P(GoNodesThreads, SumOverThreadsMeetsTheBudgetWithBoundedOvershoot) {
    const int threads = GetParam();
    const Searched s = search_nodes(threads, BUDGET);
    EXPECT_EQ(s.bestMoves, 1);
    EXPECT_GE(s.result.nodes, BUDGET);
    EXPECT_LE(s.result.nodes, BUDGET + std::uint64_t(threads) * OVERSHOOT_PER_THREAD);
}

INSTANTIATE_TEST_SUITE_P(LazySmp, GoNodesThreads, ::testing::Values(2, 4));

} // namespace
} // namespace flotilla::threads
