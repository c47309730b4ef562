// The worker evaluates with the weights it is given (the thread pool hands each worker
// its NUMA node's copy), not with a global.
#include "search_helpers.h"

#include <gtest/gtest.h>

#include <memory>

namespace flotilla::search {
namespace {

constexpr const char* KNIGHT_UP = "4k3/pp6/8/8/8/8/PP2N3/4K3 w - - 0 1";

SearchResult search_with(const eval::Weights* weights, const std::string& fen, int depth) {
    return testing::run_search(fen, testing::depth_limit(depth), Params{}, weights).result;
}

TEST(WorkerEvalWeights, DefaultsToTheBuiltInWeights) {
    TranspositionTable tt;
    Worker worker(tt);
    EXPECT_EQ(&worker.eval_weights(), &eval::DEFAULT_WEIGHTS);
}

TEST(WorkerEvalWeights, AnIdenticalCopySearchesTheSameTree) {
    const auto copy = std::make_unique<const eval::Weights>(eval::DEFAULT_WEIGHTS);
    const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    const SearchResult own = search_with(copy.get(), fen, 7);
    const SearchResult builtIn = search_with(nullptr, fen, 7);
    EXPECT_EQ(own.nodes, builtIn.nodes);
    EXPECT_EQ(own.score, builtIn.score);
    EXPECT_EQ(own.bestMove, builtIn.bestMove);
}

TEST(WorkerEvalWeights, OtherWeightsChangeTheScore) {
    auto heavyKnights = std::make_unique<eval::Weights>(eval::DEFAULT_WEIGHTS);
    heavyKnights->pieceValue[KNIGHT - PAWN].mg += 500;
    heavyKnights->pieceValue[KNIGHT - PAWN].eg += 500;
    const SearchResult heavy = search_with(heavyKnights.get(), KNIGHT_UP, 4);
    const SearchResult builtIn = search_with(nullptr, KNIGHT_UP, 4);
    EXPECT_GT(heavy.score, builtIn.score + 300);
}

} // namespace
} // namespace flotilla::search
