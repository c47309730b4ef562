// Slider attack lookups (PEXT or magics, whichever this build uses) over a fixed
// set of pseudo-random occupancies, so the table reads are not all cache-hot.
#include "core/attacks.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>

namespace flotilla::bench {
namespace {

constexpr int SAMPLES = 4096;

struct Sample {
    Square square;
    Bitboard occupied;
};

// Sparse random boards (about a quarter of squares set, like a middlegame).
std::array<Sample, SAMPLES> make_samples() {
    std::array<Sample, SAMPLES> samples{};
    std::uint64_t state = 0x0123456789ABCDEFULL;
    auto next = [&] { // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    for (auto& s : samples) {
        s.square = Square(next() & 63);
        s.occupied = next() & next();
    }
    return samples;
}

template <Bitboard (*Attacks)(Square, Bitboard)> void BM_SliderAttacks(benchmark::State& state) {
    static const auto samples = make_samples();
    for (auto _ : state) {
        Bitboard acc = 0;
        for (const Sample& s : samples) acc ^= Attacks(s.square, s.occupied);
        benchmark::DoNotOptimize(acc);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * SAMPLES);
    state.SetLabel(uses_pext() ? "pext" : "magic");
}

BENCHMARK(BM_SliderAttacks<bishop_attacks>)->Name("BM_BishopAttacks");
BENCHMARK(BM_SliderAttacks<rook_attacks>)->Name("BM_RookAttacks");
BENCHMARK(BM_SliderAttacks<queen_attacks>)->Name("BM_QueenAttacks");

} // namespace
} // namespace flotilla::bench
