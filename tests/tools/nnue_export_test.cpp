// The export: its file's size, header and CRC-32 follow docs/nnue-format.md, it reads
// back (through the engine's reader) to the same integers, and the spec's integer
// evaluation of the export stays within a few centipawns of the float network. (Damaged
// files are the engine's reader's tests, tests/eval/nnue_network_test.cpp.)
#include "core/crc32.h"
#include "nnue_test_data.h"
#include "temp_path.h"
#include "tools/nnue_export.h"
#include "tools/nnue_trainer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>
#include <sstream>

namespace flotilla::tools::nnue {
namespace {

std::uint32_t u32(const std::vector<std::uint8_t>& b, std::size_t at) {
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16 |
           std::uint32_t(b[at + 3]) << 24;
}

FloatNet dequantise(const flotilla::nnue::Network& q) {
    const int h = q.hidden();
    FloatNet net(h, q.buckets());
    for (std::size_t i = 0; i < net.w.size(); ++i)
        net.w[i] = float(q.feature_row(int(i) / h)[int(i) % h]) / 255.0f;
    for (int i = 0; i < h; ++i) net.b[std::size_t(i)] = float(q.feature_bias()[i]) / 255.0f;
    for (std::size_t i = 0; i < net.o.size(); ++i)
        net.o[i] = float(q.output_row(int(i) / (2 * h))[int(i) % (2 * h)]) / 64.0f;
    for (int b = 0; b < q.buckets(); ++b)
        net.ob[std::size_t(b)] = float(q.output_bias(b)) / (255.0f * 64);
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
    const std::vector<std::uint8_t> bytes = quantise(net, description).to_bytes();
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

    std::string error;
    const auto back = flotilla::nnue::Network::from_bytes(bytes, &error);
    ASSERT_TRUE(back) << error;
    EXPECT_TRUE(*back == quantise(net, description));
    EXPECT_EQ(back->description(), description);
}

TEST(NnueExport, LongDescriptionsAreCutToTheFormatsLimit) {
    FloatNet net(16, 1);
    const auto q = quantise(net, std::string(5000, 'x'));
    EXPECT_EQ(q.description(), std::string(4096, 'x'));
}

TEST(NnueExport, QuantisationClampsTheOutputWeights) {
    FloatNet net(16, 1);
    net.o[0] = 5.0f;
    net.o[1] = -5.0f;
    net.w[0] = 1000.0f;
    const auto q = quantise(net, "");
    EXPECT_EQ(q.output_row(0)[0], 127);
    EXPECT_EQ(q.output_row(0)[1], -127);
    EXPECT_EQ(q.feature_row(0)[0], 32767);
}

TEST(NnueExport, IntegerEvalMatchesTheFloatNetwork) {
    std::vector<PackedRecord> records;
    const FloatNet net = trained_net(&records);
    const auto q = quantise(net, "d");
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
    const auto exported = export_network(net, "d", path.string(), &error);
    ASSERT_TRUE(exported) << error;
    EXPECT_TRUE(*exported == q);
    const auto back = flotilla::nnue::Network::from_file(path.string(), &error);
    std::filesystem::remove(path);
    ASSERT_TRUE(back) << error;
    EXPECT_TRUE(*back == q);
}

} // namespace
} // namespace flotilla::tools::nnue
