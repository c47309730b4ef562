// Test-suite EPD lines (`bm`/`am` in SAN) turned into UCI moves, so that a script can
// score any UCI engine on WAC-style suites without a chess library of its own.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace flotilla::tools {

struct SuiteEntry {
    std::string fen;                // full FEN (halfmove and fullmove counters added)
    std::string id;                 // the `id` operation, or "line N"
    std::vector<std::string> best;  // `bm` moves in UCI notation
    std::vector<std::string> avoid; // `am` moves in UCI notation
    std::string mate;               // `bm #N` as "N" (mate suites), else empty
};

// Parses one EPD line. Returns false with a message for a bad FEN or a bm/am move that is
// not legal in the position; an empty line or a comment gives false with an empty error.
bool parse_suite_line(const std::string& line, int lineNumber, SuiteEntry* entry,
                      std::string* error);

// `flotilla epd-uci FILE`: one line per position, tab-separated:
// FEN, id, bm moves (space-separated UCI), am moves, mate distance. Bad lines are
// reported on `err` and skipped. Returns the process status.
int convert_suite(const std::string& path, std::ostream& out, std::ostream& err);

} // namespace flotilla::tools
