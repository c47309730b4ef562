// convert-games: a version-1 file becomes version 2 under the same name with the same
// games and a manifest row with the new bytes and CRC-32; anything that does not match
// leaves the old file and the manifest untouched.
#include "game_samples.h"
#include "temp_path.h"
#include "tools/commands.h"
#include "tools/data_manifest.h"
#include "tools/game_convert.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace flotilla::tools {
namespace {

namespace fs = std::filesystem;
using testing::edge_games;
using testing::temp_path;

const fs::path V1_FILE = fs::path(FLOTILLA_SOURCE_DIR) / "tests/tools/data/games-v1.games.zst";

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// A data directory holding a copy of the version-1 file and its manifest.
struct DataDir {
    fs::path dir, file;
    explicit DataDir(const std::string& name) : dir(temp_path(name)) {
        fs::create_directories(dir);
        file = dir / "sample-1.games.zst";
        fs::copy_file(V1_FILE, file);
        std::ostringstream report;
        std::string error;
        EXPECT_TRUE(write_manifest(dir.string(), report, &error)) << error;
    }
    ~DataDir() { fs::remove_all(dir); }
    std::string manifest() const { return read_text(dir / MANIFEST_NAME); }
};

std::vector<GameRecord> read_games(const fs::path& path, GameReadStats* stats) {
    std::vector<GameRecord> games;
    *stats =
        read_game_file(path.string(), nullptr, [&](const GameRecord& g) { games.push_back(g); });
    return games;
}

TEST(GameConvert, RewritesInPlaceAndTheManifestStillChecks) {
    const DataDir data("convert_ok");
    const std::string before = data.manifest();
    ConvertReport report;
    std::string error;
    ASSERT_TRUE(convert_game_file(data.file.string(), {}, &report, &error)) << error;
    EXPECT_TRUE(report.converted);
    EXPECT_TRUE(report.manifestUpdated);
    EXPECT_EQ(report.games, edge_games().size());
    EXPECT_EQ(report.oldBytes, fs::file_size(V1_FILE));
    EXPECT_EQ(report.newBytes, fs::file_size(data.file));
    GameReadStats stats;
    EXPECT_EQ(read_games(data.file, &stats), edge_games());
    EXPECT_EQ(stats.version, 2);
    EXPECT_FALSE(fs::exists(data.file.string() + ".converting"));

    // Only the bytes and CRC-32 changed, and they are what data-manifest now writes.
    const std::string updated = data.manifest();
    EXPECT_NE(updated, before);
    std::ostringstream out;
    ASSERT_TRUE(write_manifest(data.dir.string(), out, &error)) << error;
    EXPECT_EQ(data.manifest(), updated);
    const auto upto_bytes = [](const std::string& text) {
        const std::string row = text.substr(text.find('\n') + 1);
        return row.substr(0, row.rfind('\t', row.rfind('\t') - 1));
    };
    EXPECT_EQ(upto_bytes(updated), upto_bytes(before));

    // A second run leaves the file alone.
    const std::string converted = read_text(data.file);
    ASSERT_TRUE(convert_game_file(data.file.string(), {}, &report, &error)) << error;
    EXPECT_FALSE(report.converted);
    EXPECT_TRUE(read_text(data.file) == converted);
}

// The guard itself: a conversion whose new file differs from the old in a single score
// is refused, and nothing is replaced.
TEST(GameConvert, RefusesAConversionThatChangesAGame) {
    const DataDir data("convert_mismatch");
    const std::string oldBytes = read_text(data.file), oldManifest = data.manifest();
    ConvertOptions options;
    options.alter = [](std::uint64_t index, GameRecord* game) {
        if (index == 2) game->scores[3] += 1;
    };
    ConvertReport report;
    std::string error;
    EXPECT_FALSE(convert_game_file(data.file.string(), options, &report, &error));
    EXPECT_NE(error.find("game 3 differs in the score of move 4"), std::string::npos) << error;
    EXPECT_FALSE(report.converted);
    EXPECT_TRUE(read_text(data.file) == oldBytes) << "the old file was replaced";
    EXPECT_EQ(data.manifest(), oldManifest);
    EXPECT_FALSE(fs::exists(data.file.string() + ".converting"));
}

TEST(GameConvert, RefusesAManifestRowThatDoesNotMatch) {
    const DataDir data("convert_manifest");
    std::string manifest = data.manifest();
    const std::string games = "\t" + std::to_string(edge_games().size()) + "\t";
    manifest.replace(manifest.find(games), games.size(), "\t1234\t");
    std::ofstream(data.dir / MANIFEST_NAME, std::ios::binary) << manifest;
    ConvertReport report;
    std::string error;
    EXPECT_FALSE(convert_game_file(data.file.string(), {}, &report, &error));
    EXPECT_NE(error.find("does not say"), std::string::npos) << error;
    EXPECT_TRUE(read_text(data.file) == read_text(V1_FILE));
}

TEST(GameConvert, RefusesADamagedFile) {
    const DataDir data("convert_damaged");
    std::string bytes = read_text(data.file);
    bytes[bytes.size() - 100] ^= 0x5A;
    std::ofstream(data.file, std::ios::binary | std::ios::trunc) << bytes;
    ConvertReport report;
    std::string error;
    EXPECT_FALSE(convert_game_file(data.file.string(), {}, &report, &error));
    EXPECT_NE(error.find("damaged"), std::string::npos) << error;
    EXPECT_TRUE(read_text(data.file) == bytes);
}

TEST(GameConvert, CommandConvertsADirectory) {
    const DataDir data("convert_command");
    std::ostringstream out, err;
    EXPECT_EQ(run_tool({"convert-games", data.dir.string()}, out, err), 0) << err.str();
    EXPECT_NE(out.str().find("every game verified identical; manifest row updated"),
              std::string::npos)
        << out.str();
    GameReadStats stats;
    EXPECT_EQ(read_games(data.file, &stats), edge_games());
    EXPECT_EQ(stats.version, 2);
    EXPECT_EQ(run_tool({"convert-games"}, out, err), 1);
    EXPECT_NE(err.str().find("usage: flotilla convert-games"), std::string::npos);
}

} // namespace
} // namespace flotilla::tools
