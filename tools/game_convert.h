// `flotilla convert-games`: rewrites game files of version 1 in the current version (2),
// in place and losslessly. The new file is written beside the old one, read back and
// compared game by game with it (start position, result, every move and every score),
// and only then replaces it under the same name; the directory's MANIFEST.tsv row gets
// the new bytes and CRC-32. Any difference leaves the old file and the manifest as
// they were.
#pragma once

#include "tools/game_file.h"

#include <cstdint>
#include <functional>
#include <string>

namespace flotilla::tools {

// A converted file is finished, so it can have larger frames than datagen writes: they
// compress about 1 % better, and a damaged frame costs more games, but these files
// are also kept in git.
inline constexpr std::uint64_t CONVERT_FRAME_PLIES = 1 << 20;

struct ConvertOptions {
    std::uint64_t framePlies = CONVERT_FRAME_PLIES;
    // Applied to each game before it is written: tests use it to check that a
    // conversion that changes a game is refused.
    std::function<void(std::uint64_t gameIndex, GameRecord* game)> alter;
};

struct ConvertReport {
    bool converted = false; // false: the file already had the current version
    std::uint64_t games = 0, positions = 0;
    std::uint64_t oldBytes = 0, newBytes = 0;
    bool manifestUpdated = false; // false: the directory has no MANIFEST.tsv
};

// Converts one game file as above. False, with *error, when the file does not read
// whole (damaged frames, an unfinished last frame), the new file cannot be written or
// differs from the old, or the manifest row does not match; nothing is replaced then.
bool convert_game_file(const std::string& path, const ConvertOptions& options,
                       ConvertReport* report, std::string* error);

} // namespace flotilla::tools
