// End-to-end search behaviour: mates with their distance, positions without a
// legal move, draws by repetition, limits, and the null-move guards.
#include "search/selectivity/null_move.h"
#include "search_helpers.h"

#include "core/movegen.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::run_search;

namespace {

struct MateCase {
    const char* fen;
    int moves;         // mate in this many moves
    const char* first; // the only mating first move
};

// Mate distances confirmed with Stockfish 15.1 (`go depth 22`).
const MateCase MATES[] = {
    {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8"},     // back-rank mate
    {"6k1/5ppp/8/8/8/8/1Q6/1R4K1 w - - 0 1", 1, "b2b8"},  // queen backed by a rook
    {"r5k1/5ppp/8/8/8/8/1Q6/1R4K1 w - - 0 1", 2, "b2b8"}, // queen sacrifice, then Rxb8#
    {"1r4k1/1q6/8/8/8/8/5PPP/R5K1 b - - 0 1", 2, "b7b1"}, // the same for black
    {"1k6/8/8/8/8/8/8/R3K2R w - - 0 1", 2, nullptr},      // two rooks
    {"k7/8/8/3K4/8/8/8/7R w - - 0 1", 3, "d5c6"},         // king and rook
};

} // namespace

TEST(Search, FindsMatesWithTheirDistance) {
    for (const auto& c : MATES) {
        const auto run = run_search(c.fen, depth_limit(2 * c.moves + 2));
        EXPECT_EQ(run.result.score, mate_in(2 * c.moves - 1)) << c.fen;
        Position pos;
        ASSERT_TRUE(pos.set_fen(c.fen, false));
        if (c.first) {
            EXPECT_EQ(pos.move_to_uci(run.result.bestMove), c.first) << c.fen;
        }
        ASSERT_FALSE(run.infos.empty());
        EXPECT_EQ(run.infos.back().score, mate_in(2 * c.moves - 1));
        // The PV is the whole mating line: 2N - 1 plies, each legal in turn.
        const auto& pv = run.infos.back().pv;
        EXPECT_EQ(int(pv.size()), 2 * c.moves - 1) << c.fen;
        for (Move m : pv) {
            ASSERT_TRUE(MoveList(pos).contains(m)) << c.fen;
            pos.make_move(m);
        }
        EXPECT_TRUE(pos.in_check());
        EXPECT_EQ(MoveList(pos).size(), 0u) << c.fen;
    }
}

TEST(Search, MatedSideSeesItsMateDistance) {
    // White to move is mated in two whatever it plays (Stockfish 15.1: mate -2).
    const char* fen = "5rk1/6pp/8/8/8/8/qq6/4Q1K1 w - - 0 1";
    // Without pruning the shortest mate is exact at depth 6; with it, by depth 10.
    Params exhaustive;
    exhaustive.nullMove.enabled = exhaustive.reverseFutility.enabled = false;
    exhaustive.futility.enabled = exhaustive.lateMovePruning.enabled = false;
    exhaustive.lateMoveReductions.enabled = false;
    EXPECT_EQ(run_search(fen, depth_limit(6), exhaustive).result.score, mated_in(4));
    EXPECT_EQ(run_search(fen, depth_limit(10)).result.score, mated_in(4));
}

TEST(Search, NoLegalMoves) {
    // Stalemate: no move, draw score.
    auto run = run_search("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", depth_limit(5));
    EXPECT_FALSE(run.result.bestMove);
    EXPECT_EQ(run.result.score, VALUE_DRAW);
    // Checkmate: no move, mated score.
    run = run_search("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", depth_limit(5));
    EXPECT_FALSE(run.result.bestMove);
    EXPECT_EQ(run.result.score, mated_in(0));
    ASSERT_EQ(run.infos.size(), 1u);
    EXPECT_TRUE(run.infos[0].pv.empty());
}

TEST(Search, RepetitionIsADraw) {
    // White is a queen up, but the knight shuffle has already been played twice:
    // going back to f3 a third time repeats the position a third time.
    Position pos;
    ASSERT_TRUE(pos.set_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false));
    for (int cycle = 0; cycle < 2; ++cycle)
        for (const char* uci : {"g1f3", "g8f6", "f3g1", "f6g8"})
            pos.make_move(pos.parse_uci_move(uci));
    Limits limits = depth_limit(6);
    limits.searchMoves = {pos.parse_uci_move("g1f3")};
    auto run = run_search(pos, limits);
    EXPECT_EQ(pos.move_to_uci(run.result.bestMove), "g1f3");
    EXPECT_EQ(run.result.score, VALUE_DRAW);

