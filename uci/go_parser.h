// Parses the parameters of a `go` command into search limits, all of them at
// once, so that a bad number or an unknown move is reported before anything runs.
#pragma once

#include "core/position.h"
#include "search/limits.h"

#include <span>
#include <string>
#include <string_view>

namespace flotilla::uci {

// args are the tokens after `go`. searchmoves are checked against pos. On error
// returns false and fills *error; limits is then unspecified. A number outside its
// range, `nodes` 0 or a `go` with only the opponent's clock still parses, with the
// meaning given to it in *notice (empty when there is nothing to say).
bool parse_go(std::span<const std::string_view> args, const Position& pos, search::Limits& limits,
              std::string* error, std::string* notice = nullptr);

} // namespace flotilla::uci
