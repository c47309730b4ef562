// Self-play generation: what it writes reads back unchanged and follows the filters.
#include "core/crc32.h"
#include "eval/nnue/embedded.h"
#include "temp_path.h"
#include "tools/commands.h"
#include "tools/data_file.h"
#include "tools/data_manifest.h"
#include "tools/datagen.h"
#include "tools/game_searcher.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <sstream>

namespace flotilla::tools {
namespace {

namespace fs = std::filesystem;

DatagenOptions small_run(const fs::path& out) {
    DatagenOptions o;
    o.games = 4;
    o.threads = 2;
    o.nodes = 300;
    o.randomPlies = 8;
    o.maxPlies = 60;
    o.out = out.string();
    return o;
}

using testing::temp_path;

TEST(Datagen, OutputRoundTripsThroughReader) {
    const fs::path path = temp_path("datagen");
    std::ostringstream progress;
    DatagenSummary summary;
    std::string error;
    ASSERT_TRUE(run_datagen(small_run(path), progress, &summary, &error)) << error;
    EXPECT_EQ(summary.games, 4u);
    EXPECT_GT(summary.positions, 0u);
    EXPECT_NE(progress.str().find("positions"), std::string::npos);

    std::vector<TrainingPosition> read;
    const ReadStats stats =
        read_data_file(path.string(), [&](const TrainingPosition& p) { read.push_back(p); });
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(stats.good, summary.trainingPositions);
    EXPECT_GE(summary.positions, summary.trainingPositions);
    EXPECT_EQ(stats.bad, 0u);
    EXPECT_EQ(stats.tailBytes, 0u);
    for (const TrainingPosition& p : read) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(p.fen, false)) << p.fen;
        EXPECT_FALSE(pos.in_check()) << p.fen;
        EXPECT_LT(std::abs(p.scoreWhite), VALUE_MATE_IN_MAX_PLY) << p.fen;
        // Packing what was read gives back the same position, score and result.
        const auto again = unpack(pack(pos, p.scoreWhite, p.result));
        ASSERT_TRUE(again);
        EXPECT_EQ(again->fen, p.fen);
        EXPECT_EQ(again->scoreWhite, p.scoreWhite);
        EXPECT_EQ(again->result, p.result);
    }
    fs::remove(path);
}

TEST(Datagen, OneGameHasOneResultForAllItsPositions) {
    DatagenOptions o = small_run("unused");
    const GameRecord game =
        play_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", o, 7);
    const auto records = training_records(game);
    ASSERT_FALSE(records.empty());
    EXPECT_EQ(unpack(game.start)->result, game.result);
    for (const PackedRecord& r : records) EXPECT_EQ(unpack(r)->result, game.result);
}

TEST(Datagen, UnusableOutputIsAnErrorBeforeAnyGame) {
    std::ostringstream progress;
    std::string error;
    DatagenOptions o = small_run("/nonexistent-flotilla-dir/out.bin");
    EXPECT_FALSE(run_datagen(o, progress, nullptr, &error));
    EXPECT_NE(error.find("cannot create"), std::string::npos) << error;
    EXPECT_EQ(progress.str(), "");
}

TEST(Datagen, MissingBookIsAnError) {
    std::ostringstream progress;
    std::string error;
    DatagenOptions o = small_run(temp_path("nobook"));
    o.book = "/nonexistent-flotilla-dir/book.epd";
    EXPECT_FALSE(run_datagen(o, progress, nullptr, &error));
    EXPECT_NE(error.find("book"), std::string::npos) << error;
}

// Random openings whose first search is far from level are replaced: every game's
// first score is within the limit (random plies often hang a piece, so without the
// check some of these ten would not be).
TEST(Datagen, UnbalancedRandomOpeningsAreReplaced) {
    DatagenOptions o = small_run("unused");
    o.openingMaxScore = 60;
    o.maxPlies = 4;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const GameRecord game =
            play_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", o, seed);
        ASSERT_FALSE(game.scores.empty());
        EXPECT_LE(std::abs(game.scores[0]), 60) << "seed " << seed;
    }
}

