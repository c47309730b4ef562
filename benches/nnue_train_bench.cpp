// One training step of the NNUE trainer (gradient of a 16384-position batch and
// the AdamW update) on synthetic positions read in shuffled order from a set larger
// than the caches: positions per second at H = 128 to 1024, with 768 inputs, mirrored,
// or with king buckets; and on random games' positions in shuffled blocks (--segment).
#include "tools/nnue_adam.h"
#include "tools/nnue_batch.h"

#include "core/movegen.h"

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

// 128 copies of `distinct` one after another: 2 million records of a batch of 16,384.
std::vector<tools::PackedRecord> repeated(const std::vector<tools::PackedRecord>& distinct) {
    std::vector<tools::PackedRecord> all;
    for (int c = 0; c < 128; ++c) all.insert(all.end(), distinct.begin(), distinct.end());
    return all;
}

// Consecutive positions of random legal games from the start (90 plies each, positions
// in check left out): runs that share most features, as a game file's are.
std::vector<tools::PackedRecord> game_records(std::size_t count) {
    std::mt19937_64 rng(3);
    std::vector<tools::PackedRecord> out;
    while (out.size() < count) {
        Position pos;
        pos.set_fen(Position::START_FEN, false);
        for (int ply = 0; ply < 90 && out.size() < count; ++ply) {
            const MoveList moves(pos);
            if (moves.size() == 0) break;
            if (!pos.in_check())
                out.push_back(
                    tools::pack(pos, int(rng() % 601) - 300, tools::GameResult(rng() % 3)));
            pos.make_move(*(moves.begin() + rng() % moves.size()));
        }
    }
    return out;
}

// Args: H, then the records per shuffled block (train-nnue --segment; 1: the plain kernel).
// 2 million records of random games, their aligned blocks in shuffled order.
void BM_NnueTrainingStepSegments(benchmark::State& state) {
    using namespace tools::nnue;
    const int hidden = int(state.range(0));
    const auto segment = std::uint32_t(state.range(1));
    constexpr std::size_t BATCH = 16384;
    static const std::vector<tools::PackedRecord> records = repeated(game_records(BATCH));
    std::vector<std::uint32_t> blocks(records.size() / segment), all;
    std::iota(blocks.begin(), blocks.end(), 0u);
    std::shuffle(blocks.begin(), blocks.end(), std::mt19937_64(2));
    for (std::uint32_t b : blocks)
        for (std::uint32_t i = 0; i < segment; ++i) all.push_back(b * segment + i);
    std::size_t next = 0;
    FloatNet net(hidden, 8);
    net.init(1);
    AdamW adam;
    adam.resize(net);
    BatchGradient gradient(net, 2, RowPrecision::FP32, 0, segment > 1);
    LossParams params;
    params.mirrorBlock = segment;
    for (auto _ : state) {
        const std::span<const std::uint32_t> indices(all.data() + next, BATCH);
        next = (next + BATCH) % (all.size() - BATCH);
        benchmark::DoNotOptimize(gradient.compute(net, records, indices, params));
        adam.step(net, gradient.total(), 0.001f);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(BATCH));
    state.counters["rows/pos"] = double(gradient.rows_read()) / double(BATCH);
}

