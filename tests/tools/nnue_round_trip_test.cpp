// One file format: a network written by the trainer's save path (export_network) is read
// back by the engine bit for bit. Every weight and bias is equal, a second write gives
// the same bytes and the same checksum, and the engine evaluates positions exactly as
// the reference evaluation of the trainer's quantised network does; for feature set 1
// and for king buckets (whose map the file also carries).
#include "core/crc32.h"
#include "eval/nnue/evaluate.h"
#include "eval/nnue/network.h"
#include "nnue_test_data.h"
#include "temp_path.h"
#include "tools/nnue_export.h"
#include "tools/nnue_trainer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace flotilla::tools::nnue {
namespace {

using flotilla::nnue::Network;

std::vector<std::uint8_t> file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

FloatNet trained_net(const std::string& kingBuckets) {
    TrainOptions o;
    o.kingBuckets = kingBuckets;
    o.hidden = 32;
    o.buckets = 4;
    o.epochs = 1;
    o.batch = 64;
    o.lr = 0.01;
    o.k = 300;
    o.threads = 2;
    o.quiet = true;
    std::ostringstream log;
    TrainResult trained;
    std::string error;
    EXPECT_TRUE(train(testing::material_records(800, 5, 30), o, log, &trained, &error)) << error;
    return trained.net;
}

// How many of the n values differ; and whether `a` holds anything but zeros, so that
// a field lost in the file cannot pass as equal zeros.
template <class T> int differences(const T* a, const T* b, int n, bool* anyNonZero) {
    int differ = 0;
    for (int i = 0; i < n; ++i) {
        differ += a[i] != b[i];
        *anyNonZero = *anyNonZero || a[i] != 0;
    }
    return differ;
}

void expect_same_weights(const Network& written, const Network& read) {
    ASSERT_EQ(read.hidden(), written.hidden());
    ASSERT_EQ(read.buckets(), written.buckets());
    ASSERT_EQ(read.layout(), written.layout());
    EXPECT_EQ(read.description(), written.description());
    const int h = written.hidden();
    bool w = false, bias = false, o = false, obias = false;
    int differ = 0;
    for (int f = 0; f < written.layout().features(); ++f)
        differ += differences(written.feature_row(f), read.feature_row(f), h, &w);
    EXPECT_EQ(differ, 0) << "feature weights";
    EXPECT_EQ(differences(written.feature_bias(), read.feature_bias(), h, &bias), 0);
    differ = 0;
    for (int b = 0; b < written.buckets(); ++b) {
        differ += differences(written.output_row(b), read.output_row(b), 2 * h, &o);
        const std::int32_t writtenBias = written.output_bias(b), readBias = read.output_bias(b);
        differ += differences(&writtenBias, &readBias, 1, &obias);
    }
    EXPECT_EQ(differ, 0) << "output weights and biases";
    EXPECT_TRUE(w && bias && o && obias) << "a group of the trained network is all zeros";
    EXPECT_TRUE(read == written);
}

void check_round_trip(const std::string& kingBuckets) {
    SCOPED_TRACE("--king-buckets " + kingBuckets);
    const FloatNet net = trained_net(kingBuckets);
    const auto path = testing::temp_path("round_trip_" + kingBuckets + ".nnue");
    std::string error;
    const std::optional<Network> written = export_network(
        net, "round trip test; --king-buckets " + kingBuckets, path.string(), &error);
    ASSERT_TRUE(written) << error;
    const std::vector<std::uint8_t> bytes = file_bytes(path);
    const std::optional<Network> read = Network::from_file(path.string(), &error);
    std::filesystem::remove(path);
    ASSERT_TRUE(read) << error;
    expect_same_weights(*written, *read);

    // Written again by the engine: the same bytes, and so the same checksum.
    const auto again = testing::temp_path("round_trip_again_" + kingBuckets + ".nnue");
    ASSERT_TRUE(read->save(again.string(), &error)) << error;
    EXPECT_EQ(file_bytes(again), bytes);
    std::filesystem::remove(again);
    ASSERT_GT(bytes.size(), 4u);
    const std::size_t end = bytes.size() - 4;
    const std::uint32_t stored = std::uint32_t(bytes[end]) | std::uint32_t(bytes[end + 1]) << 8 |
                                 std::uint32_t(bytes[end + 2]) << 16 |
                                 std::uint32_t(bytes[end + 3]) << 24;
    EXPECT_EQ(stored, crc32(bytes.data(), end));
    EXPECT_EQ(read->checksum(), stored);
    EXPECT_EQ(written->checksum(), stored);

    // The engine's evaluation of the file is the trainer's reference evaluation.
    int nonzero = 0;
    for (const std::string& fen : testing::NNUE_TEST_FENS) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false)) << fen;
        const Sample s = sample_from_position(pos, 0, GameResult::DRAW, read->layout());
        flotilla::nnue::AccumulatorStack stack;
        stack.reset(*read);
        const int engine = flotilla::nnue::evaluate_raw(pos, stack, *read);
        EXPECT_EQ(engine, reference_eval(*written, s)) << fen;
        nonzero += engine != 0;
    }
    EXPECT_GT(nonzero, int(testing::NNUE_TEST_FENS.size()) / 2);
}

TEST(NnueRoundTrip, TrainerSavesWhatTheEngineReadsBitForBit) { check_round_trip("none"); }

TEST(NnueRoundTrip, KingBucketedNetworksToo) { check_round_trip("4"); }

} // namespace
} // namespace flotilla::tools::nnue
