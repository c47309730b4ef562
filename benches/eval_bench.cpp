// The evaluation on the shared positions, with a warm pawn cache (as in a search,
// where most probes hit) and with a cold one (every call recomputes the pawns).
#include "bench_positions.h"
#include "eval/evaluate.h"
#include "eval/pawns.h"

#include <benchmark/benchmark.h>

#include <string>

namespace flotilla::bench {
namespace {

void BM_EvaluateWarmPawnCache(benchmark::State& state) {
    const Position pos = load(int(state.range(0)));
    eval::PawnCache cache(4096);
    for (auto _ : state) benchmark::DoNotOptimize(eval::evaluate(pos, cache));
    state.SetLabel(std::string(POSITIONS[state.range(0)].name));
    state.SetItemsProcessed(state.iterations());
}

void BM_EvaluateColdPawnCache(benchmark::State& state) {
    const Position pos = load(int(state.range(0)));
    eval::PawnCache cache(1);
    for (auto _ : state) {
        cache.clear();
        benchmark::DoNotOptimize(eval::evaluate(pos, cache));
    }
    state.SetLabel(std::string(POSITIONS[state.range(0)].name));
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_EvaluateWarmPawnCache)->DenseRange(0, int(std::size(POSITIONS)) - 1);
BENCHMARK(BM_EvaluateColdPawnCache)->DenseRange(0, int(std::size(POSITIONS)) - 1);

} // namespace
} // namespace flotilla::bench
