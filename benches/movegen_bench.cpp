// Move generation speed per position: full legal lists, the NOISY/QUIETS split
// that search uses, and perft's count-only path.
#include "bench_positions.h"
#include "core/movegen.h"

#include <benchmark/benchmark.h>

namespace flotilla::bench {
namespace {

template <GenType Type> void BM_Generate(benchmark::State& state) {
    const Position pos = load(int(state.range(0)));
    Move moves[MAX_MOVES];
    std::int64_t generated = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(moves);
        Move* end = generate<Type>(pos, moves);
        benchmark::DoNotOptimize(end);
        benchmark::ClobberMemory();
        generated += end - moves;
    }
    state.SetItemsProcessed(generated);
    state.SetLabel(std::string(POSITIONS[state.range(0)].name));
}

void BM_CountLegalMoves(benchmark::State& state) {
    const Position pos = load(int(state.range(0)));
    std::int64_t counted = 0;
    for (auto _ : state) {
        const Position* p = &pos;
        benchmark::DoNotOptimize(p); // stop the count being hoisted out of the loop
        const int n = count_legal_moves(*p);
        benchmark::DoNotOptimize(n);
        counted += n;
    }
    state.SetItemsProcessed(counted);
    state.SetLabel(std::string(POSITIONS[state.range(0)].name));
}

constexpr int LAST = int(std::size(POSITIONS)) - 1;

BENCHMARK(BM_Generate<LEGAL>)->DenseRange(0, LAST);
BENCHMARK(BM_Generate<NOISY>)->DenseRange(0, LAST);
BENCHMARK(BM_Generate<QUIETS>)->DenseRange(0, LAST);
BENCHMARK(BM_CountLegalMoves)->DenseRange(0, LAST);

} // namespace
} // namespace flotilla::bench
