// The training kernel's analytic gradient of every parameter group matches central
// finite differences of a double-precision loss written straight from the spec.
#include "core/movegen.h"
#include "eval/nnue/output_bucket.h"
#include "nnue_test_data.h"
#include "tools/nnue_batch.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <random>

namespace flotilla::tools::nnue {
namespace {

// Mean loss in double, independently of the kernel.
double reference_loss(const FloatNet& net, const std::vector<PackedRecord>& records,
                      const LossParams& p) {
    double sum = 0;
    for (const PackedRecord& r : records) {
        Sample s;
        EXPECT_TRUE(decode(r, &s));
        const int h = net.hidden, bucket = flotilla::nnue::output_bucket(s.pieces, net.buckets);
        double y = net.ob[bucket];
        for (int i = 0; i < h; ++i) {
            double us = net.b[i], them = net.b[i];
            for (int k = 0; k < s.count; ++k) {
                us += net.w[std::size_t(s.us[k]) * h + i];
                them += net.w[std::size_t(s.them[k]) * h + i];
            }
            const double cu = std::clamp(us, 0.0, 1.0), ct = std::clamp(them, 0.0, 1.0);
            y += cu * cu * net.o[bucket * 2 * h + i] + ct * ct * net.o[bucket * 2 * h + h + i];
        }
        const double prediction = 1 / (1 + std::exp(-y * 400 / p.k));
        const double t = p.lambda * s.result + (1 - p.lambda) / (1 + std::exp(-s.score / p.k));
        sum += (prediction - t) * (prediction - t);
    }
    return sum / double(records.size());
}

struct Group {
    const char* name;
    std::vector<float> FloatNet::*param;
    std::vector<float> Gradient::*grad;
};

TEST(NnueGradient, MatchesFiniteDifferences) {
    std::vector<PackedRecord> records;
    for (const std::string& fen : testing::NNUE_TEST_FENS) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false));
        records.push_back(pack(pos, int(fen.size()) * 7 - 400, GameResult(fen.size() % 3)));
    }
    FloatNet net(8, 2);
    net.init(3);
    for (std::size_t i = 0; i < net.o.size(); ++i) net.o[i] += 0.3f * float(i % 3) - 0.3f;
    net.ob = {0.1f, -0.2f};
    const LossParams params{150.0f, 0.3f};

    BatchGradient gradient(net, 1);
    std::vector<std::uint32_t> indices(records.size());
    std::iota(indices.begin(), indices.end(), 0u);
    const double loss = gradient.compute(net, records, indices, params);
    EXPECT_NEAR(loss, reference_loss(net, records, params), 1e-6);
    const Gradient& g = gradient.total();

    const Group groups[] = {{"w", &FloatNet::w, &Gradient::w},
                            {"b", &FloatNet::b, &Gradient::b},
                            {"o", &FloatNet::o, &Gradient::o},
                            {"ob", &FloatNet::ob, &Gradient::ob}};
    for (const Group& group : groups) {
        std::vector<float>& param = net.*group.param;
        const std::vector<float>& grad = g.*group.grad;
        int checked = 0, nonzero = 0;
        for (std::size_t i = 0; i < param.size(); ++i) {
            // Rows of w whose feature no position has get zero; check a sample of them.
            if (group.param == &FloatNet::w && std::abs(grad[i]) == 0 && i % 97) continue;
            const float saved = param[i];
            param[i] = saved + 1e-3f;
            const float up = param[i];
            const double lossUp = reference_loss(net, records, params);
            param[i] = saved - 1e-3f;
            const float down = param[i];
            const double lossDown = reference_loss(net, records, params);
            param[i] = saved;
            const double numeric = (lossUp - lossDown) / (double(up) - double(down));
            EXPECT_NEAR(grad[i], numeric, 1e-3 * std::abs(numeric) + 2e-6)
                << group.name << "[" << i << "]";
            ++checked;
            nonzero += std::abs(numeric) > 1e-5;
        }
        EXPECT_GT(checked, 0) << group.name;
        EXPECT_GT(nonzero, 0) << group.name;
    }
}

