// Whole-tree perft speed; items per second are leaf nodes per second.
#include "bench_positions.h"
#include "core/perft.h"

#include <benchmark/benchmark.h>

namespace flotilla::bench {
namespace {

void BM_Perft(benchmark::State& state) {
    Position pos = load(int(state.range(0)));
    const int depth = int(state.range(1));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        const std::uint64_t n = perft(pos, depth);
        benchmark::DoNotOptimize(n);
        nodes += n;
    }
    state.SetItemsProcessed(std::int64_t(nodes));
    state.SetLabel(std::string(POSITIONS[state.range(0)].name));
}

// perft_divide with root moves shared among oneTBB workers.
void BM_PerftThreads(benchmark::State& state) {
    const Position pos = load(int(state.range(0)));
    const int depth = int(state.range(1));
    const int threads = int(state.range(2));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        for (const auto& [move, n] : perft_divide(pos, depth, threads)) nodes += n;
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(nodes));
    state.SetLabel(std::string(POSITIONS[state.range(0)].name));
}

// {position index, depth}: start = 0, Kiwipete = 1.
BENCHMARK(BM_Perft)->Args({0, 4})->Args({0, 5})->Args({1, 4})->Args({1, 5})->Unit(
    benchmark::kMillisecond);
// Wall time, since the work runs on other threads.
BENCHMARK(BM_PerftThreads)
    ->Args({0, 5, 1})
    ->Args({0, 5, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
} // namespace flotilla::bench
