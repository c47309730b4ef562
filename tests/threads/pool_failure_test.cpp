// Raising Threads when the system refuses a thread or its memory: one reason, the pool
// keeps its previous size, and the engine still searches with it.
#include "core/movegen.h"
#include "threads/search_thread.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <new>
#include <string>
#include <system_error>

namespace flotilla::threads {
namespace {

// A depth-4 search of the start position: a legal best move means the pool works.
bool searches(SearchThread& searcher) {
    Position pos;
    search::Limits limits;
    limits.depth = 4;
    Move best = Move::none();
    searcher.start(pos, limits, search::Params{}, {},
                   [&](const search::SearchResult& r) { best = r.bestMove; });
    searcher.wait();
    return MoveList(pos).contains(best);
}

TEST(PoolFailure, ARefusedThreadKeepsThePreviousPool) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(2, NumaPolicy{});
    ASSERT_EQ(searcher.apply_threads(), "");
    searcher.set_spawn_hook([](int index) {
        if (index == 3) throw std::system_error(EAGAIN, std::generic_category(), "pthread_create");
    });
    searcher.set_threads(8, NumaPolicy{});
    const std::string error = searcher.apply_threads();
    EXPECT_NE(error.find("the system refused thread 3"), std::string::npos) << error;
    EXPECT_EQ(searcher.thread_count(), 2);
    EXPECT_TRUE(searches(searcher));
}

TEST(PoolFailure, MemoryRunningOutKeepsThePreviousPool) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(3, NumaPolicy{});
    ASSERT_EQ(searcher.apply_threads(), "");
    searcher.set_spawn_hook([](int index) {
        if (index == 5) throw std::bad_alloc();
    });
    searcher.set_threads(6, NumaPolicy{});
    const std::string error = searcher.apply_threads();
    EXPECT_NE(error.find("not enough memory for thread 5"), std::string::npos) << error;
    EXPECT_EQ(searcher.thread_count(), 3);
    EXPECT_TRUE(searches(searcher));
    // Once the system allows it again, the larger pool builds.
    searcher.set_spawn_hook({});
    searcher.set_threads(6, NumaPolicy{});
    EXPECT_EQ(searcher.apply_threads(), "");
    EXPECT_EQ(searcher.thread_count(), 6);
    EXPECT_TRUE(searches(searcher));
}

TEST(PoolFailure, WhenThePreviousSizeFailsTooOneThreadRemains) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(4, NumaPolicy{});
    ASSERT_EQ(searcher.apply_threads(), "");
    searcher.set_spawn_hook([](int index) {
        if (index >= 1) throw std::system_error(EAGAIN, std::generic_category(), "pthread_create");
    });
    searcher.set_threads(16, NumaPolicy{});
    EXPECT_FALSE(searcher.apply_threads().empty());
    EXPECT_EQ(searcher.thread_count(), 1);
    EXPECT_TRUE(searches(searcher));
}

} // namespace
} // namespace flotilla::threads