TEST(NnueGradient, SameSumsForAnyThreadCountUpToTheSliceCount) {
    const auto records = testing::material_records(500, 11);
    FloatNet net(16, 4);
    net.init(5);
    std::vector<std::uint32_t> indices(records.size());
    std::iota(indices.begin(), indices.end(), 0u);
    BatchGradient one(net, 1), eight(net, MIN_SLICES);
    EXPECT_EQ(one.compute(net, records, indices, {}), eight.compute(net, records, indices, {}));
    EXPECT_EQ(one.total().w, eight.total().w);
    EXPECT_EQ(one.total().o, eight.total().o);
}

// The feature rows' gradient is summed per chunk of positions: chunks of 1 (every position
// added on its own), of 7 (chunks ending inside slices) and the automatic size agree.
TEST(NnueGradient, ChunkedSumsEqualPerPositionSums) {
    const auto records = testing::material_records(400, 13);
    FloatNet net(64, 4);
    net.init(9);
    std::vector<std::uint32_t> indices(records.size());
    std::iota(indices.begin(), indices.end(), 0u);
    BatchGradient single(net, 1, RowPrecision::FP32, 1), seven(net, 1, RowPrecision::FP32, 7),
        automatic(net, 1);
    const double loss = single.compute(net, records, indices, {});
    EXPECT_EQ(loss, seven.compute(net, records, indices, {}));
    EXPECT_EQ(loss, automatic.compute(net, records, indices, {}));
    int nonzero = 0;
    for (std::size_t i = 0; i < single.total().w.size(); ++i) {
        const float a = single.total().w[i];
        EXPECT_NEAR(seven.total().w[i], a, 1e-5f * std::abs(a) + 1e-12f) << i;
        EXPECT_NEAR(automatic.total().w[i], a, 1e-5f * std::abs(a) + 1e-12f) << i;
        nonzero += a != 0;
    }
    EXPECT_GT(nonzero, 1000);
}

// bfloat16 rows (8 bits of mantissa) move the gradient a little, never far: the
// weights' gradient within 2 % of the float one's length, and not identical (the rows
// really are read in bfloat16). The sums still do not depend on the thread count.
TEST(NnueGradient, Bfloat16RowsStayCloseToFloatRows) {
    const auto records = testing::material_records(400, 17);
    FloatNet net(64, 4);
    net.init(21);
    std::vector<std::uint32_t> indices(records.size());
    std::iota(indices.begin(), indices.end(), 0u);
    BatchGradient fp32(net, 1), bf16(net, 1, RowPrecision::BF16),
        bf16Eight(net, MIN_SLICES, RowPrecision::BF16);
    const double loss = fp32.compute(net, records, indices, {});
    const double lossHalf = bf16.compute(net, records, indices, {});
    EXPECT_NEAR(lossHalf, loss, 0.01 * loss);
    double diff = 0, length = 0;
    for (std::size_t i = 0; i < fp32.total().w.size(); ++i) {
        const double a = fp32.total().w[i], b = bf16.total().w[i];
        diff += (a - b) * (a - b);
        length += a * a;
    }
    EXPECT_GT(length, 0);
    EXPECT_GT(diff, 0);
    EXPECT_LT(std::sqrt(diff / length), 0.02);
    EXPECT_EQ(lossHalf, bf16Eight.compute(net, records, indices, {}));
    EXPECT_EQ(bf16.total().w, bf16Eight.total().w);
}

