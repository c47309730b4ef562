// Small text helpers shared by the command handlers: tokens, case-insensitive
// comparison, strict integer parsing and quoting of user text in messages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace flotilla::uci {

// Splits on spaces and tabs; the views point into text.
std::vector<std::string_view> split_tokens(std::string_view text);

bool iequals(std::string_view a, std::string_view b);
std::string to_lower(std::string_view text);

// The whole of text must be a decimal integer (optional sign) that fits in int64.
bool parse_integer(std::string_view text, std::int64_t& value);

// User text for an error message: quoted, and shortened when it is very long so
// one bad token cannot flood the GUI's log.
std::string quote(std::string_view text);

} // namespace flotilla::uci
