// Lazy SMP: the vote, and searches on the thread pool with 1 to 256 threads.
#include "core/movegen.h"
#include "threads/lazy_smp.h"
#include "threads/search_thread.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace flotilla::threads {
namespace {

search::SearchResult result(Move m, Value score, int depth) {
    search::SearchResult r;
    r.bestMove = m;
    r.score = score;
    r.depth = depth;
    return r;
}

const Move A = Move(SQ_E2, SQ_E4);
const Move B = Move(SQ_D2, SQ_D4);

TEST(PickBestThread, ThreadsWithoutAFinishedIterationNeverWin) {
    const std::vector<search::SearchResult> results = {result(A, 10, 3), result(B, 900, 0)};
    EXPECT_EQ(pick_best_thread(results), 0u);
}

TEST(PickBestThread, NoFinishedIterationFallsBackToTheMainThread) {
    const std::vector<search::SearchResult> results = {result(A, 0, 0), result(B, 0, 0)};
    EXPECT_EQ(pick_best_thread(results), 0u);
}

TEST(PickBestThread, MoveBackedByMoreDepthWins) {
    // Two helpers agree on B at depth 10; the main thread says A at depth 9.
    const std::vector<search::SearchResult> results = {result(A, 20, 9), result(B, 20, 10),
                                                       result(B, 20, 10)};
    EXPECT_EQ(results[pick_best_thread(results)].bestMove, B);
}

TEST(PickBestThread, ShortestMateWins) {
    const std::vector<search::SearchResult> results = {result(A, 50, 12), result(B, mate_in(5), 6),
                                                       result(A, mate_in(3), 4)};
    EXPECT_EQ(pick_best_thread(results), 2u);
}

Position from_fen(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set_fen(fen, false, &error)) << error;
    return pos;
}

bool is_legal(const Position& pos, Move m) {
    for (Move legal : MoveList(pos))
        if (legal == m) return true;
    return false;
}

// Runs one search to the end; counts the bestmove callbacks.
struct Searched {
    search::SearchResult result;
    int bestMoves = 0;
};

Searched search_with(SearchThread& searcher, const Position& pos, const search::Limits& limits) {
    Searched out;
    searcher.start(pos, limits, search::Params{}, {}, [&](const search::SearchResult& r) {
        out.result = r;
        ++out.bestMoves;
    });
    searcher.wait();
    return out;
}

class ThreadCounts : public ::testing::TestWithParam<int> {};

TEST_P(ThreadCounts, LegalBestMoveAndSensibleScore) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(GetParam(), NumaPolicy{});
    search::Limits limits;
    limits.depth = 7;
    // Quiet positions: a score within a few pawns.
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                            "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1"}) {
        const Position pos = from_fen(fen);
        const Searched s = search_with(searcher, pos, limits);
        EXPECT_EQ(s.bestMoves, 1) << fen;
        EXPECT_TRUE(is_legal(pos, s.result.bestMove)) << fen;
        EXPECT_LT(std::abs(s.result.score), 400) << fen;
        EXPECT_GE(s.result.depth, 1) << fen;
    }
    // A queen up: clearly winning.
    const Position up = from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    const Searched s = search_with(searcher, up, limits);
    EXPECT_TRUE(is_legal(up, s.result.bestMove));
    EXPECT_GT(s.result.score, 500);
    // Mate in one (Qd8#) is found by the vote.
    const Position mate = from_fen("6k1/5ppp/8/8/8/8/8/3QK3 w - - 0 1");
    const Searched m = search_with(searcher, mate, limits);
    EXPECT_EQ(m.result.bestMove, Move(SQ_D1, SQ_D8));
    EXPECT_EQ(m.result.score, mate_in(1));
}

INSTANTIATE_TEST_SUITE_P(LazySmp, ThreadCounts, ::testing::Values(1, 2, 8));

TEST(LazySmp, StopEndsAnEightThreadInfiniteSearchWithOneBestMove) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(8, NumaPolicy{});
    const Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    search::Limits limits;
    limits.infinite = true;
    std::atomic<int> bestMoves{0};
    std::atomic<int> infos{0};
    Move best = Move::none();
    searcher.start(
        pos, limits, search::Params{}, [&](const search::SearchInfo&) { ++infos; },
        [&](const search::SearchResult& r) {
            best = r.bestMove;
            ++bestMoves;
        });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_TRUE(searcher.searching()); // infinite: held until stop
    searcher.stop();
    searcher.wait();
    EXPECT_FALSE(searcher.searching());
    EXPECT_EQ(bestMoves.load(), 1);
    EXPECT_TRUE(is_legal(pos, best));
}

TEST(LazySmp, GoNodesStopsAllFourThreads) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(4, NumaPolicy{});
    search::Limits limits;
    limits.nodes = 20000;
    const Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const Searched s = search_with(searcher, pos, limits);
    EXPECT_EQ(s.bestMoves, 1);
    EXPECT_TRUE(is_legal(pos, s.result.bestMove));
    EXPECT_GE(s.result.nodes, 20000u); // summed over the threads
}

TEST(LazySmp, InfoNodesAreSummedOverThreads) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(3, NumaPolicy{});
    search::Limits limits;
    limits.depth = 8;
    const Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    std::mutex m;
    std::uint64_t lastInfoNodes = 0;
    search::SearchResult final;
    searcher.start(
        pos, limits, search::Params{},
        [&](const search::SearchInfo& info) {
            std::lock_guard lock(m);
            lastInfoNodes = info.nodes;
        },
        [&](const search::SearchResult& r) { final = r; });
    searcher.wait();
    EXPECT_GT(lastInfoNodes, 0u);
    EXPECT_GE(final.nodes, lastInfoNodes); // helpers keep counting after the last info
}

// 256 threads on a small machine: repeated go / stop / ucinewgame / Threads changes
// never crash, deadlock or lose a bestmove.
TEST(LazySmp, StressManyThreadsRepeatedCycles) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    const Position pos =
        from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    int started = 0;
    std::atomic<int> bestMoves{0};
    // Building 256 workers (2 MiB of histories each) takes seconds on this machine's
    // slow page faults, so the big pool is built once; the small ones cycle.
    const int counts[] = {3, 256, 1, 16};
    for (int cycle = 0; cycle < 4; ++cycle) {
        searcher.set_threads(counts[cycle], NumaPolicy{});
        for (int go = 0; go < 3; ++go) {
            search::Limits limits;
            if (go == 0) limits.infinite = true;
            if (go == 1) limits.nodes = 5000;
            if (go == 2) limits.depth = 3;
            searcher.start(pos, limits, search::Params{}, {}, [&](const search::SearchResult& r) {
                EXPECT_TRUE(is_legal(pos, r.bestMove));
                ++bestMoves;
            });
            ++started;
            if (go == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
            searcher.stop();
            searcher.wait();
        }
        if (counts[cycle] < 256) searcher.clear_histories(); // ucinewgame
    }
    EXPECT_EQ(bestMoves.load(), started);
}

} // namespace
} // namespace flotilla::threads
