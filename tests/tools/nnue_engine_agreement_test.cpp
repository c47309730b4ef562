// The trainer's export read by the engine (eval/nnue): the file loads, and the engine's
// evaluation equals the exporter's reference integer evaluation on every position, for
// feature set 1 and for king-bucketed, mirrored inputs (set 2).
#include "eval/nnue/evaluate.h"
#include "eval/nnue/network.h"
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

void check_agreement(const std::string& kingBuckets, int factoriser = 1) {
    const auto records = testing::material_records(1500, 21, 30);
    TrainOptions o;
    o.kingBuckets = kingBuckets;
    o.factoriser = factoriser;
    o.hidden = 32;
    o.buckets = 4;
    o.epochs = 2;
    o.batch = 64;
    o.lr = 0.01;
    o.k = 300;
    o.threads = 2;
    o.quiet = true;
    std::ostringstream log;
    TrainResult trained;
    std::string error;
    ASSERT_TRUE(train(records, o, log, &trained, &error)) << error;
    const flotilla::nnue::Network q = quantise(trained.net, "agreement test");
    // The export (with a factoriser: each bucket plus the shared block) evaluates as the
    // float network did, up to rounding (a few cp at this size; without the shared
    // block, over 200).
    std::vector<std::uint32_t> every(records.size());
    std::iota(every.begin(), every.end(), 0u);
    const QuantisationError e = quantisation_error(trained.net, q, records, every);
    EXPECT_EQ(e.positions, records.size());
    EXPECT_LT(e.meanCp, 20.0) << kingBuckets << " factoriser " << factoriser;

    const auto path = testing::temp_path("agreement.nnue");
    ASSERT_TRUE(export_network(trained.net, "agreement test", path.string(), &error)) << error;
    const auto net = flotilla::nnue::Network::from_file(path.string(), &error);
    std::filesystem::remove(path);
    ASSERT_TRUE(net) << error;
    EXPECT_EQ(net->hidden(), 32);
    EXPECT_EQ(net->buckets(), 4);
    EXPECT_EQ(net->description(), "agreement test");
    EXPECT_EQ(net->layout(), trained.net.layout);
    EXPECT_EQ(net->layout(), *flotilla::nnue::InputLayout::named(kingBuckets, nullptr));

    std::vector<PackedRecord> all = records;
    for (const std::string& fen : testing::NNUE_TEST_FENS) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false));
        all.push_back(pack(pos, 0, GameResult::DRAW));
    }
    int nonzero = 0;
    for (const PackedRecord& r : all) {
        const auto unpacked = unpack(r);
        ASSERT_TRUE(unpacked);
        Position pos;
        ASSERT_TRUE(pos.set_fen(unpacked->fen, false));
        Sample s;
        ASSERT_TRUE(decode(r, &s, net->layout()));
        flotilla::nnue::AccumulatorStack stack;
        stack.reset(*net);
        const int engine = flotilla::nnue::evaluate_raw(pos, stack, *net);
        EXPECT_EQ(engine, reference_eval(q, s)) << unpacked->fen;
        nonzero += engine != 0;
    }
    EXPECT_GT(nonzero, int(all.size()) / 2);
}

TEST(NnueEngineAgreement, EngineReadsTheExportAndEvaluatesAsTheReference) {
    check_agreement("none");
}

TEST(NnueEngineAgreement, KingBucketedExportToo) {
    check_agreement("mirror");
    check_agreement("4");
    check_agreement("4", 0);
}

} // namespace
} // namespace flotilla::tools::nnue
