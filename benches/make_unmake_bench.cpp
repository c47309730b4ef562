// make_move + unmake_move of every legal move of a position.
#include "bench_positions.h"
#include "core/movegen.h"

#include <benchmark/benchmark.h>

namespace flotilla::bench {
namespace {

void BM_MakeUnmakeAll(benchmark::State& state) {
    Position pos = load(int(state.range(0)));
    const MoveList moves(pos);
    for (auto _ : state) {
        for (Move m : moves) {
            pos.make_move(m);
            benchmark::DoNotOptimize(pos.key());
            pos.unmake_move(m);
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(moves.size()));
    state.SetLabel(std::string(POSITIONS[state.range(0)].name));
}

BENCHMARK(BM_MakeUnmakeAll)->DenseRange(0, int(std::size(POSITIONS)) - 1);

} // namespace
} // namespace flotilla::bench
