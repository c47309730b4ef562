// Re-scoring game files: only the chosen training positions get a deeper search's score,
// that score is the search's, and the rest of each game is left as it was.
#include "search/worker.h"
#include "temp_path.h"
#include "tools/commands.h"
#include "tools/data_manifest.h"
#include "tools/datagen.h"
#include "tools/rescore.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

namespace flotilla::tools {
namespace {

namespace fs = std::filesystem;
using testing::temp_path;

// Three short classical games in a directory of their own.
fs::path small_games(const std::string& name) {
    const fs::path dir = temp_path(name);
    DatagenOptions o;
    o.games = 3;
    o.threads = 1;
    o.nodes = 200;
    o.maxPlies = 40;
    o.outDir = dir.string();
    o.evalFile = "classical";
    std::ostringstream progress;
    std::string error;
    EXPECT_TRUE(run_datagen(o, progress, nullptr, &error)) << error;
    return dir;
}

std::vector<GameRecord> read_games(const fs::path& dir, GameFileHeader* header = nullptr) {
    std::vector<GameRecord> games;
    for (const std::string& file : game_files_in(dir.string()))
        EXPECT_TRUE(
            read_game_file(file, header, [&](const GameRecord& g) { games.push_back(g); }).ok());
    return games;
}

RescoreOptions options(const fs::path& in, const fs::path& out, double share) {
    RescoreOptions o;
    o.data = {in.string()};
    o.outDir = out.string();
    o.nodes = 1500;
    o.share = share;
    o.threads = 2;
    o.evalFile = "classical";
    return o;
}

TEST(Rescore, EveryChosenPositionGetsTheDeeperSearchsScoreAndNothingElseChanges) {
    const fs::path in = small_games("rescore_in"), out = temp_path("rescore_out");
    RescoreSummary summary;
    std::ostringstream progress;
    std::string error;
    ASSERT_TRUE(run_rescore(options(in, out, 1.0), progress, &summary, &error)) << error;
    const std::vector<GameRecord> before = read_games(in);
    GameFileHeader header;
    const std::vector<GameRecord> after = read_games(out, &header);
    ASSERT_EQ(after.size(), before.size());
    EXPECT_EQ(summary.games, before.size());
    EXPECT_EQ(summary.rescored, summary.trainingPositions);
    EXPECT_GT(summary.changed, 0u);
    EXPECT_EQ(header["rescored"].rfind("nodes 1500 share 1", 0), 0u) << header["rescored"];
    EXPECT_EQ(header["network"], "classical"); // the old header's keys stay
    EXPECT_TRUE(fs::exists(out / MANIFEST_NAME));
    for (std::size_t g = 0; g < before.size(); ++g) {
        EXPECT_EQ(after[g].moves, before[g].moves);
        EXPECT_EQ(after[g].result, before[g].result);
        ASSERT_EQ(after[g].scores.size(), before[g].scores.size());
        int ply = 0;
        bool first = true;
        replay_game(before[g], [&](const Position& pos, Move m, int score) {
            const std::size_t i = std::size_t(ply++);
            if (!is_training_position(pos, m, score)) {
                EXPECT_EQ(after[g].scores[i], before[g].scores[i]) << "game " << g << " ply " << i;
                return;
            }
            if (!first) return;
            first = false;
            // A game's first search starts on an empty table: a fresh search agrees.
            search::TranspositionTable tt;
            tt.resize(16);
            search::Worker worker(tt);
            search::Limits limits;
            limits.nodes = 1500;
            std::atomic<bool> stop{false};
            const int s = worker.iterative_deepening(pos, limits, search::Params{}, stop).score;
            EXPECT_EQ(after[g].scores[i], pos.side_to_move() == WHITE ? s : -s);
        });
    }
    // Deterministic: a second run writes the same scores.
    const fs::path again = temp_path("rescore_again");
    ASSERT_TRUE(run_rescore(options(in, again, 1.0), progress, nullptr, &error)) << error;
    const std::vector<GameRecord> second = read_games(again);
    for (std::size_t g = 0; g < after.size(); ++g) EXPECT_EQ(second[g].scores, after[g].scores);
    for (const fs::path& d : {in, out, again}) fs::remove_all(d);
}

TEST(Rescore, ShareZeroChangesNoScoreAndTheShareIsNested) {
    const fs::path in = small_games("rescore_zero_in"), out = temp_path("rescore_zero_out");
    RescoreSummary summary;
    std::ostringstream progress;
    std::string error;
    ASSERT_TRUE(run_rescore(options(in, out, 0.0), progress, &summary, &error)) << error;
    EXPECT_EQ(summary.rescored, 0u);
    const std::vector<GameRecord> before = read_games(in), after = read_games(out);
    ASSERT_EQ(after.size(), before.size());
    for (std::size_t g = 0; g < before.size(); ++g) EXPECT_EQ(after[g].scores, before[g].scores);
    for (const fs::path& d : {in, out}) fs::remove_all(d);

    int chosen = 0;
    for (int ply = 0; ply < 10000; ++ply) {
        const bool low = rescore_chosen(7, 3, ply, 0.3), high = rescore_chosen(7, 3, ply, 0.6);
        EXPECT_TRUE(!low || high) << ply; // a smaller share picks a subset of a larger one
        chosen += high;
    }
    EXPECT_NEAR(chosen, 6000, 300);
}

TEST(Rescore, BadOptionsAreRefused) {
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"rescore", "--data", "x", "--out-dir", "y", "--share", "1.5"},
             {"rescore", "--data", "x", "--out-dir", "y", "--nodes", "0"},
             {"rescore", "--data", "x"},
             {"rescore", "--out-dir", "y"},
             {"rescore", "--bogus"}}) {
        std::ostringstream out, err;
        EXPECT_EQ(run_tool(args, out, err), 1) << args.back();
        EXPECT_NE(err.str().find("usage: flotilla rescore"), std::string::npos) << err.str();
        // The ranges are checked before the data is read ('x' does not exist).
        if (args.size() == 7) {
            EXPECT_NE(err.str().find("--share in [0, 1]"), std::string::npos) << err.str();
        }
    }
}

} // namespace
} // namespace flotilla::tools