    // Any other move keeps the extra queen.
    limits.searchMoves = {pos.parse_uci_move("b1c3")};
    run = run_search(pos, limits);
    EXPECT_GT(run.result.score, 500);
}

TEST(Search, FiftyMoveRuleIsADraw) {
    // A queen up, but the next quiet move is the hundredth half-move without progress.
    const auto run = run_search("4k3/8/8/8/8/8/8/3QK3 w - - 99 80", depth_limit(4));
    EXPECT_EQ(run.result.score, VALUE_DRAW);
    const auto fresh = run_search("4k3/8/8/8/8/8/8/3QK3 w - - 0 80", depth_limit(4));
    EXPECT_GT(fresh.result.score, 500);
}

TEST(Search, NodeLimitIsExactAndRepeatable) {
    Limits limits;
    limits.nodes = 20000;
    const char* fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    const auto a = run_search(fen, limits);
    const auto b = run_search(fen, limits);
    EXPECT_EQ(a.result.nodes, 20000u);
    EXPECT_EQ(b.result.nodes, 20000u);
    EXPECT_EQ(a.result.bestMove, b.result.bestMove);
    EXPECT_TRUE(a.result.bestMove);
}

// A soft node limit ends the search on the first completed iteration that passes it: the
// same tree as a search to that depth, whose previous iteration had not reached the limit.
TEST(Search, SoftNodeLimitEndsOnACompletedIteration) {
    const char* fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    Limits limits;
    limits.softNodes = 5000;
    limits.nodes = 1000000; // the hard cap, far away
    const auto soft = run_search(fen, limits);
    ASSERT_GT(soft.result.depth, 1);
    EXPECT_GE(soft.result.nodes, 5000u);
    EXPECT_LT(soft.result.nodes, 1000000u);
    const auto sameDepth = run_search(fen, depth_limit(soft.result.depth));
    EXPECT_EQ(sameDepth.result.nodes, soft.result.nodes);
    EXPECT_EQ(sameDepth.result.bestMove, soft.result.bestMove);
    EXPECT_LT(run_search(fen, depth_limit(soft.result.depth - 1)).result.nodes, 5000u);
    // The hard cap still ends the move, mid-iteration.
    limits.nodes = 5000;
    limits.softNodes = 4000;
    EXPECT_EQ(run_search(fen, limits).result.nodes, 5000u);
}

TEST(Search, SearchMovesRestrictTheRoot) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(Position::START_FEN, false));
    Limits limits = depth_limit(4);
    limits.searchMoves = {pos.parse_uci_move("a2a3"), pos.parse_uci_move("h2h3")};
    const auto run = run_search(pos, limits);
    EXPECT_TRUE(run.result.bestMove == limits.searchMoves[0] ||
                run.result.bestMove == limits.searchMoves[1]);
}

TEST(Search, StopFlagEndsAnInfiniteSearch) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(Position::START_FEN, false));
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    std::atomic<bool> stop{true}; // raised before the start: only depth 1 completes
    Limits limits;
    limits.infinite = true;
    const auto result = worker->iterative_deepening(pos, limits, Params{}, stop);
    EXPECT_EQ(result.depth, 1);
    EXPECT_TRUE(MoveList(pos).contains(result.bestMove));
}

TEST(Search, InfoReportsEachIteration) {
    const auto run = run_search(Position::START_FEN, depth_limit(5));
    ASSERT_EQ(run.infos.size(), 5u);
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(run.infos[i].depth, i + 1);
        EXPECT_GE(run.infos[i].seldepth, i + 1);
        EXPECT_FALSE(run.infos[i].pv.empty());
        EXPECT_EQ(run.infos[i].bound, BOUND_EXACT);
    }
    EXPECT_EQ(run.result.bestMove, run.infos.back().pv[0]);
}