// Each datagen thread keeps one searcher for all its games: a game played after others
// is the game a fresh searcher plays (the table and histories are reset, not carried).
TEST(Datagen, AReusedSearcherPlaysTheSameGameAsAFreshOne) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    DatagenOptions o = small_run("unused");
    o.nodes = 2000;
    o.maxPlies = 40;
    GameSearcher searcher(o.hashMiB, nullptr);
    const GameRecord first = play_game(searcher, start, o, 5);
    const GameRecord second = play_game(searcher, start, o, 9);
    const GameRecord again = play_game(searcher, start, o, 5);
    ASSERT_GT(first.moves.size(), 20u);
    EXPECT_EQ(again.moves, first.moves);
    EXPECT_EQ(again.scores, first.scores);
    const GameRecord fresh = play_game(start, o, 9);
    EXPECT_EQ(second.moves, fresh.moves);
    EXPECT_EQ(second.scores, fresh.scores);
}

TEST(Datagen, NetworkEvaluatesAndIsNamedInTheHeader) {
    const fs::path dir = temp_path("datagen_net_dir");
    const fs::path net = temp_path("datagen_zero.nnue");
    std::string error;
    ASSERT_TRUE(nnue::Network(16, 1, "zero").save(net.string(), &error)) << error;
    DatagenOptions o = small_run("");
    o.out.clear();
    o.outDir = dir.string();
    o.evalFile = net.string();
    o.games = 2;
    DatagenSummary summary;
    std::ostringstream progress;
    ASSERT_TRUE(run_datagen(o, progress, &summary, &error)) << error;
    ASSERT_EQ(summary.files.size(), 1u);
    GameFileHeader header;
    std::vector<std::int16_t> scores;
    ASSERT_TRUE(read_game_file(summary.files[0], &header, [&](const GameRecord& g) {
                    scores.insert(scores.end(), g.scores.begin(), g.scores.end());
                }).ok());
    EXPECT_EQ(header["network"].rfind("datagen_zero.nnue", 0), 0u) << header["network"];
    EXPECT_NE(header["network"].find("crc32"), std::string::npos);
    // An all-zero network scores every quiet position 0: only mates and draws differ.
    ASSERT_FALSE(scores.empty());
    for (std::int16_t s : scores) EXPECT_TRUE(s == 0 || std::abs(s) >= VALUE_MATE_IN_MAX_PLY);
    fs::remove_all(dir);
    fs::remove(net);
}

// `<default>` is the embedded network, the default when the build has one; a build
// without one says so before any game.
TEST(Datagen, DefaultIsTheEmbeddedNetworkWhenTheBuildHasOne) {
    EXPECT_EQ(DatagenOptions{}.evalFile, nnue::HAS_EMBEDDED_NETWORK ? "<default>" : "classical");
    const fs::path dir = temp_path("datagen_default_dir");
    DatagenOptions o = small_run("");
    o.out.clear();
    o.outDir = dir.string();
    o.evalFile = "<default>";
    o.games = 1;
    DatagenSummary summary;
    std::ostringstream progress;
    std::string error;
    if (!nnue::HAS_EMBEDDED_NETWORK) {
        EXPECT_FALSE(run_datagen(o, progress, &summary, &error));
        EXPECT_NE(error.find("embeds no network"), std::string::npos) << error;
        EXPECT_FALSE(fs::exists(dir));
        return;
    }
    ASSERT_TRUE(run_datagen(o, progress, &summary, &error)) << error;
    ASSERT_EQ(summary.files.size(), 1u);
    GameFileHeader header;
    ASSERT_TRUE(read_game_file(summary.files[0], &header, [](const GameRecord&) {}).ok());
    // Named by the network's own checksum, not by the CRC of its whole file (which ends
    // with that checksum, so its CRC is the constant residue 2144df1c for any network).
    const std::span<const std::uint8_t> embedded = nnue::embedded_network();
    char expected[16];
    std::snprintf(expected, sizeof expected, "%08x", crc32(embedded.data(), embedded.size() - 4));
    EXPECT_EQ(header["network"], std::string("<default> crc32 ") + expected);
    EXPECT_NE(header["network"], "<default> crc32 2144df1c");
    fs::remove_all(dir);
}

