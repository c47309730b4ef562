// The table of every UCI option the engine offers.
#pragma once

#include "uci/options.h"

#include <span>

namespace flotilla::uci {

std::span<const OptionSpec> engine_option_table();

} // namespace flotilla::uci
