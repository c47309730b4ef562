// The neural evaluation's three costs, for H = 128 and 256 (the range argument): a full
// accumulator refresh (one perspective, Kiwipete's 32 pieces), an incremental update
// (one capture, both perspectives) and the output layer alone (accumulators computed).
#include "bench_positions.h"
#include "core/movegen.h"
#include "eval/nnue/evaluate.h"
#include "tests/eval/nnue_random_network.h"

#include <benchmark/benchmark.h>

namespace flotilla::bench {
namespace {

constexpr int KIWIPETE = 1;

void BM_NnueRefresh(benchmark::State& state) {
    const nnue::Network net = nnue_test::random_network(int(state.range(0)), 8, 1);
    const Position pos = load(KIWIPETE);
    nnue::AccumulatorStack stack;
    stack.reset(net);
    for (auto _ : state) {
        stack.refresh(pos, net, WHITE);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_NnueIncrementalUpdate(benchmark::State& state) {
    const nnue::Network net = nnue_test::random_network(int(state.range(0)), 8, 1);
    Position pos = load(KIWIPETE);
    const Move capture = pos.parse_uci_move("e2a6"); // bishop takes bishop
    const nnue::DirtyPiece changes = nnue::changes_of(pos, capture);
    nnue::AccumulatorStack stack;
    stack.reset(net);
    stack.update(pos, net, WHITE);
    stack.update(pos, net, BLACK);
    pos.make_move(capture);
    for (auto _ : state) {
        stack.push(changes);
        benchmark::DoNotOptimize(stack.update(pos, net, WHITE));
        benchmark::DoNotOptimize(stack.update(pos, net, BLACK));
        stack.pop();
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_NnueOutputLayer(benchmark::State& state) {
    const nnue::Network net = nnue_test::random_network(int(state.range(0)), 8, 1);
    const Position pos = load(KIWIPETE);
    nnue::AccumulatorStack stack;
    stack.reset(net);
    for (auto _ : state) benchmark::DoNotOptimize(nnue::evaluate(pos, stack, net));
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_NnueRefresh)->Arg(128)->Arg(256);
BENCHMARK(BM_NnueIncrementalUpdate)->Arg(128)->Arg(256);
BENCHMARK(BM_NnueOutputLayer)->Arg(128)->Arg(256);

} // namespace
} // namespace flotilla::bench