// --soft-nodes: the header records both budgets (the hard one 8 times the soft one unless
// given), the manifest shows them as soft/hard, and a soft budget above the cap is refused.
TEST(Datagen, SoftNodesAreRecordedAndCapped) {
    const fs::path dir = temp_path("datagen_soft_dir");
    std::ostringstream out, err;
    ASSERT_EQ(run_tool({"datagen", "--out-dir", dir.string(), "--games", "1", "--threads", "1",
                        "--soft-nodes", "60", "--eval-file", "classical", "--seed", "3"},
                       out, err),
              0)
        << err.str();
    const std::vector<std::string> files = game_files_in(dir.string());
    ASSERT_EQ(files.size(), 1u);
    GameFileHeader header;
    ASSERT_TRUE(read_game_file(files[0], &header, [](const GameRecord&) {}).ok());
    EXPECT_EQ(header["soft_nodes"], "60");
    EXPECT_EQ(header["nodes"], "480");
    EXPECT_EQ(header["adjudication"], "win 1000 8 draw 10 8 60");
    std::ifstream manifest(dir / MANIFEST_NAME);
    const std::string text((std::istreambuf_iterator<char>(manifest)), {});
    EXPECT_NE(text.find("\t60/480\t"), std::string::npos) << text;
    fs::remove_all(dir);

    std::ostringstream out2, err2;
    EXPECT_EQ(run_tool({"datagen", "--out-dir", dir.string(), "--soft-nodes", "600", "--nodes",
                        "500", "--eval-file", "classical"},
                       out2, err2),
              1);
    EXPECT_NE(err2.str().find("--soft-nodes must not exceed --nodes"), std::string::npos)
        << err2.str();
    EXPECT_FALSE(fs::exists(dir / MANIFEST_NAME));
    fs::remove_all(dir);
}

// The game ends where the adjudication says: here a draw once two plies in a row score
// within 30,000 cp (every ply), so after exactly two moves.
TEST(Datagen, AdjudicationEndsTheGame) {
    DatagenOptions o = small_run("unused");
    o.maxPlies = 100;
    o.adjudication = {.winPlies = 0, .drawScore = 30000, .drawPlies = 2, .drawMinPly = 0};
    const GameRecord game =
        play_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", o, 5);
    EXPECT_EQ(game.moves.size(), 2u);
    EXPECT_EQ(game.result, GameResult::DRAW);
    o.adjudication.drawPlies = 0; // off: the game goes on
    EXPECT_GT(
        play_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", o, 5).moves.size(),
        2u);
    std::ostringstream progress;
    std::string error;
    o.adjudication.drawScore = -1;
    o.out = temp_path("datagen_badadj").string();
    EXPECT_FALSE(run_datagen(o, progress, nullptr, &error));
    EXPECT_NE(error.find("adjudication"), std::string::npos) << error;
}

TEST(Datagen, UnreadableNetworkIsAnErrorBeforeAnyGame) {
    DatagenOptions o = small_run("");
    o.out.clear();
    o.outDir = temp_path("datagen_nonet_dir").string();
    o.evalFile = "/nonexistent-flotilla/net.nnue";
    std::ostringstream progress;
    std::string error;
    EXPECT_FALSE(run_datagen(o, progress, nullptr, &error));
    EXPECT_NE(error.find("--eval-file"), std::string::npos) << error;
    EXPECT_FALSE(fs::exists(o.outDir));
}

} // namespace
} // namespace flotilla::tools
