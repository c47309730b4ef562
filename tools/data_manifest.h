// The manifest of the training data in data/: one line per game file with what
// made it (engine commit, network, nodes per move), what it holds and its checksum,
// so that a network's data can be named and checked.
#pragma once

#include <ostream>
#include <string>

namespace flotilla::tools {

inline constexpr const char* MANIFEST_NAME = "MANIFEST.tsv";

// Reads every game file below `dir` and writes `dir`/MANIFEST.tsv (tab-separated:
// file, engine, network, nodes, games, positions, training positions, bytes, crc32),
// with a total line printed to `report`. False with *error set when a file is unreadable.
bool write_manifest(const std::string& dir, std::ostream& report, std::string* error);

} // namespace flotilla::tools