// Args: H, then the input layout: 0 feature set 1 (768 inputs), 1 horizontally mirrored,
// 4 or 8 king buckets (mirrored, with the factoriser's shared block, as train-nnue trains them);
// last the row precision, 0 float or 1 bfloat16 (--precision).
void BM_NnueTrainingStep(benchmark::State& state) {
    using namespace tools::nnue;
    const int hidden = int(state.range(0));
    const int buckets = state.range(1) == 1 ? 0 : int(state.range(1));
    const std::string layoutName = state.range(1) == 0 ? "none"
                                   : buckets == 0      ? "mirror"
                                                       : std::to_string(buckets);
    std::string why;
    const auto layout = flotilla::nnue::InputLayout::named(layoutName, &why);
    if (!layout) {
        state.SkipWithError(why.c_str());
        return;
    }
    constexpr std::size_t BATCH = 16384;
    // 2 million records (64 MiB, more than the L3) read in shuffled order, as in training.
    static const std::vector<tools::PackedRecord> records = repeated(synthetic_records(BATCH));
    std::vector<std::uint32_t> all(records.size());
    std::iota(all.begin(), all.end(), 0u);
    std::shuffle(all.begin(), all.end(), std::mt19937_64(2));
    std::size_t next = 0;
    FloatNet net(hidden, 8, *layout, buckets > 0);
    net.init(1);
    AdamW adam;
    adam.resize(net);
    BatchGradient gradient(net, 2, state.range(2) ? RowPrecision::BF16 : RowPrecision::FP32);
    for (auto _ : state) {
        const std::span<const std::uint32_t> indices(all.data() + next, BATCH);
        next = (next + BATCH) % all.size();
        benchmark::DoNotOptimize(gradient.compute(net, records, indices, {}));
        adam.step(net, gradient.total(), 0.001f);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(BATCH));
}

// The ceilings of the kernel's memory traffic: 52 rows of H floats (a position's active
// features, both perspectives) picked at random from 768, each added to (mode 0, as the
// trainer's gradient scatter does) or summed 64 floats at a time in registers (mode 1,
// a forward pass that never stores its accumulator before the last row).
void BM_NnueRowStreaming(benchmark::State& state) {
    using V8 = float __attribute__((vector_size(32)));
    using V8u = float __attribute__((vector_size(32), aligned(1), may_alias));
    const int hidden = int(state.range(0)), mode = int(state.range(1));
    constexpr int ROWS = 768, ACTIVE = 52;
    std::vector<float> w(std::size_t(ROWS) * hidden, 0.001f), acc(hidden), grad(hidden, 0.5f);
    std::vector<std::uint16_t> features(1 << 16);
    std::mt19937 rng(1);
    for (auto& f : features) f = std::uint16_t(rng() % ROWS);
    std::size_t k = 0;
    for (auto _ : state) {
        const std::uint16_t* f = &features[k];
        k = (k + ACTIVE) % (features.size() - ACTIVE);
        if (mode == 0) {
            const float* __restrict g = grad.data();
            for (int j = 0; j < ACTIVE; ++j) {
                float* __restrict r = &w[std::size_t(f[j]) * hidden];
                for (int i = 0; i < hidden; ++i) r[i] += g[i];
            }
        } else {
            for (int c = 0; c + 64 <= hidden; c += 64) {
                V8 a[8] = {};
                for (int j = 0; j < ACTIVE; ++j) {
                    const float* r = &w[std::size_t(f[j]) * hidden + c];
#pragma GCC unroll 8
                    for (int v = 0; v < 8; ++v) a[v] += *reinterpret_cast<const V8u*>(r + 8 * v);
                }
#pragma GCC unroll 8
                for (int v = 0; v < 8; ++v) *reinterpret_cast<V8u*>(&acc[c + 8 * v]) = a[v];
            }
        }
        benchmark::DoNotOptimize(acc.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
}

BENCHMARK(BM_NnueRowStreaming)->ArgsProduct({{64, 256, 512, 1024}, {0, 1}});

BENCHMARK(BM_NnueTrainingStep)
    ->Args({128, 0, 0})
    ->Args({256, 0, 0})
    ->Args({512, 0, 0})
    ->Args({1024, 0, 0})
    ->Args({256, 1, 0})
    ->Args({512, 4, 0})
    ->Args({1024, 4, 0})
    ->Args({1024, 8, 0})
    ->Args({256, 0, 1})
    ->Args({512, 0, 1})
    ->Args({1024, 0, 1})
    ->Args({256, 1, 1})
    ->Args({1024, 4, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK(BM_NnueTrainingStepSegments)
    ->ArgsProduct({{256, 512}, {1, 8}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
} // namespace flotilla::bench
