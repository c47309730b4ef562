// The text of the `d` command: a board diagram, the FEN, the hash key and the
// squares of the pieces giving check.
#pragma once

#include "core/position.h"

#include <string>

namespace flotilla::uci {

std::string board_display(const Position& pos);

} // namespace flotilla::uci
