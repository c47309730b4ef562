// The root loop: MultiPV lines, `go mate N`, the ponder move and positions with
// no legal move.
#include "search_helpers.h"

#include "core/movegen.h"

#include <algorithm>
#include <set>

using namespace flotilla;
using namespace flotilla::search;
using namespace flotilla::search::testing;

namespace {
const std::string STARTPOS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Position from_fen(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set_fen(fen, false, &error)) << error;
    return pos;
}

std::vector<SearchInfo> of_depth(const std::vector<SearchInfo>& infos, int depth) {
    std::vector<SearchInfo> out;
    for (const SearchInfo& i : infos)
        if (i.depth == depth && i.bound == BOUND_EXACT) out.push_back(i);
    return out;
}
} // namespace

TEST(RootMultiPv, EachIterationReportsDistinctMovesBestFirst) {
    Params params;
    params.multiPv = 3;
    const auto run = run_search(STARTPOS, depth_limit(5), params);
    const Position pos = from_fen(STARTPOS);
    for (int depth = 1; depth <= 5; ++depth) {
        const auto lines = of_depth(run.infos, depth);
        ASSERT_EQ(lines.size(), 3u) << depth;
        std::set<std::uint16_t> firstMoves;
        for (int k = 0; k < 3; ++k) {
            EXPECT_EQ(lines[k].multiPv, k + 1);
            ASSERT_FALSE(lines[k].pv.empty());
            EXPECT_TRUE(pos.is_pseudo_legal(lines[k].pv[0]) && pos.is_legal(lines[k].pv[0]));
            firstMoves.insert(lines[k].pv[0].raw());
            if (k > 0) {
                EXPECT_LE(lines[k].score, lines[k - 1].score) << depth;
            }
        }
        EXPECT_EQ(firstMoves.size(), 3u) << depth;
    }
    EXPECT_EQ(run.result.bestMove, of_depth(run.infos, 5)[0].pv[0]);
    EXPECT_EQ(run.result.score, of_depth(run.infos, 5)[0].score);
}

TEST(RootMultiPv, MoreLinesThanMovesReportsEveryMoveOnce) {
    // A lone black king in the corner: three moves (Ka7, Kb7, Kb8).
    const std::string fen = "k7/8/8/8/8/8/8/K6R b - - 0 1";
    const Position pos = from_fen(fen);
    const int legal = int(MoveList(pos).size());
    ASSERT_EQ(legal, 3);
    Params params;
    params.multiPv = 256;
    const auto run = run_search(fen, depth_limit(3), params);
    EXPECT_EQ(int(of_depth(run.infos, 3).size()), legal);
}

TEST(RootMultiPv, SingleLineByDefault) {
    const auto run = run_search(STARTPOS, depth_limit(3));
    for (const SearchInfo& i : run.infos) EXPECT_EQ(i.multiPv, 1);
    EXPECT_EQ(of_depth(run.infos, 3).size(), 1u);
}

TEST(RootLimits, GoMateStopsOnceTheMateIsFound) {
    // Mate in one (Qg7#, Qf8#, Qe8#) with no depth limit: the search must stop by
    // itself; the node budget only guards against a hang.
    Limits limits;
    limits.mate = 1;
    limits.nodes = 50'000'000;
    const auto run = run_search("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", limits);
    EXPECT_EQ(run.result.score, mate_in(1));
    EXPECT_LT(run.result.depth, 10);
    EXPECT_LT(run.result.nodes, limits.nodes);
}

TEST(RootLimits, PonderMoveIsALegalReply) {
    const auto run = run_search(STARTPOS, depth_limit(6));
    Position pos = from_fen(STARTPOS);
    ASSERT_TRUE(pos.is_pseudo_legal(run.result.bestMove) && pos.is_legal(run.result.bestMove));
    pos.make_move(run.result.bestMove);
    ASSERT_NE(run.result.ponderMove, Move::none());
    EXPECT_TRUE(pos.is_pseudo_legal(run.result.ponderMove) && pos.is_legal(run.result.ponderMove));
}

TEST(RootLimits, CheckmatedRootReportsMateAndNoMove) {
    const auto run = run_search("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", depth_limit(4));
    EXPECT_EQ(run.result.bestMove, Move::none());
    EXPECT_EQ(run.result.score, mated_in(0));
    ASSERT_EQ(run.infos.size(), 1u);
    EXPECT_EQ(run.infos[0].score, mated_in(0));
}

TEST(RootLimits, StalemateRootReportsDrawAndNoMove) {
    const auto run = run_search("7k/5Q2/5K2/8/8/8/8/8 b - - 0 1", depth_limit(4));
    EXPECT_EQ(run.result.bestMove, Move::none());
    EXPECT_EQ(run.result.score, VALUE_DRAW);
    ASSERT_EQ(run.infos.size(), 1u);
}
