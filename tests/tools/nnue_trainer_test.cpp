// The trainer: it learns a material evaluation from synthetic data, a resumed run
// ends bit-identical to an uninterrupted one, K is recovered, and the command
// rejects bad words with a message.
#include "core/movegen.h"
#include "nnue_test_data.h"
#include "temp_path.h"
#include "tools/commands.h"
#include "tools/game_file.h"
#include "tools/nnue_export.h"
#include "tools/nnue_trainer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>
#include <regex>
#include <set>
#include <sstream>

namespace flotilla::tools::nnue {
namespace {

TrainOptions small_options() {
    TrainOptions o;
    o.hidden = 16;
    o.buckets = 2;
    o.epochs = 8;
    o.batch = 128;
    o.lr = 0.01;
    o.lrStep = 6;
    o.threads = 2;
    o.validation = 0.1;
    o.seed = 42;
    o.k = 300;
    o.quiet = true;
    return o;
}

TEST(NnueTrainer, LearnsMaterialAndLowersTheValidationLoss) {
    const auto records = testing::material_records(3000, 1);
    TrainOptions o = small_options();
    std::ostringstream log;
    TrainResult result;
    std::string error;
    ASSERT_TRUE(train(records, o, log, &result, &error)) << error;
    ASSERT_EQ(result.validationLoss.size(), std::size_t(o.epochs));
    ASSERT_EQ(result.validationIndices.size(), 300u);
    // The loss of the untrained network, for comparison.
    FloatNet initial(o.hidden, o.buckets);
    initial.init(o.seed);
    const LossParams params{float(o.k), float(o.lambda)};
    const double before = mean_loss(initial, records, result.validationIndices, params);
    EXPECT_LT(result.validationLoss.back(), 0.4 * before) << log.str();
    EXPECT_LT(result.validationLoss.back(), result.validationLoss.front()) << log.str();
}

TEST(NnueTrainer, ValidationHoldsOutWholeGamesWhenGamesAreKnown) {
    const auto records = testing::material_records(3000, 3);
    std::vector<std::uint32_t> gameOf(records.size());
    for (std::size_t i = 0; i < gameOf.size(); ++i) gameOf[i] = std::uint32_t(i / 30); // 100 games
    TrainOptions o = small_options();
    o.epochs = 1;
    o.validation = 0.2;
    std::ostringstream log;
    TrainResult result;
    std::string error;
    ASSERT_TRUE(train(records, o, log, &result, &error, gameOf)) << error;
    std::set<std::uint32_t> heldOut;
    for (std::uint32_t i : result.validationIndices) heldOut.insert(gameOf[i]);
    // Every position of a held-out game is held out, and about a fifth of the games are.
    EXPECT_EQ(result.validationIndices.size(), heldOut.size() * 30);
    EXPECT_GE(heldOut.size(), 8u);
    EXPECT_LE(heldOut.size(), 35u);
}

TEST(NnueTrainer, ResumedRunIsBitIdenticalToAnUninterruptedOne) {
    const auto records = testing::material_records(1500, 2);
    const std::filesystem::path dir = testing::temp_path("nnue_checkpoints");
    TrainOptions o = small_options();
    o.epochs = 4;
    o.lrStep = 2; // the schedule changes across the interruption
    o.k = 0;      // fitted, and kept in the checkpoint
    o.checkpointDir = dir.string();
    std::ostringstream log;
    std::string error;
    TrainResult full;
    ASSERT_TRUE(train(records, o, log, &full, &error)) << error;

    TrainOptions first = o;
    first.epochs = 2;
    first.checkpointDir = (dir / "part").string();
    TrainResult half;
    ASSERT_TRUE(train(records, first, log, &half, &error)) << error;
    EXPECT_FALSE(half.net == full.net);

    TrainOptions second = o;
    second.checkpointDir.clear();
    second.resume = (dir / "part" / "epoch-2.ckpt").string();
    TrainResult resumed;
    ASSERT_TRUE(train(records, second, log, &resumed, &error)) << error;
    EXPECT_EQ(resumed.validationLoss.size(), 2u);
    EXPECT_TRUE(resumed.net == full.net);
    EXPECT_EQ(resumed.validationLoss.back(), full.validationLoss.back());
    EXPECT_EQ(log.str().find("warning"), std::string::npos) << log.str();

    // Other options on resumption are allowed, with a warning.
    second.lr *= 2;
    std::ostringstream otherLog;
    ASSERT_TRUE(train(records, second, otherLog, &resumed, &error)) << error;
    EXPECT_NE(otherLog.str().find("warning: the options"), std::string::npos) << otherLog.str();
    EXPECT_FALSE(resumed.net == full.net);

    // The checkpoint of the uninterrupted run after epoch 4 imports to the same net.
    Checkpoint c;
    ASSERT_TRUE(load_checkpoint((dir / "epoch-4.ckpt").string(), &c, &error)) << error;
    EXPECT_TRUE(c.net == full.net);
    EXPECT_EQ(c.epoch, 4u);
    std::filesystem::remove_all(dir);
}

// A king-bucketed run's checkpoint keeps its layout: it resumes to the uninterrupted
// run's network, and a run with another layout refuses it.
TEST(NnueTrainer, KingBucketedCheckpointKeepsItsLayout) {
    const auto records = testing::material_records(800, 3);
    const std::filesystem::path dir = testing::temp_path("nnue_kb_checkpoints");
    TrainOptions o = small_options();
    o.epochs = 2;
    o.kingBuckets = "4";
    o.checkpointDir = dir.string();
    std::ostringstream log;
    std::string error;
    TrainResult full;
    ASSERT_TRUE(train(records, o, log, &full, &error)) << error;
    EXPECT_EQ(full.net.layout.buckets(), 4);
    EXPECT_TRUE(full.net.factoriser);
    EXPECT_EQ(full.net.w.size(), std::size_t((4 + 1) * 768 * o.hidden)); // and the shared block
    EXPECT_LT(full.validationLoss.back(), 0.2);

    Checkpoint c;
    ASSERT_TRUE(load_checkpoint((dir / "epoch-2.ckpt").string(), &c, &error)) << error;
    EXPECT_TRUE(c.net == full.net);
    TrainOptions resume = o;
    resume.checkpointDir.clear();
    resume.resume = (dir / "epoch-1.ckpt").string();
    TrainResult resumed;
    ASSERT_TRUE(train(records, resume, log, &resumed, &error)) << error;
    EXPECT_TRUE(resumed.net == full.net);
    resume.kingBuckets = "8";
    EXPECT_FALSE(train(records, resume, log, &resumed, &error));
    EXPECT_NE(error.find("king buckets"), std::string::npos) << error;
    resume.kingBuckets = "4";
    resume.factoriser = 0;
    EXPECT_FALSE(train(records, resume, log, &resumed, &error));
    EXPECT_NE(error.find("factorised"), std::string::npos) << error;
    std::filesystem::remove_all(dir);
}

TEST(NnueTrainer, DamagedCheckpointIsRejected) {
    const auto records = testing::material_records(300, 3);
    const std::filesystem::path dir = testing::temp_path("nnue_damaged");
    TrainOptions o = small_options();
    o.epochs = 1;
    o.checkpointDir = dir.string();
    std::ostringstream log;
    std::string error;
    TrainResult r;
    ASSERT_TRUE(train(records, o, log, &r, &error)) << error;
    const std::filesystem::path path = dir / "epoch-1.ckpt";
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(100);
        f.put('\x55');
    }
    Checkpoint c;
    EXPECT_FALSE(load_checkpoint(path.string(), &c, &error));
    EXPECT_NE(error.find("CRC"), std::string::npos) << error;
    o.resume = path.string();
    o.hidden = 32;
    EXPECT_FALSE(train(records, o, log, &r, &error));
    std::filesystem::remove_all(dir);
}

TEST(NnueTrainer, ProgressLine) {
    const auto records = testing::material_records(1000, 5);
    TrainOptions o = small_options();
    o.epochs = 2;
    o.quiet = false;
    o.progressSeconds = 0; // a line after every batch
    std::ostringstream log;
    TrainResult r;
    std::string error;
    ASSERT_TRUE(train(records, o, log, &r, &error)) << error;
    const std::string text = log.str();
    const std::regex progress(
        R"(\repoch 2/2 batch 7/8 loss [0-9.e-]+ pos/s [0-9]+ ETA [0-9]{2}:[0-9]{2}:[0-9]{2})");
    EXPECT_TRUE(std::regex_search(text, progress)) << text;
    EXPECT_NE(text.find("epoch 2/2 lr 0.01 train loss "), std::string::npos) << text;
    EXPECT_NE(text.find(" validation loss "), std::string::npos) << text;
}

TEST(NnueTrainer, FitsK) {
    // Results drawn with probability sigmoid(score / 250): the fit finds about 250.
    std::mt19937_64 rng(9);
    std::vector<PackedRecord> records;
    Position pos;
    ASSERT_TRUE(pos.set_fen(testing::NNUE_TEST_FENS[0], false));
    for (int i = 0; i < 20000; ++i) {
        const int score = int(rng() % 1601) - 800;
        const double p = 1 / (1 + std::exp(-score / 250.0));
        const bool win = double(rng() % 1000000) / 1e6 < p;
        records.push_back(pack(pos, score, win ? GameResult::WHITE_WIN : GameResult::BLACK_WIN));
    }
    std::vector<std::uint32_t> indices(records.size());
    std::iota(indices.begin(), indices.end(), 0u);
    EXPECT_NEAR(fit_k(records, indices), 250.0, 25.0);
}

TEST(NnueTrainer, LearningRateSchedules) {
    TrainOptions o;
    o.lr = 0.001;
    o.lrDrop = 0.3;
    o.lrStep = 10;
    o.epochs = 30;
    EXPECT_DOUBLE_EQ(learning_rate(o, 0), 0.001);
    EXPECT_DOUBLE_EQ(learning_rate(o, 9), 0.001);
    EXPECT_DOUBLE_EQ(learning_rate(o, 10), 0.0003);
    EXPECT_DOUBLE_EQ(learning_rate(o, 29), 0.001 * 0.3 * 0.3);
    o.lrSchedule = "cosine";
    o.lrFinal = 0.00001;
    EXPECT_DOUBLE_EQ(learning_rate(o, 0), 0.001);
    EXPECT_NEAR(learning_rate(o, 29), 0.00001, 1e-15);
    // Halfway between epochs 0 and 29 the cosine is 0: the mean of the two ends.
    EXPECT_NEAR(learning_rate(o, 14) + learning_rate(o, 15), 0.001 + 0.00001, 1e-12);
    for (int e = 1; e < o.epochs; ++e) EXPECT_LT(learning_rate(o, e), learning_rate(o, e - 1));
    o.epochs = 1;
    EXPECT_DOUBLE_EQ(learning_rate(o, 0), 0.001);
    std::string error;
    // The step schedule never reads --lr-final: an --lr below it is still valid.
    o.lrSchedule = "step";
    o.lr = 1e-7;
    EXPECT_TRUE(validate(o, &error)) << error;
    o.lr = 0.001;
    o.lrSchedule = "cosine";
    o.lrFinal = 0.002;
    EXPECT_FALSE(validate(o, &error));
    o.lrFinal = 0.00001;
    o.lrSchedule = "linear";
    EXPECT_FALSE(validate(o, &error));
}

TEST(NnueTrainer, CommandRejectsBadWords) {
    const std::vector<std::vector<std::string>> bad = {
        {"train-nnue", "--hidden", "abc"},
        {"train-nnue", "--hidden"},
        {"train-nnue", "--bogus"},
        {"train-nnue", "--data", "x", "--out", "y", "--hidden", "100"},
        {"train-nnue", "--data", "x", "--out", "y", "--buckets", "0"},
        {"train-nnue", "--data", "x", "--out", "y", "--lr-schedule", "linear"},
        {"train-nnue", "--data", "x", "--out", "y", "--lr-schedule", "cosine", "--lr-final", "1"},
        {"train-nnue", "--data", "x", "--out", "y", "--lambda", "2"},
        {"train-nnue", "--data", "x", "--out", "y", "--validation", "-1"},
        {"train-nnue", "--data", "x", "--out", "y", "--k", "-5"},
        {"train-nnue", "--data", "x", "--out", "y", "--lr", "nan"},
        {"train-nnue", "--data", "x", "--out", "y", "--king-buckets", "5"},
        {"train-nnue", "--data", "x", "--out", "y", "--king-buckets"},
        {"train-nnue", "--data", "x", "--out", "y", "--factoriser", "2"},
        {"train-nnue", "--data", "x", "--out", "y", "--max-score", "-1"},
        {"train-nnue", "--data", "x", "--out", "y", "--min-ply", "-3"},
        {"train-nnue", "--data", "x", "--out", "y", "--min-ply", "many"},
        {"train-nnue", "--data", "x", "--out", "y", "--precision", "fp16"},
        {"train-nnue", "--data", "x", "--out", "y", "--precision"},
        {"train-nnue", "--data", "x", "--out", "y", "--segment", "0"},
        {"train-nnue", "--data", "x", "--out", "y", "--segment", "1025"},
        {"train-nnue", "--data", "x", "--out", "y", "--segment", "8", "--precision", "bf16"},
        {"train-nnue", "--out", "y"},
        {"train-nnue", "--data", "x"},
        {"train-nnue", "--data", "/nonexistent/dir", "--out", "y"},
    };
    for (const auto& args : bad) {
        std::ostringstream out, err;
        const auto status = run_tool(args, out, err);
        ASSERT_TRUE(status);
        EXPECT_EQ(*status, 1);
        EXPECT_NE(err.str().find("error: "), std::string::npos) << err.str();
        EXPECT_NE(err.str().find("usage: flotilla train-nnue"), std::string::npos);
    }
}

// The filters' own check names them (the data 'x' would be refused too, later).
TEST(NnueTrainer, NegativeFiltersAreRefusedByName) {
    for (const char* option : {"--max-score", "--min-ply"}) {
        std::ostringstream out, err;
        EXPECT_EQ(run_tool({"train-nnue", "--data", "x", "--out", "y", option, "-1"}, out, err), 1);
        EXPECT_NE(err.str().find("--max-score and --min-ply must not be negative"),
                  std::string::npos)
            << err.str();
    }
}

// Game files of pseudo-random legal games, scores following White's material.
void write_game_file(const std::filesystem::path& path, int games, std::uint64_t seed) {
    GameWriter writer;
    std::string error;
    ASSERT_TRUE(writer.open(path.string(), {{"engine", "test"}}, &error)) << error;
    for (int g = 0; g < games; ++g) {
        Position pos;
        pos.set_fen(Position::START_FEN, false);
        GameRecord game;
        game.start = pack(pos, 0, GameResult::DRAW);
        game.result = GameResult((seed >> 40) % 3);
        for (int ply = 0; ply < 80; ++ply) {
            const MoveList moves(pos);
            if (moves.size() == 0) break;
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            const Move m = *(moves.begin() + (seed >> 33) % moves.size());
            const int material = 100 * (pos.count(WHITE, PAWN) - pos.count(BLACK, PAWN)) +
                                 300 * (pos.count(WHITE, KNIGHT) + pos.count(WHITE, BISHOP) -
                                        pos.count(BLACK, KNIGHT) - pos.count(BLACK, BISHOP)) +
                                 500 * (pos.count(WHITE, ROOK) - pos.count(BLACK, ROOK)) +
                                 900 * (pos.count(WHITE, QUEEN) - pos.count(BLACK, QUEEN));
            game.moves.push_back(m);
            game.scores.push_back(std::int16_t(material));
            pos.make_move(m);
        }
        ASSERT_TRUE(writer.add(game, &error)) << error;
    }
    ASSERT_TRUE(writer.close(&error)) << error;
}

// The network file as the engine reads it.
flotilla::nnue::Network read_net(const std::filesystem::path& path) {
    std::string error;
    auto net = flotilla::nnue::Network::from_file(path.string(), &error);
    EXPECT_TRUE(net) << error;
    return net ? std::move(*net) : flotilla::nnue::Network(16, 1);
}

TEST(NnueTrainer, CommandTrainsOnGameFilesAndExports) {
    const std::filesystem::path dir = testing::temp_path("nnue_command");
    std::filesystem::create_directories(dir / "data");
    write_game_file(dir / "data" / "a.games.zst", 30, 1);
    write_game_file(dir / "data" / "b.games.zst", 30, 2);
    const std::string net = (dir / "net.nnue").string(), ck = (dir / "ck").string();
    std::vector<std::string> args = {"train-nnue",
                                     "--data",
                                     (dir / "data").string(),
                                     "--out",
                                     net,
                                     "--hidden",
                                     "16",
                                     "--buckets",
                                     "2",
                                     "--epochs",
                                     "2",
                                     "--batch",
                                     "256",
                                     "--threads",
                                     "2",
                                     "--checkpoint-dir",
                                     ck};
    std::ostringstream out, err;
    ASSERT_EQ(run_tool(args, out, err), 0) << err.str();
    EXPECT_NE(err.str().find("K fitted to the data"), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("epoch 2/2"), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("quantisation error over"), std::string::npos) << err.str();
    const flotilla::nnue::Network q = read_net(net);
    const std::string& description = q.description();
    EXPECT_EQ(q.hidden(), 16);
    EXPECT_EQ(q.buckets(), 2);
    EXPECT_NE(description.find("--hidden 16"), std::string::npos) << description;
    EXPECT_NE(description.find((dir / "data").string()), std::string::npos) << description;

    // Importing the last checkpoint (nothing left to train) exports the same network.
    args.resize(args.size() - 2);
    args.insert(args.end(), {"--resume", ck + "/epoch-2.ckpt", "--out", net + "2"});
    std::ostringstream out2, err2;
    ASSERT_EQ(run_tool(args, out2, err2), 0) << err2.str();
    // The same weights (and map): the file after the description, which records the
    // other command line, and before the checksum, which covers the description too.
    auto weights = [](const flotilla::nnue::Network& n) {
        const std::vector<std::uint8_t> bytes = n.to_bytes();
        return std::vector<std::uint8_t>(bytes.begin() + 36 + long(n.description().size()),
                                         bytes.end() - 4);
    };
    EXPECT_EQ(weights(read_net(net + "2")), weights(q));
    std::filesystem::remove_all(dir);
}

// Blocks of consecutive records (--segment) train as well as single ones, and in
// another order (the losses differ).
TEST(NnueTrainer, SegmentsTrainToo) {
    const auto records = testing::material_records(3000, 1);
    TrainOptions o = small_options();
    std::vector<double> losses[2];
    for (int segment : {1, 8}) {
        o.segment = segment;
        std::ostringstream log;
        TrainResult result;
        std::string error;
        ASSERT_TRUE(train(records, o, log, &result, &error)) << error;
        FloatNet initial(o.hidden, o.buckets);
        initial.init(o.seed);
        const double before =
            mean_loss(initial, records, result.validationIndices, {float(o.k), float(o.lambda)});
        EXPECT_LT(result.validationLoss.back(), 0.4 * before) << log.str();
        losses[segment > 1] = result.validationLoss;
    }
    EXPECT_NE(losses[0], losses[1]);
}

// An epoch's order in blocks: every index once, each block's indices consecutive and in
// record order within one aligned block of the segment, the blocks themselves shuffled.
TEST(NnueTrainer, SegmentOrderKeepsAlignedBlocksTogether) {
    std::vector<std::uint32_t> indices;
    for (std::uint32_t i = 0; i < 1000; ++i)
        if (i % 7 != 3) indices.push_back(i); // holes, as held-out games leave
    const auto blocks = segment_blocks(indices, 8);
    EXPECT_EQ(blocks.size(), 125u);
    EXPECT_TRUE(segment_blocks(indices, 1).empty());
    SplitMix64 rng{5};
    std::vector<std::uint32_t> order;
    order_by_blocks(indices, blocks, rng, &order);
    std::vector<std::uint32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, indices);
    int descents = 0;
    for (std::size_t i = 1; i < order.size(); ++i) {
        if (order[i] / 8 == order[i - 1] / 8)
            EXPECT_GT(order[i], order[i - 1]);
        else {
            descents += order[i] < order[i - 1];
            // A block is left only when it is done.
            EXPECT_TRUE(std::none_of(order.begin() + long(i), order.end(),
                                     [&](std::uint32_t x) { return x / 8 == order[i - 1] / 8; }));
        }
    }
    EXPECT_GT(descents, 30); // shuffled, not in record order
}

} // namespace
} // namespace flotilla::tools::nnue
