// Reading and vetting raw input lines before any command sees them: bounded
// length (a runaway GUI or a pipe of binary data cannot exhaust memory) and
// text only (no control bytes, valid UTF-8).
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace flotilla::uci {

// Longer than any real command: a 10,000-ply `position ... moves` line is ~60 KB.
constexpr std::size_t MAX_LINE_BYTES = 128 * 1024;

// Reads up to the next '\n' (removed, with a '\r' before it). Keeps at most
// MAX_LINE_BYTES + 1 bytes and discards the rest, so an over-long line is still
// seen as too long. Returns false at end of input with nothing read.
bool read_line(std::istream& in, std::string& line);

// Why a line cannot be a command, or nothing when it is acceptable text.
std::optional<std::string> line_problem(std::string_view line);

} // namespace flotilla::uci
