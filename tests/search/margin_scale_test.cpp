// NetworkMarginScale: the evaluation margins scale together, the material (SEE) ones do
// not, and only a search with a network sees the scaled margins.
#include "search/margin_scale.h"
#include "search_helpers.h"
#include "tests/eval/nnue_random_network.h"

namespace flotilla::search::testing {
namespace {

TEST(MarginScale, ScalesEveryEvaluationMarginAndNothingElse) {
    const Params base;
    Params p;
    scale_eval_margins(p, 50);
    const auto half = [](int v) { return (v + 1) / 2; }; // to nearest, halves up
    EXPECT_EQ(p.reverseFutility.marginPerDepth, half(base.reverseFutility.marginPerDepth));
    EXPECT_EQ(p.futility.base, half(base.futility.base));
    EXPECT_EQ(p.futility.perDepth, half(base.futility.perDepth));
    EXPECT_EQ(p.razoring.qsearchMarginBase, half(base.razoring.qsearchMarginBase));
    EXPECT_EQ(p.razoring.qsearchMarginPerDepth, half(base.razoring.qsearchMarginPerDepth));
    EXPECT_EQ(p.razoring.limitedMargin, half(base.razoring.limitedMargin));
    EXPECT_EQ(p.probCut.margin, half(base.probCut.margin));
    EXPECT_EQ(p.deltaPruning.margin, half(base.deltaPruning.margin));
    EXPECT_EQ(p.nullMove.evalDivisor, half(base.nullMove.evalDivisor));
    // Material margins and depths stay.
    EXPECT_EQ(p.seePruning.quietMarginPerDepth, base.seePruning.quietMarginPerDepth);
    EXPECT_EQ(p.seePruning.captureMarginPerDepth2, base.seePruning.captureMarginPerDepth2);
    EXPECT_EQ(p.reverseFutility.maxDepth, base.reverseFutility.maxDepth);
    EXPECT_EQ(p.futility.maxDepth, base.futility.maxDepth);

    Params up;
    scale_eval_margins(up, 125); // rounds to nearest: 59 * 1.25 = 73.75 -> 74
    EXPECT_EQ(up.reverseFutility.marginPerDepth,
              (base.reverseFutility.marginPerDepth * 125 + 50) / 100);
    EXPECT_EQ(up.futility.base, (base.futility.base * 125 + 50) / 100);

    Params tiny;
    tiny.nullMove.evalDivisor = 1;
    scale_eval_margins(tiny, 10);
    EXPECT_EQ(tiny.nullMove.evalDivisor, 1); // never 0: null move divides by it
}

std::uint64_t nodes_with(const nnue::Network* net, int percent) {
    Position pos;
    EXPECT_TRUE(
        pos.set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false));
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    worker->use_network(net);
    Limits limits;
    limits.depth = 8;
    Params params;
    params.networkMarginPercent = percent;
    std::atomic<bool> stop{false};
    worker->iterative_deepening(pos, limits, params, stop);
    return worker->nodes();
}

TEST(MarginScale, OnlyASearchWithANetworkScalesItsMargins) {
    const nnue::Network net = nnue_test::random_network(64, 8, 99);
    EXPECT_NE(nodes_with(&net, 100), nodes_with(&net, 40));
    EXPECT_EQ(nodes_with(nullptr, 100), nodes_with(nullptr, 40));
}

} // namespace
} // namespace flotilla::search::testing
