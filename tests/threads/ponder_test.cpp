// `go ponder` on the search threads: the clock is ignored until ponderhit, after which
// the search ends on its own by the time plan given with `go ponder`.
#include "core/movegen.h"
#include "threads/search_thread.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>

namespace flotilla::threads {
namespace {

// Generous waits for events that take milliseconds; they only bound a failing test.
constexpr auto PATIENCE = std::chrono::seconds(60);
// Far deeper than a search of the startpos reaches in the 1 ms the clock allows.
constexpr int DEEP = 10;

class Ponder : public ::testing::TestWithParam<int> {
  protected:
    void SetUp() override {
        searcher.set_threads(GetParam(), NumaPolicy{});
        std::string error;
        ASSERT_TRUE(
            pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, &error))
            << error;
        limits.ponder = true;
        limits.time[WHITE] = limits.time[BLACK] = 1; // a 1 ms clock
    }

    void start() {
        searcher.start(
            pos, limits, search::Params{},
            [this](const search::SearchInfo& info) {
                std::lock_guard lock(m);
                deepest = std::max(deepest, info.depth);
                changed.notify_all();
            },
            [this](const search::SearchResult& r) {
                std::lock_guard lock(m);
                result = r;
                ++bestMoves;
                changed.notify_all();
            });
    }

    bool wait_for(const auto& condition) {
        std::unique_lock lock(m);
        return changed.wait_for(lock, PATIENCE, condition);
    }

    search::TranspositionTable tt;
    SearchThread searcher{tt};
    Position pos;
    search::Limits limits;
    std::mutex m;
    std::condition_variable changed;
    int deepest = 0;
    int bestMoves = 0;
    search::SearchResult result;
};

TEST_P(Ponder, IgnoresTheClockUntilPonderhitThenStopsByItself) {
    start();
    // With the clock obeyed, the search would stop after an iteration or two.
    EXPECT_TRUE(wait_for([&] { return deepest >= DEEP; }));
    EXPECT_EQ(bestMoves, 0);
    searcher.ponderhit();
    // The 1 ms plan now applies: the search ends without a `stop`.
    const bool ended = wait_for([&] { return bestMoves == 1; });
    if (!ended) searcher.stop();
    searcher.wait();
    EXPECT_TRUE(ended);
    EXPECT_EQ(bestMoves, 1);
    // The pondered iterations count (with helpers the vote may pick a shallower thread).
    if (GetParam() == 1)
        EXPECT_GE(result.depth, DEEP);
    else
        EXPECT_GE(result.depth, 1);
    bool legal = false;
    for (Move m : MoveList(pos)) legal |= m == result.bestMove;
    EXPECT_TRUE(legal);
}

TEST_P(Ponder, PonderhitRightAfterGoIsNotLost) {
    start();
    searcher.ponderhit();
    const bool ended = wait_for([&] { return bestMoves == 1; });
    if (!ended) searcher.stop();
    searcher.wait();
    EXPECT_TRUE(ended);
    EXPECT_EQ(bestMoves, 1);
}

INSTANTIATE_TEST_SUITE_P(LazySmp, Ponder, ::testing::Values(1, 2));

} // namespace
} // namespace flotilla::threads
