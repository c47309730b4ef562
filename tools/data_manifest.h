// The manifest of the training data in data/: one line per game file with what
// made it (engine commit, network, nodes per move), what it holds and its checksum,
// so that a network's data can be named and checked.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace flotilla::tools {

inline constexpr const char* MANIFEST_NAME = "MANIFEST.tsv";

// Reads every game file below `dir` and writes `dir`/MANIFEST.tsv (tab-separated:
// file, engine, network, nodes, games, positions, training positions, bytes, crc32),
// with a total line printed to `report`. False with *error set when a file is unreadable.
bool write_manifest(const std::string& dir, std::ostream& report, std::string* error);

// What a game file's manifest row must say, and what a rewrite of it changes.
struct ManifestRowUpdate {
    std::string file; // the game file's path; its directory holds the manifest
    std::uint64_t games = 0, positions = 0;
    std::uint64_t bytes = 0;
    std::uint32_t crc32 = 0;
};

// Checks the file's row in its directory's manifest: false, with *error, when there is
// a manifest but no row for the file or the row's games or positions differ. True
// (with *found false) when the directory has no manifest.
bool check_manifest_row(const ManifestRowUpdate& row, bool* found, std::string* error);

// After a lossless rewrite of a game file: its manifest row, checked as above, gets the
// new bytes and CRC-32; every other row and column stays as it was. The manifest is
// replaced whole (written beside it, then renamed), so a crash leaves the old one.
bool update_manifest_row(const ManifestRowUpdate& row, std::string* error);

} // namespace flotilla::tools
