// MANIFEST.tsv of a data directory (docs/data-format.md).
#include "tools/data_manifest.h"

#include "tools/game_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace flotilla::tools {

bool write_manifest(const std::string& dir, std::ostream& report, std::string* error) {
    if (!std::filesystem::is_directory(dir)) {
        *error = "'" + dir + "' is not a directory";
        return false;
    }
    std::string text = "file\tengine\tnetwork\tnodes\tgames\tpositions\ttraining_positions\tbytes"
                       "\tcrc32\n";
    std::uint64_t games = 0, positions = 0, training = 0, bytes = 0, files = 0;
    for (const std::string& path : game_files_in(dir)) {
        GameFileHeader header;
        std::uint64_t kept = 0;
        const GameReadStats stats = read_game_file(path, &header, [&](const GameRecord& game) {
            replay_game(game, [&](const Position& pos, Move played, int score) {
                kept += is_training_position(pos, played, score);
            });
        });
        if (!stats.ok()) {
            *error = stats.error;
            return false;
        }
        if (stats.badFrames || stats.tailBytes)
            report << path << ": " << stats.badFrames << " damaged frames, " << stats.tailBytes
                   << " bytes of an unfinished frame\n";
        char crc[16];
        std::snprintf(crc, sizeof crc, "%08x", stats.crc32);
        text += std::filesystem::relative(path, dir).string() + "\t" + header["engine"] + "\t" +
                header["network"] + "\t" + header["nodes"] + "\t" + std::to_string(stats.games) +
                "\t" + std::to_string(stats.plies) + "\t" + std::to_string(kept) + "\t" +
                std::to_string(stats.fileBytes) + "\t" + crc + "\n";
        ++files;
        games += stats.games;
        positions += stats.plies;
        training += kept;
        bytes += stats.fileBytes;
    }
    const std::string manifest = (std::filesystem::path(dir) / MANIFEST_NAME).string();
    std::ofstream out(manifest, std::ios::binary | std::ios::trunc);
    if (!(out << text) || !out.flush()) {
        *error = "cannot write '" + manifest + "'";
        return false;
    }
    report << manifest << ": " << files << " files, " << games << " games, " << positions
           << " positions (" << training << " for training), " << bytes << " bytes";
    if (positions) report << " (" << double(bytes) / double(positions) << " bytes per position)";
    report << "\n";
    return true;
}

} // namespace flotilla::tools
