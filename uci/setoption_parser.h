// Splits `setoption name <name> [value <value>]` into the name and the value.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace flotilla::uci {

struct SetOptionRequest {
    std::string name; // name words joined by single spaces
    // The text after `value`, inner spacing kept (paths may contain spaces);
    // nullopt when there is no `value` keyword, empty when nothing follows it.
    std::optional<std::string> value;
};

// args are the tokens after `setoption`, all views into one line. On error
// returns false and fills *error.
bool parse_setoption(std::span<const std::string_view> args, SetOptionRequest& request,
                     std::string* error);

} // namespace flotilla::uci
