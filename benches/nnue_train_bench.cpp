// One training step of the NNUE trainer (gradient of a 16384-position batch and
// the AdamW update) on synthetic positions read in shuffled order from a set larger
// than the caches: positions per second at H = 128 to 1024.
#include "tools/nnue_adam.h"
#include "tools/nnue_batch.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>

namespace flotilla::bench {
namespace {

// Random legal positions with about 26 pieces (a middlegame's worth).
std::vector<tools::PackedRecord> synthetic_records(std::size_t count) {
    std::mt19937_64 rng(1);
    const std::string pieces = "PPPPNBRQpppnbrq";
    std::vector<tools::PackedRecord> out;
    while (out.size() < count) {
        std::string board(64, '.');
        board[rng() % 64] = 'K';
        for (int placed = 0; placed < 1;) {
            const std::size_t s = rng() % 64;
            if (board[s] == '.') board[s] = 'k', ++placed;
        }
        for (int i = 0; i < 24; ++i) {
            const std::size_t s = rng() % 64;
            const char p = pieces[rng() % pieces.size()];
            if (board[s] != '.' || ((p == 'P' || p == 'p') && (s < 8 || s >= 56))) continue;
            board[s] = p;
        }
        std::string fen;
        for (int rank = 7; rank >= 0; --rank) {
            int empty = 0;
            for (int file = 0; file < 8; ++file) {
                const char c = board[std::size_t(rank * 8 + file)];
                if (c == '.') {
                    ++empty;
                    continue;
                }
                if (empty) fen += char('0' + empty), empty = 0;
                fen += c;
            }
            if (empty) fen += char('0' + empty);
            if (rank) fen += '/';
        }
        fen += rng() % 2 ? " w - - 0 1" : " b - - 0 1";
        Position pos;
        if (!pos.set_fen(fen, false)) continue;
        out.push_back(tools::pack(pos, int(rng() % 601) - 300, tools::GameResult(rng() % 3)));
    }
    return out;
}

void BM_NnueTrainingStep(benchmark::State& state) {
    using namespace tools::nnue;
    const int hidden = int(state.range(0));
    constexpr std::size_t BATCH = 16384, COPIES = 128;
    // 2 million records (64 MiB, more than the L3) read in shuffled order, as in training.
    static const std::vector<tools::PackedRecord> records = [] {
        const auto distinct = synthetic_records(BATCH);
        std::vector<tools::PackedRecord> all;
        for (std::size_t c = 0; c < COPIES; ++c)
            all.insert(all.end(), distinct.begin(), distinct.end());
        return all;
    }();
    std::vector<std::uint32_t> all(records.size());
    std::iota(all.begin(), all.end(), 0u);
    std::shuffle(all.begin(), all.end(), std::mt19937_64(2));
    std::size_t next = 0;
    FloatNet net(hidden, 8);
    net.init(1);
    AdamW adam;
    adam.resize(net);
    BatchGradient gradient(net, 2);
    for (auto _ : state) {
        const std::span<const std::uint32_t> indices(all.data() + next, BATCH);
        next = (next + BATCH) % all.size();
        benchmark::DoNotOptimize(gradient.compute(net, records, indices, {}));
        adam.step(net, gradient.total(), 0.001f);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(BATCH));
}

BENCHMARK(BM_NnueTrainingStep)
    ->Arg(128)
    ->Arg(256)
    ->Arg(512)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
} // namespace flotilla::bench
