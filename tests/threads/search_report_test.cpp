// What a search on the pool reports across `go` commands: the last PV agrees with the
// best move whichever thread won the vote, and each `go` starts a new table generation.
#include "threads/search_thread.h"

#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>

namespace flotilla::threads {
namespace {

Position from_fen(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set_fen(fen, false, &error)) << error;
    return pos;
}

struct Report {
    std::vector<search::SearchInfo> infos;
    search::SearchResult result;
};

Report search_on(SearchThread& searcher, const Position& pos, const search::Limits& limits) {
    Report report;
    std::mutex m;
    searcher.start(
        pos, limits, search::Params{},
        [&](const search::SearchInfo& info) {
            std::lock_guard lock(m);
            report.infos.push_back(info);
        },
        [&](const search::SearchResult& r) { report.result = r; });
    searcher.wait();
    return report;
}

// GUIs (and fastchess, which warns) take the last PV as the engine's line; with helpers
// the vote may pick a move the main thread never reported, so its line must follow.
TEST(SearchReport, LastPvStartsWithTheBestMoveWhicheverThreadWins) {
    search::TranspositionTable tt;
    SearchThread searcher(tt);
    searcher.set_threads(4, NumaPolicy{});
    const std::vector<std::string> fens = {
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
        "2r3k1/1p3ppp/p3p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
        "8/5pk1/6p1/4P2p/5P1P/6P1/3r4/4R1K1 b - - 0 40",
        "r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN1B3/PPP2PPP/R2Q1RK1 w - - 0 11"};
    for (const std::string& fen : fens)
        for (const std::uint64_t nodes : {30000u, 120000u}) {
            search::Limits limits;
            limits.nodes = nodes;
            const Report r = search_on(searcher, from_fen(fen), limits);
            ASSERT_FALSE(r.infos.empty()) << fen;
            ASSERT_FALSE(r.infos.back().pv.empty()) << fen;
            EXPECT_EQ(r.infos.back().pv.front(), r.result.bestMove) << fen << " nodes " << nodes;
            EXPECT_EQ(r.result.pv.front(), r.result.bestMove) << fen;
        }
}

// Without a new generation per `go`, entries of every earlier move of a game count
// as current: they are replaced last, and hashfull climbs towards 1000.
TEST(SearchReport, EachGoAgesTheEntriesOfTheSearchBefore) {
    search::TranspositionTable tt;
    ASSERT_TRUE(tt.resize(1));
    SearchThread searcher(tt);
    const Position pos =
        from_fen("r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9");
    search::Limits deep;
    deep.nodes = 400000;
    search_on(searcher, pos, deep);
    const int fullAfterDeep = tt.hashfull();
    ASSERT_GT(fullAfterDeep, 300);

    search::Limits shallow;
    shallow.depth = 1;
    const Report r = search_on(searcher, pos, shallow);
    ASSERT_FALSE(r.infos.empty());
    // A depth-1 search writes a handful of entries of its own.
    EXPECT_LT(r.infos.back().hashfull, 50);
    EXPECT_LT(tt.hashfull(), 50);
}

} // namespace
} // namespace flotilla::threads
