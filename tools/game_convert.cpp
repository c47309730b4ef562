// Lossless, verified rewriting of game files in the current version (tools/game_convert.h).
#include "tools/game_convert.h"

#include "tools/data_manifest.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

namespace flotilla::tools {

namespace {

// Where the new file is written first; its name does not end in .games.zst, so no
// reader takes it for data while it is there.
std::string temporary_path(const std::string& path) { return path + ".converting"; }

// Puts the file's bytes on the disk before it replaces the only other copy of the data.
bool sync_file(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return false;
    const bool synced = ::fsync(fd) == 0;
    return ::close(fd) == 0 && synced;
}

// The first difference between two decoded games, or "" when they are the same.
std::string difference(const GameRecord& a, const GameRecord& b) {
    if (a.start != b.start) return "the start position";
    if (a.result != b.result) return "the result";
    if (a.moves.size() != b.moves.size()) return "the number of moves";
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        if (a.moves[i] != b.moves[i]) return "move " + std::to_string(i + 1);
        if (a.scores[i] != b.scores[i]) return "the score of move " + std::to_string(i + 1);
    }
    return a.scores.size() == b.scores.size() ? "" : "the number of scores";
}

bool write_converted(const std::string& out, const GameFileHeader& header,
                     const std::vector<GameRecord>& games, const ConvertOptions& options,
                     std::string* error) {
    GameWriter writer(options.framePlies);
    if (!writer.open(out, header, error)) return false;
    for (std::size_t i = 0; i < games.size(); ++i) {
        GameRecord game = games[i];
        if (options.alter) options.alter(i, &game);
        if (!writer.add(game, error)) return false;
    }
    return writer.close(error) && sync_file(out);
}

// Reads the new file back and compares it with the old one's games, game by game.
bool verify(const std::string& out, const GameFileHeader& header,
            const std::vector<GameRecord>& games, GameReadStats* stats, std::string* error) {
    GameFileHeader newHeader;
    std::uint64_t index = 0;
    std::string firstDifference;
    *stats = read_game_file(out, &newHeader, [&](const GameRecord& game) {
        const std::string d = index < games.size() ? difference(games[index], game) : "extra";
        if (!d.empty() && firstDifference.empty())
            firstDifference = "game " + std::to_string(index + 1) + " differs in " + d;
        ++index;
    });
    if (!stats->ok()) firstDifference = stats->error;
    if (firstDifference.empty() && (stats->badFrames || stats->badGames || stats->tailBytes))
        firstDifference = "it does not read back whole";
    if (firstDifference.empty() && index != games.size())
        firstDifference =
            "it holds " + std::to_string(index) + " games, not " + std::to_string(games.size());
    if (firstDifference.empty() && newHeader != header) firstDifference = "its header differs";
    if (!firstDifference.empty()) *error = "the converted file: " + firstDifference;
    return firstDifference.empty();
}

} // namespace

bool convert_game_file(const std::string& path, const ConvertOptions& options,
                       ConvertReport* report, std::string* error) {
    *report = ConvertReport{};
    GameFileHeader header;
    std::vector<GameRecord> games;
    const GameReadStats old =
        read_game_file(path, &header, [&](const GameRecord& g) { games.push_back(g); });
    const auto fail = [&](const std::string& why) {
        *error = "'" + path + "' not converted: " + why;
        return false;
    };
    if (!old.ok()) return fail(old.error);
    report->games = old.games;
    report->positions = old.plies;
    report->oldBytes = report->newBytes = old.fileBytes;
    if (old.version == 2) return true;
    if (old.badFrames || old.badGames || old.tailBytes)
        return fail("it has damaged frames or an unfinished last frame");
    ManifestRowUpdate row{path, old.games, old.plies, 0, 0};
    bool manifest = false;
    if (!check_manifest_row(row, &manifest, error)) return fail(*error);

    const std::string out = temporary_path(path);
    if (std::filesystem::exists(out))
        return fail("'" + out + "' exists (left by an interrupted conversion?); remove it");
    GameReadStats converted;
    if (!write_converted(out, header, games, options, error) ||
        !verify(out, header, games, &converted, error)) {
        std::filesystem::remove(out);
        return fail(*error);
    }
    std::error_code ec;
    std::filesystem::rename(out, path, ec);
    if (ec) {
        std::filesystem::remove(out);
        return fail("cannot replace it: " + ec.message());
    }
    report->converted = true;
    report->newBytes = converted.fileBytes;
    row.bytes = converted.fileBytes;
    row.crc32 = converted.crc32;
    report->manifestUpdated = manifest;
    return !manifest || update_manifest_row(row, error);
}

} // namespace flotilla::tools
