// Transposition-table probe + store at random keys, by table size: what a node pays
// for the table once it no longer fits in the caches (the latency that limits Lazy SMP
// on big machines, docs/threads.md). The prefetched variant issues the prefetch a few
// keys ahead, as the search does after make_move, to show how much of it can be hidden.
#include "search/tt.h"

#include <benchmark/benchmark.h>

#include <cstdint>

namespace flotilla::bench {
namespace {

std::uint64_t next_key(std::uint64_t& state) { // xorshift64
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

template <int PrefetchDistance> void BM_TTProbeStore(benchmark::State& state) {
    search::TranspositionTable tt;
    if (!tt.resize(std::size_t(state.range(0)))) {
        state.SkipWithError("table allocation failed");
        return;
    }
    std::uint64_t ahead = 0x9E3779B97F4A7C15ULL, behind = ahead;
    for (int i = 0; i < PrefetchDistance; ++i) tt.prefetch(next_key(ahead));
    for (auto _ : state) {
        if (PrefetchDistance > 0) tt.prefetch(next_key(ahead));
        const Key key = next_key(behind);
        auto hit = tt.probe(key);
        benchmark::DoNotOptimize(hit);
        tt.store(key, Value(17), Value(11), Depth(5), search::BOUND_EXACT, Move::none());
    }
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_TTProbeStore<0>)->Arg(16)->Arg(256)->Arg(4096);
BENCHMARK(BM_TTProbeStore<8>)->Arg(16)->Arg(256)->Arg(4096);

} // namespace
} // namespace flotilla::bench
