// The exported file: its size, header and CRC-32 follow docs/nnue-format.md, it
// reads back to the same integers, damage is detected, and the spec's integer
// evaluation of the export stays within a few centipawns of the float network.
#include "core/crc32.h"
#include "nnue_test_data.h"
#include "temp_path.h"
#include "tools/nnue_export.h"
#include "tools/nnue_trainer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <sstream>

namespace flotilla::tools::nnue {
namespace {

std::uint32_t u32(const std::vector<std::uint8_t>& b, std::size_t at) {
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16 |
           std::uint32_t(b[at + 3]) << 24;
}

FloatNet dequantise(const QuantisedNet& q) {
    FloatNet net(q.hidden, q.buckets);
    for (std::size_t i = 0; i < q.w.size(); ++i) net.w[i] = float(q.w[i]) / 255.0f;
    for (std::size_t i = 0; i < q.bias.size(); ++i) net.b[i] = float(q.bias[i]) / 255.0f;
    for (std::size_t i = 0; i < q.o.size(); ++i) net.o[i] = float(q.o[i]) / 64.0f;
    for (std::size_t i = 0; i < q.obias.size(); ++i) net.ob[i] = float(q.obias[i]) / (255.0f * 64);
    return net;
}

FloatNet trained_net(std::vector<PackedRecord>* records) {
    *records = testing::material_records(2000, 4, 30);
    TrainOptions o;
    o.hidden = 32;
    o.buckets = 4;
    o.epochs = 3;
    o.batch = 64;
    o.lr = 0.01;
    o.k = 300;
    o.threads = 2;
    o.quiet = true;
    std::ostringstream log;
    TrainResult r;
    std::string error;
    EXPECT_TRUE(train(*records, o, log, &r, &error)) << error;
    return r.net;
}

TEST(NnueExport, FileLayoutAndChecksum) {
    FloatNet net(32, 4);
    net.init(8);
    const std::string description = "test net; command: flotilla train-nnue";
    const std::vector<std::uint8_t> bytes = serialise(quantise(net), description);
    const std::size_t n = description.size();
    ASSERT_EQ(bytes.size(), 36 + n + 2 * 768 * 32 + 2 * 32 + 2 * 4 * 64 + 4 * 4 + 4);
    EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "FLNN");
    EXPECT_EQ(u32(bytes, 4), 1u);
    EXPECT_EQ(u32(bytes, 8), 1u);
    EXPECT_EQ(u32(bytes, 12), 32u);
    EXPECT_EQ(u32(bytes, 16), 4u);
    EXPECT_EQ(u32(bytes, 20), 255u);
    EXPECT_EQ(u32(bytes, 24), 64u);
    EXPECT_EQ(u32(bytes, 28), 400u);
    EXPECT_EQ(u32(bytes, 32), n);
    EXPECT_EQ(std::string(bytes.begin() + 36, bytes.begin() + 36 + long(n)), description);
    EXPECT_EQ(u32(bytes, bytes.size() - 4), crc32(bytes.data(), bytes.size() - 4));
    // W[f][i] at 36 + n + 2 * (f * H + i).
    const std::size_t f = 100, i = 7, at = 36 + n + 2 * (f * 32 + i);
    EXPECT_EQ(std::int16_t(bytes[at] | bytes[at + 1] << 8),
              std::int16_t(std::lround(net.w[f * 32 + i] * 255.0)));

    QuantisedNet back;
    std::string text, error;
    ASSERT_TRUE(parse_network(bytes, &back, &text, &error)) << error;
    EXPECT_TRUE(back == quantise(net));
    EXPECT_EQ(text, description);

    std::vector<std::uint8_t> damaged = bytes;
    damaged[5000] ^= 1;
    EXPECT_FALSE(parse_network(damaged, &back, &text, &error));
    EXPECT_EQ(error, "CRC-32 mismatch");
    damaged = bytes;
    damaged.pop_back();
    EXPECT_FALSE(parse_network(damaged, &back, &text, &error));
}

TEST(NnueExport, QuantisationClampsTheOutputWeights) {
    FloatNet net(16, 1);
    net.o[0] = 5.0f;
    net.o[1] = -5.0f;
    net.w[0] = 1000.0f;
    const QuantisedNet q = quantise(net);
    EXPECT_EQ(q.o[0], 127);
    EXPECT_EQ(q.o[1], -127);
    EXPECT_EQ(q.w[0], 32767);
}

TEST(NnueExport, IntegerEvalMatchesTheFloatNetwork) {
    std::vector<PackedRecord> records;
    const FloatNet net = trained_net(&records);
    const QuantisedNet q = quantise(net);
    std::vector<std::uint32_t> indices(records.size());
    std::iota(indices.begin(), indices.end(), 0u);
    // The integer evaluation is the float evaluation of the dequantised network up to
    // its two truncating divisions: under 1 + 400 / (255 * 64) cp.
    const QuantisationError exact = quantisation_error(dequantise(q), q, records, indices);
    EXPECT_EQ(exact.positions, records.size());
    EXPECT_LT(exact.maxCp, 1.05);
    // Against the float network the rounding of O to 1/64 adds some centipawns.
    const QuantisationError e = quantisation_error(net, q, records, indices);
    EXPECT_EQ(e.positions, records.size());
    EXPECT_LT(e.meanCp, 6.0);
    EXPECT_LT(e.maxCp, 30.0);
    // The evaluations are not all tiny, so that the comparison means something.
    double spread = 0;
    for (std::size_t i = 0; i < 200; ++i) {
        Sample s;
        ASSERT_TRUE(decode(records[i], &s));
        spread += std::abs(net.eval_cp(s));
    }
    EXPECT_GT(spread / 200, 50.0);

    // And the file written to disk is the same integer network.
    const auto path = testing::temp_path("export.nnue");
    std::string error;
    ASSERT_TRUE(write_network(path.string(), q, "d", &error)) << error;
    std::ifstream in(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                          std::istreambuf_iterator<char>());
    QuantisedNet back;
    ASSERT_TRUE(parse_network(bytes, &back, nullptr, &error)) << error;
    EXPECT_TRUE(back == q);
    std::filesystem::remove(path);
}

} // namespace
} // namespace flotilla::tools::nnue
