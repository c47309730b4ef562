// The two versions of the game-file format: files of version 1 (written by the old writer,
// kept in tests/tools/data) still read; the writer writes version 2, which gives back
// every corner case exactly; a version-2 frame with a bad game loses only that game.
#include "game_samples.h"
#include "temp_path.h"
#include "tools/game_file.h"
#include "tools/game_frame.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace flotilla::tools {
namespace {

namespace fs = std::filesystem;
using testing::edge_games;
using testing::temp_path;

const std::string DATA_DIR = std::string(FLOTILLA_SOURCE_DIR) + "/tests/tools/data/";

std::vector<GameRecord> read_all(const std::string& path, GameReadStats* stats,
                                 GameFileHeader* header = nullptr) {
    std::vector<GameRecord> games;
    *stats = read_game_file(path, header, [&](const GameRecord& g) { games.push_back(g); });
    return games;
}

std::vector<std::uint8_t> read_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void write_bytes(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

void write_file(const fs::path& path, const std::vector<GameRecord>& games,
                std::uint64_t framePlies = DEFAULT_FRAME_PLIES) {
    GameWriter writer(framePlies);
    std::string error;
    ASSERT_TRUE(writer.open(path.string(), {{"engine", "test"}}, &error)) << error;
    for (const GameRecord& g : games) ASSERT_TRUE(writer.add(g, &error)) << error;
    ASSERT_TRUE(writer.close(&error)) << error;
}

TEST(GameFormat, Version1FilesStillRead) {
    GameReadStats stats;
    GameFileHeader header;
    const auto games = read_all(DATA_DIR + "games-v1.games.zst", &stats, &header);
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(stats.version, 1);
    EXPECT_EQ(header["engine"], "v1-writer");
    EXPECT_EQ(stats.badFrames + stats.badGames + stats.tailBytes, 0u);
    EXPECT_EQ(games, edge_games());
}

// The ranking rule is part of the format: this file, written when version 2 was made,
// decodes to the same games only while the rule is unchanged.
TEST(GameFormat, Version2FileWrittenWithTheFormatStillReads) {
    GameReadStats stats;
    const auto games = read_all(DATA_DIR + "games-v2.games.zst", &stats);
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(stats.version, 2);
    EXPECT_EQ(games, edge_games());
}

TEST(GameFormat, EdgeGamesRoundTripInVersion2) {
    const fs::path path = temp_path("edge_v2.games.zst");
    write_file(path, edge_games(), 500); // several frames, one game spanning a frame's limit
    GameReadStats stats;
    const auto games = read_all(path.string(), &stats);
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(stats.version, 2);
    EXPECT_EQ(games, edge_games());
    const std::vector<std::uint8_t> bytes = read_bytes(path);
    const std::string firstLine = "flotilla-games 2\n";
    EXPECT_EQ(std::string(bytes.begin() + 8, bytes.begin() + 8 + long(firstLine.size())),
              firstLine);
    fs::remove(path);
}

TEST(GameFormat, LongerGamesAreCutAndMissingScoresMarked) {
    GameRecord longGame = testing::knight_dance(5000);
    GameRecord shortScores = edge_games()[0];
    shortScores.scores.resize(1);
    const fs::path path = temp_path("cut_v2.games.zst");
    write_file(path, {longGame, shortScores});
    GameReadStats stats;
    const auto games = read_all(path.string(), &stats);
    ASSERT_EQ(games.size(), 2u);
    longGame.moves.resize(MAX_GAME_PLIES);
    longGame.scores.resize(MAX_GAME_PLIES);
    EXPECT_EQ(games[0], longGame);
    shortScores.scores.resize(shortScores.moves.size(), GAME_NO_SCORE);
    EXPECT_EQ(games[1], shortScores);
    fs::remove(path);
}

TEST(GameFormat, WriterRefusesAGameItCannotRank) {
    const fs::path path = temp_path("illegal_v2.games.zst");
    GameWriter writer;
    std::string error;
    ASSERT_TRUE(writer.open(path.string(), {}, &error)) << error;
    GameRecord illegal = edge_games()[0];
    illegal.moves[2] = Move::make(SQ_A1, SQ_H8);
    EXPECT_FALSE(writer.add(illegal, &error));
    EXPECT_NE(error.find("move 3"), std::string::npos) << error;
    GameRecord badStart = edge_games()[1];
    badStart.start[3] ^= 1; // the CRC-16 no longer matches
    EXPECT_FALSE(writer.add(badStart, &error));
    EXPECT_TRUE(writer.add(edge_games()[2], &error)) << error;
    ASSERT_TRUE(writer.close(&error)) << error;
    GameReadStats stats;
    const auto games = read_all(path.string(), &stats);
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0], edge_games()[2]);
    fs::remove(path);
}

// As in version 1: a damaged frame is counted and skipped, the others read.
TEST(GameFormat, DamagedVersion1FrameCostsOnlyItsGames) {
    const fs::path path = temp_path("damaged_v1.games.zst");
    std::vector<std::uint8_t> bytes = read_bytes(DATA_DIR + "games-v1.games.zst");
    bytes[bytes.size() - 100] ^= 0x5A; // inside the second of the file's two frames
    write_bytes(path, bytes);
    GameReadStats stats;
    const auto games = read_all(path.string(), &stats);
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(stats.badFrames, 1u);
    const std::vector<GameRecord> edge = edge_games();
    EXPECT_EQ(games, std::vector<GameRecord>(edge.begin(), edge.begin() + 4));
    fs::remove(path);
}

// Contents that passed zstd's checksum but do not decode (a writer's bug, or made up):
// a bad game is left out and counted, a frame that does not add up is refused whole.
TEST(GameFormat, Version2FrameWithABadGameLosesOnlyThatGame) {
    const std::vector<GameRecord> edge = edge_games();
    FrameBuilder builder;
    std::string error;
    for (int i : {0, 2, 5}) ASSERT_TRUE(builder.add(edge[i], &error)) << error;
    std::vector<std::uint8_t> contents = builder.take();
    // Layout: count, 3 starts of 30 bytes, 3 one-byte lengths (4, 6, 2), then the ranks.
    const std::size_t ranks = 1 + 3 * 30 + 3;
    std::vector<GameRecord> games;
    std::uint64_t bad = 0;
    ASSERT_TRUE(decode_frame_v2(contents.data(), contents.size(), &games, &bad));
    EXPECT_EQ(bad, 0u);
    EXPECT_EQ(games, (std::vector<GameRecord>{edge[0], edge[2], edge[5]}));

    contents[ranks + 4 + 1] = 250; // the second game's second move: no such rank
    games.clear();
    ASSERT_TRUE(decode_frame_v2(contents.data(), contents.size(), &games, &bad));
    EXPECT_EQ(bad, 1u);
    EXPECT_EQ(games, (std::vector<GameRecord>{edge[0], edge[5]}));

    for (std::size_t size = 0; size < contents.size(); ++size)
        EXPECT_FALSE(decode_frame_v2(contents.data(), size, &games, &bad)) << size;
}

} // namespace
} // namespace flotilla::tools
