// Compressed game files: games read back as written, damage costs only its frame,
// an interrupted write loses only the unfinished frame, and the manifest adds up.
#include "core/crc32.h"
#include "core/movegen.h"
#include "temp_path.h"
#include "tools/data_manifest.h"
#include "tools/datagen.h"
#include "tools/game_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace flotilla::tools {
namespace {

namespace fs = std::filesystem;
using testing::temp_path;

// A legal game of `plies` pseudo-random moves from the start, scores counting up.
GameRecord random_game(std::uint64_t seed, int plies) {
    Position pos;
    pos.set_fen(Position::START_FEN, false);
    GameRecord game;
    game.start = pack(pos, 0, GameResult::DRAW);
    game.result = GameResult(seed % 3);
    for (int i = 0; i < plies; ++i) {
        const MoveList moves(pos);
        if (moves.size() == 0) break;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const Move m = *(moves.begin() + (seed >> 33) % moves.size());
        game.moves.push_back(m);
        game.scores.push_back(std::int16_t(i * 7 - 100));
        pos.make_move(m);
    }
    return game;
}

std::vector<std::uint8_t> read_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void write_bytes(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// Writes `count` games, flushing a frame after every `perFrame` of them.
std::vector<GameRecord> write_games(const fs::path& path, int count, int perFrame) {
    GameWriter writer;
    std::string error;
    EXPECT_TRUE(writer.open(path.string(), {{"engine", "test"}, {"nodes", "123"}}, &error))
        << error;
    std::vector<GameRecord> games;
    for (int i = 0; i < count; ++i) {
        games.push_back(random_game(std::uint64_t(i) + 1, 40 + i % 30));
        EXPECT_TRUE(writer.add(games.back(), &error)) << error;
        if ((i + 1) % perFrame == 0) {
            EXPECT_TRUE(writer.flush(&error)) << error;
        }
    }
    EXPECT_TRUE(writer.close(&error)) << error;
    return games;
}

TEST(GameFile, GamesReadBackAsWritten) {
    const fs::path path = temp_path("games_roundtrip.games.zst");
    const std::vector<GameRecord> written = write_games(path, 25, 10);
    GameFileHeader header;
    std::vector<GameRecord> read;
    const GameReadStats stats =
        read_game_file(path.string(), &header, [&](const GameRecord& g) { read.push_back(g); });
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(header["engine"], "test");
    EXPECT_EQ(header["nodes"], "123");
    EXPECT_EQ(stats.badFrames, 0u);
    EXPECT_EQ(stats.tailBytes, 0u);
    ASSERT_EQ(read.size(), written.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        EXPECT_EQ(read[i].moves, written[i].moves);
        EXPECT_EQ(read[i].scores, written[i].scores);
        EXPECT_EQ(read[i].result, written[i].result);
        EXPECT_TRUE(replay_game(read[i], [](const Position&, Move, int) {}));
    }
    const std::vector<std::uint8_t> bytes = read_bytes(path);
    EXPECT_EQ(stats.crc32, crc32(bytes.data(), bytes.size()));
    EXPECT_EQ(stats.fileBytes, bytes.size());
    fs::remove(path);
}

TEST(GameFile, ExistingFileIsNeverOverwritten) {
    const fs::path path = temp_path("games_exists.games.zst");
    write_bytes(path, {1, 2, 3});
    GameWriter writer;
    std::string error;
    EXPECT_FALSE(writer.open(path.string(), {}, &error));
    EXPECT_NE(error.find("exists"), std::string::npos) << error;
    EXPECT_EQ(read_bytes(path).size(), 3u);
    fs::remove(path);
}

TEST(GameFile, DamagedFrameCostsOnlyItsGames) {
    const fs::path path = temp_path("games_damaged.games.zst");
    write_games(path, 30, 10); // three frames of ten games
    std::vector<std::uint8_t> bytes = read_bytes(path);
    bytes[bytes.size() / 2] ^= 0x5A; // inside the middle frame
    write_bytes(path, bytes);
    int games = 0;
    const GameReadStats stats = read_game_file(path.string(), nullptr, [&](const GameRecord& g) {
        ++games;
        EXPECT_TRUE(replay_game(g, [](const Position&, Move, int) {}));
    });
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(stats.badFrames, 1u);
    EXPECT_EQ(stats.tailBytes, 0u);
    EXPECT_EQ(games, 20);
    fs::remove(path);
}

TEST(GameFile, UnfinishedLastFrameIsReportedNotRead) {
    const fs::path path = temp_path("games_cut.games.zst");
    write_games(path, 20, 10);
    std::vector<std::uint8_t> bytes = read_bytes(path);
    bytes.resize(bytes.size() - 7);
    write_bytes(path, bytes);
    int games = 0;
    const GameReadStats stats =
        read_game_file(path.string(), nullptr, [&](const GameRecord&) { ++games; });
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_GT(stats.tailBytes, 0u);
    EXPECT_EQ(games, 10);
    fs::remove(path);
}

TEST(GameFile, OtherFilesAreRejectedWithAMessage) {
    const fs::path path = temp_path("games_other.games.zst");
    write_bytes(path, {'n', 'o', 't', ' ', 'g', 'a', 'm', 'e', 's', '\n'});
    const GameReadStats stats = read_game_file(path.string(), nullptr, [](const GameRecord&) {});
    EXPECT_FALSE(stats.ok());
    EXPECT_NE(stats.error.find("not a Flotilla game file"), std::string::npos) << stats.error;
    EXPECT_FALSE(
        read_game_file("/nonexistent-flotilla/x.games.zst", nullptr, [](const GameRecord&) {
        }).ok());
    fs::remove(path);
}

TEST(GameFile, IllegalMoveEndsTheReplay) {
    GameRecord game = random_game(3, 20);
    game.moves[10] = Move::make(SQ_A1, SQ_H8); // no piece goes there in a legal game
    int plies = 0;
    EXPECT_FALSE(replay_game(game, [&](const Position&, Move, int) { ++plies; }));
    EXPECT_EQ(plies, 10);
}

TEST(GameFile, TrainingFilterDropsChecksCapturesPromotionsAndMates) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/1P6/8/3p4/4P3/8/8/4K2R w K - 0 1", false));
    const Move quiet = Move::make(SQ_E1, SQ_F1);
    EXPECT_TRUE(is_training_position(pos, quiet, 50));
    EXPECT_FALSE(is_training_position(pos, quiet, VALUE_MATE - 10));
    EXPECT_FALSE(is_training_position(pos, quiet, GAME_NO_SCORE));
    EXPECT_FALSE(is_training_position(pos, Move::make(SQ_E4, SQ_D5), 50)); // capture
    EXPECT_FALSE(is_training_position(pos, Move::make(SQ_B7, SQ_B8, PROMOTION, QUEEN), 50));
    EXPECT_TRUE(is_training_position(pos, Move::make(SQ_E1, SQ_H1, CASTLING), 50));
    Position check;
    ASSERT_TRUE(check.set_fen("4k3/8/8/8/8/8/8/R3K2r w - - 0 1", false));
    EXPECT_FALSE(is_training_position(check, Move::make(SQ_E1, SQ_E2), 0));
}

// train-nnue's --min-ply and --max-score: the loader keeps exactly the training positions
// from the given ply on whose |score| is within the limit, and counts the others.
TEST(GameFile, LoaderFilterLeavesOutEarlyPliesAndLargeScores) {
    const fs::path path = temp_path("games_filter.games.zst");
    const std::vector<GameRecord> games = write_games(path, 12, 5); // ply i scores 7i - 100
    std::uint64_t kept = 0, training = 0;
    for (const GameRecord& game : games) {
        int ply = 0;
        replay_game(game, [&](const Position& pos, Move m, int score) {
            const bool early = ply++ < 10;
            if (!is_training_position(pos, m, score)) return;
            ++training;
            kept += !early && std::abs(score) <= 100;
        });
    }
    std::vector<PackedRecord> all, records;
    TrainingLoadStats allStats, stats;
    std::string error;
    ASSERT_TRUE(load_training_records({path.string()}, &all, &allStats, &error)) << error;
    ASSERT_TRUE(load_training_records({path.string()}, &records, &stats, &error, nullptr,
                                      {.maxScore = 100, .minPly = 10}))
        << error;
    EXPECT_EQ(all.size(), training);
    EXPECT_EQ(allStats.filtered, 0u);
    ASSERT_GT(kept, 0u);
    ASSERT_LT(kept, training);
    EXPECT_EQ(records.size(), kept);
    EXPECT_EQ(stats.positions, kept);
    EXPECT_EQ(stats.filtered, training - kept);
    for (const PackedRecord& r : records) {
        const auto unpacked = unpack(r);
        ASSERT_TRUE(unpacked);
        EXPECT_LE(std::abs(unpacked->scoreWhite), 100);
        EXPECT_GE(unpacked->scoreWhite, 7 * 10 - 100); // ply 10 or later
    }
    fs::remove(path);
}

TEST(GameFile, DatagenWritesGameFilesAndTheManifestAddsUp) {
    const fs::path dir = temp_path("datagen_games_dir");
    DatagenOptions o;
    o.games = 4;
    o.threads = 2;
    o.nodes = 300;
    o.maxPlies = 60;
    o.outDir = dir.string();
    o.evalFile = "classical"; // the header's network column, whatever the build's default
    DatagenSummary summary;
    std::ostringstream progress, report;
    std::string error;
    ASSERT_TRUE(run_datagen(o, progress, &summary, &error)) << error;
    ASSERT_EQ(summary.files.size(), 1u);
    GameFileHeader header;
    std::uint64_t plies = 0;
    const GameReadStats stats = read_game_file(summary.files[0], &header, [&](const GameRecord& g) {
        plies += g.moves.size();
        EXPECT_EQ(g.moves.size(), g.scores.size());
    });
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(stats.games, 4u);
    EXPECT_EQ(plies, summary.positions);
    EXPECT_EQ(header["nodes"], "300");
    EXPECT_EQ(header["network"], "classical");
    EXPECT_FALSE(header["engine"].empty());

    std::vector<PackedRecord> records;
    TrainingLoadStats load;
    ASSERT_TRUE(load_training_records({dir.string()}, &records, &load, &error)) << error;
    EXPECT_EQ(load.positions, summary.trainingPositions);
    EXPECT_EQ(records.size(), summary.trainingPositions);
    EXPECT_EQ(load.badGames, 0u);

    ASSERT_TRUE(write_manifest(dir.string(), report, &error)) << error;
    std::ifstream manifest(dir / MANIFEST_NAME);
    std::string headerLine, line;
    std::getline(manifest, headerLine);
    std::getline(manifest, line);
    EXPECT_NE(line.find("\t300\t4\t" + std::to_string(summary.positions) + "\t" +
                        std::to_string(summary.trainingPositions) + "\t"),
              std::string::npos)
        << line;
    fs::remove_all(dir);
}

TEST(GameFile, DatagenBeginsANewFileWhenOneIsFull) {
    const fs::path dir = temp_path("datagen_chunks_dir");
    DatagenOptions o;
    o.games = 3;
    o.threads = 1;
    o.nodes = 200;
    o.maxPlies = 20;
    o.outDir = dir.string();
    o.chunkMB = 1e-6; // every file is full after its first game
    DatagenSummary summary;
    std::ostringstream progress, report;
    std::string error;
    ASSERT_TRUE(run_datagen(o, progress, &summary, &error)) << error;
    EXPECT_EQ(summary.files.size(), 3u);
    std::uint64_t games = 0;
    for (const std::string& file : summary.files) {
        const GameReadStats stats = read_game_file(file, nullptr, [](const GameRecord&) {});
        ASSERT_TRUE(stats.ok()) << stats.error;
        EXPECT_EQ(stats.games, 1u);
        games += stats.games;
    }
    EXPECT_EQ(games, 3u);
    fs::remove_all(dir);
}

} // namespace
} // namespace flotilla::tools