// Consecutive positions of pseudo-random games (positions in check left out, as the data
// loader does), each labelled with White's material and a result: runs that share most
// features, as train-nnue --segment orders them.
std::vector<PackedRecord> game_records(int games, std::uint64_t seed) {
    std::vector<PackedRecord> out;
    for (int g = 0; g < games; ++g) {
        Position pos;
        pos.set_fen(Position::START_FEN, false);
        for (int ply = 0; ply < 90; ++ply) {
            const MoveList moves(pos);
            if (moves.size() == 0) break;
            const int material = 100 * (pos.count(WHITE, PAWN) - pos.count(BLACK, PAWN)) +
                                 300 * (pos.count(WHITE, KNIGHT) - pos.count(BLACK, KNIGHT)) +
                                 500 * (pos.count(WHITE, ROOK) - pos.count(BLACK, ROOK)) +
                                 900 * (pos.count(WHITE, QUEEN) - pos.count(BLACK, QUEEN));
            if (!pos.in_check()) out.push_back(pack(pos, material, GameResult(g % 3)));
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            pos.make_move(*(moves.begin() + (seed >> 33) % moves.size()));
        }
    }
    return out;
}

void expect_close_gradients(const Gradient& a, const Gradient& b) {
    ASSERT_EQ(a.w.size(), b.w.size());
    int nonzero = 0;
    for (std::size_t i = 0; i < a.w.size(); ++i) {
        EXPECT_NEAR(b.w[i], a.w[i], 1e-4f * std::abs(a.w[i]) + 1e-9f) << "w[" << i << "]";
        nonzero += a.w[i] != 0;
    }
    EXPECT_GT(nonzero, 1000);
    for (std::size_t i = 0; i < a.o.size(); ++i)
        EXPECT_NEAR(b.o[i], a.o[i], 1e-4f * std::abs(a.o[i]) + 1e-9f) << "o[" << i << "]";
    for (std::size_t i = 0; i < a.b.size(); ++i)
        EXPECT_NEAR(b.b[i], a.b[i], 1e-4f * std::abs(a.b[i]) + 1e-9f) << "b[" << i << "]";
}

// The incremental mode (accumulators updated by the features that change, each feature's
// gradient summed over its runs by prefix sums) gives the plain kernel's loss and
// gradient, on a game's consecutive positions (few rows read), on shuffled ones (every
// accumulator refreshed) and with blocks of positions mirrored alike, with chunks ending
// inside runs (7) and the automatic size, at any thread count.
TEST(NnueGradient, IncrementalRunsGiveThePlainGradient) {
    const auto records = game_records(12, 5);
    ASSERT_GT(records.size(), 900u);
    FloatNet net(64, 4);
    net.init(9);
    std::vector<std::uint32_t> inOrder(records.size());
    std::iota(inOrder.begin(), inOrder.end(), 0u);
    std::vector<std::uint32_t> shuffled = inOrder;
    std::mt19937 rng(3);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    LossParams mirroredBlocks{};
    mirroredBlocks.mirrorSalt = 77;
    mirroredBlocks.mirrorBlock = 16;
    for (const auto* indices : {&inOrder, &shuffled})
        for (const LossParams& params : {LossParams{}, mirroredBlocks})
            for (int chunk : {7, 0}) {
                BatchGradient plain(net, 1, RowPrecision::FP32, chunk),
                    incremental(net, 1, RowPrecision::FP32, chunk, true),
                    eight(net, MIN_SLICES, RowPrecision::FP32, chunk, true);
                const double loss = plain.compute(net, records, *indices, params);
                EXPECT_NEAR(incremental.compute(net, records, *indices, params), loss, 1e-6 * loss);
                expect_close_gradients(plain.total(), incremental.total());
                EXPECT_EQ(eight.compute(net, records, *indices, params),
                          incremental.compute(net, records, *indices, params));
                EXPECT_EQ(eight.total().w, incremental.total().w);
                if (indices == &inOrder)
                    EXPECT_LT(3 * incremental.rows_read(), plain.rows_read());
                else
                    EXPECT_GT(2 * incremental.rows_read(), plain.rows_read());
            }
}

} // namespace
} // namespace flotilla::tools::nnue
