// The words of the `scaling` command (and `flotilla scaling ...`):
//   scaling [threads 1,2,4] [time MS] [depth N] [hash MiB] [positions N]
//           [csv FILE] [svg FILE]
// Every bad word gives an error message naming it, never a crash.
#pragma once

#include "tools/scaling.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace flotilla::tools {

struct ScalingRequest {
    ScalingSettings settings;  // threads empty: 1, 2, 4, ... up to the hardware
    std::size_t positions = 0; // the first N bench positions; 0: all
    std::string csvPath;       // empty: no CSV file
    std::string svgPath;       // empty: no SVG file
};

// Limits on the numbers, so a typo cannot start a week-long run.
constexpr int MAX_SCALING_THREADS = 1024;
constexpr int MAX_SCALING_TIME_MS = 3'600'000;
constexpr int MAX_SCALING_DEPTH = 64;
constexpr std::size_t MAX_SCALING_HASH_MIB = std::size_t(1) << 20;

// User text in the command's messages: quoted, and shortened when it is very long (as
// the UCI layer's quote() in uci/text.h).
std::string quote_word(std::string_view text);

std::optional<ScalingRequest> parse_scaling_args(std::span<const std::string_view> args,
                                                 std::string* error);

} // namespace flotilla::tools
