// The training kernel's analytic gradient of every parameter group matches central
// finite differences of a double-precision loss written straight from the spec.
#include "eval/nnue/output_bucket.h"
#include "nnue_test_data.h"
#include "tools/nnue_batch.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

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

} // namespace
} // namespace flotilla::tools::nnue
