// The tuner's writer and reader of eval/weights.cpp, so its output drops straight into
// the build.
#pragma once

#include "eval/weights.h"

#include <string>
#include <string_view>

namespace flotilla::tools {

// The text of eval/weights.cpp holding these weights (what the tuner writes). The
// provenance, how the weights were made (the command, the data, the starting point, the
// result; lines separated by '\n'), is written as comments under "// Provenance:".
std::string weights_source(const eval::Weights& weights, std::string_view provenance = {});
// The provenance that a weights.cpp text records ("" when it has none).
std::string weights_provenance(std::string_view source);

} // namespace flotilla::tools
