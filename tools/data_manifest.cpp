// MANIFEST.tsv of a data directory (docs/data-format.md).
#include "tools/data_manifest.h"

#include "tools/game_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

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
        // Soft nodes show as "soft/hard" (5000/40000); a fixed budget as its one number.
        const std::string nodes = header["soft_nodes"].empty()
                                      ? header["nodes"]
                                      : header["soft_nodes"] + "/" + header["nodes"];
        char crc[16];
        std::snprintf(crc, sizeof crc, "%08x", stats.crc32);
        text += std::filesystem::relative(path, dir).string() + "\t" + header["engine"] + "\t" +
                header["network"] + "\t" + nodes + "\t" + std::to_string(stats.games) + "\t" +
                std::to_string(stats.plies) + "\t" + std::to_string(kept) + "\t" +
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

namespace {

// Column numbers of MANIFEST.tsv.
constexpr std::size_t COL_FILE = 0, COL_GAMES = 4, COL_POSITIONS = 5, COL_BYTES = 7, COL_CRC32 = 8,
                      COLUMNS = 9;

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> fields;
    std::istringstream in(line);
    for (std::string field; std::getline(in, field, '\t');) fields.push_back(field);
    return fields;
}

// The manifest's lines, and which of them is the file's row (lines.size() when none).
struct ManifestLines {
    std::vector<std::string> lines;
    std::size_t row = 0;
};

bool read_row(const ManifestRowUpdate& row, bool* found, ManifestLines* out, std::string* error) {
    const std::filesystem::path file(row.file);
    const std::filesystem::path manifest = file.parent_path() / MANIFEST_NAME;
    *found = std::filesystem::exists(manifest);
    if (!*found) return true;
    std::ifstream in(manifest, std::ios::binary);
    for (std::string line; std::getline(in, line);) out->lines.push_back(line);
    const std::string name = file.filename().string();
    out->row = out->lines.size();
    for (std::size_t i = 1; i < out->lines.size(); ++i) {
        const std::vector<std::string> fields = split_tabs(out->lines[i]);
        if (!fields.empty() && fields[COL_FILE] == name) out->row = i;
    }
    if (out->row == out->lines.size()) {
        *error = manifest.string() + " has no row for " + name;
        return false;
    }
    const std::vector<std::string> fields = split_tabs(out->lines[out->row]);
    if (fields.size() != COLUMNS || fields[COL_GAMES] != std::to_string(row.games) ||
        fields[COL_POSITIONS] != std::to_string(row.positions)) {
        *error = manifest.string() + "'s row for " + name + " does not say " +
                 std::to_string(row.games) + " games and " + std::to_string(row.positions) +
                 " positions";
        return false;
    }
    return true;
}

} // namespace

bool check_manifest_row(const ManifestRowUpdate& row, bool* found, std::string* error) {
    ManifestLines manifest;
    return read_row(row, found, &manifest, error);
}

bool update_manifest_row(const ManifestRowUpdate& row, std::string* error) {
    ManifestLines manifest;
    bool found = false;
    if (!read_row(row, &found, &manifest, error)) return false;
    if (!found) return true;
    std::vector<std::string> fields = split_tabs(manifest.lines[manifest.row]);
    char crc[16];
    std::snprintf(crc, sizeof crc, "%08x", row.crc32);
    fields[COL_BYTES] = std::to_string(row.bytes);
    fields[COL_CRC32] = crc;
    std::string line = fields[0];
    for (std::size_t i = 1; i < fields.size(); ++i) line += "\t" + fields[i];
    manifest.lines[manifest.row] = line;

    const std::filesystem::path path =
        std::filesystem::path(row.file).parent_path() / MANIFEST_NAME;
    const std::filesystem::path temporary = path.string() + ".new";
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    for (const std::string& text : manifest.lines) out << text << "\n";
    if (!out.flush()) {
        *error = "cannot write '" + temporary.string() + "'";
        return false;
    }
    out.close();
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        *error = "cannot replace '" + path.string() + "': " + ec.message();
        return false;
    }
    return true;
}

} // namespace flotilla::tools