TEST(NullMove, NotTriedInCheckNorAfterANullMoveNorWithOnlyPawns) {
    const NullMoveParams p;
    const NullMoveContext ok{8, 100, 50, false, false, false, true};
    EXPECT_TRUE(null_move_allowed(p, ok));
    auto c = ok;
    c.verifying = true; // a verification search runs with null moves off
    EXPECT_FALSE(null_move_allowed(p, c));
    c = ok;
    c.inCheck = true;
    EXPECT_FALSE(null_move_allowed(p, c));
    c = ok;
    c.afterNullMove = true;
    EXPECT_FALSE(null_move_allowed(p, c));
    c = ok;
    c.hasNonPawnMaterial = false;
    EXPECT_FALSE(null_move_allowed(p, c));
    c = ok;
    c.staticEval = 10; // below beta
    EXPECT_FALSE(null_move_allowed(p, c));
    NullMoveParams off;
    off.enabled = false;
    EXPECT_FALSE(null_move_allowed(off, ok));
    // Adaptive R grows with depth and with the margin over beta.
    EXPECT_LT(null_move_reduction(p, 4, 60, 50), null_move_reduction(p, 12, 60, 50));
    EXPECT_LT(null_move_reduction(p, 8, 60, 50), null_move_reduction(p, 8, 650, 50));
}

// Each case changes one field of a context that passes, so only that guard decides.
TEST(NullMove, NotAtPvNodesNorTooShallowNorAgainstAMateBound) {
    const NullMoveParams p;
    const NullMoveContext ok{8, 100, 50, false, false, false, true};
    ASSERT_TRUE(null_move_allowed(p, ok));
    auto c = ok;
    c.pvNode = true; // a PV node needs an exact score, not a bound from passing
    EXPECT_FALSE(null_move_allowed(p, c));
    c = ok;
    c.depth = p.minDepth - 1;
    EXPECT_FALSE(null_move_allowed(p, c));
    c.depth = p.minDepth;
    EXPECT_TRUE(null_move_allowed(p, c));
    // A pass proves nothing about mates: not against a beta in the mate or tablebase
    // range (the eval stays at or above beta, so only that guard decides).
    for (Value beta : {VALUE_TB_LOSS_IN_MAX_PLY, mated_in(10), VALUE_TB_WIN_IN_MAX_PLY}) {
        c = ok;
        c.beta = beta;
        c.staticEval = std::max(beta, c.staticEval);
        EXPECT_FALSE(null_move_allowed(p, c)) << beta;
    }
}

TEST(NullMove, NeverInKingAndPawnEndings) {
    // King and pawns only: zugzwang territory, so no null move anywhere in the tree.
    const auto pawns = run_search("8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1", depth_limit(12));
    EXPECT_GT(pawns.result.nodes, 1000u); // a real tree (a halfmove clock of 99 left only draws)
    EXPECT_EQ(pawns.stats.nullMoveTried, 0u);
    // The counter works: a middlegame search tries it, and the switch turns it off.
    const char* middle = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    EXPECT_GT(run_search(middle, depth_limit(8)).stats.nullMoveTried, 0u);
    Params off;
    off.nullMove.enabled = false;
    EXPECT_EQ(run_search(middle, depth_limit(8), off).stats.nullMoveTried, 0u);
}

TEST(Search, ClearedWorkerSearchesLikeANewOne) {
    Position pos;
    ASSERT_TRUE(
        pos.set_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", false));
    const Limits limits = depth_limit(7);
    std::atomic<bool> stop{false};
    TranspositionTable tt1, tt2;
    auto reused = std::make_unique<Worker>(tt1);
    reused->iterative_deepening(pos, limits, Params{}, stop);
    reused->clear_histories();
    tt1.clear();
    const auto again = reused->iterative_deepening(pos, limits, Params{}, stop);
    const auto fresh =
        std::make_unique<Worker>(tt2)->iterative_deepening(pos, limits, Params{}, stop);
    EXPECT_EQ(again.nodes, fresh.nodes);
    EXPECT_EQ(again.bestMove, fresh.bestMove);
}

TEST(Search, MateLimitStopsOnceTheMateIsProven) {
    Limits limits;
    limits.mate = 3; // no depth, no clock: only the mate ends the search
    const auto run = run_search("k7/8/8/3K4/8/8/8/7R w - - 0 1", limits);
    EXPECT_EQ(run.result.score, mate_in(5));
    EXPECT_LT(run.result.depth, 20);
}
