// A search with a network: at every node it evaluates, the lazily updated accumulators
// give what a full refresh gives (null moves, ProbCut, singular searches, Chess960
// castling included), and the network, not the hand-written evaluation, decides.
#include "search_helpers.h"
#include "tests/eval/nnue_random_network.h"

namespace flotilla::search::testing {
namespace {

struct Case {
    const char* fen;
    bool chess960;
};

TEST(NnueSearch, IncrementalEvaluationsEqualFullRefreshes) {
    const nnue::Network net = nnue_test::random_network(64, 8, 99);
    const Case cases[] = {
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
        {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true},
        {"r1k4r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R w HAha - 0 1", true},
    };
    for (const Case& c : cases) {
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(c.fen, c.chess960, &error)) << error;
        TranspositionTable tt;
        auto worker = std::make_unique<Worker>(tt);
        worker->use_network(&net);
        worker->verify_network_evals(true);
        Limits limits;
        std::atomic<bool> stop{false};
        SearchResult result;
        // The null move's accumulator path is checked only where null move is tried, which
        // a depth-8 search of a random network's evaluations may not do: deeper until it is.
        for (limits.depth = 8; limits.depth <= 12; ++limits.depth) {
            result = worker->iterative_deepening(pos, limits, Params{}, stop);
            if (worker->stats().nullMoveTried > 0) break;
        }
        EXPECT_TRUE(result.bestMove.is_ok()) << c.fen;
        EXPECT_GT(worker->stats().nullMoveTried, 0u) << c.fen;
        EXPECT_GT(worker->network_evals_checked(), 500u) << c.fen;
        EXPECT_EQ(worker->network_eval_mismatches(), 0u) << c.fen;
    }
}

TEST(NnueSearch, TheNetworkDecidesTheScore) {
    const nnue::Network net = nnue_test::random_network(64, 8, 99);
    Position pos;
    ASSERT_TRUE(pos.set_fen(Position::START_FEN, false));
    Limits limits;
    limits.depth = 4;
    const testing::Run classical = run_search(pos, limits);
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    worker->use_network(&net);
    std::atomic<bool> stop{false};
    const SearchResult withNet = worker->iterative_deepening(pos, limits, Params{}, stop);
    EXPECT_NE(withNet.score, classical.result.score);
}

} // namespace
} // namespace flotilla::search::testing
