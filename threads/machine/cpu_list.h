// CPU lists in the notation of taskset -c and Linux cpusets: "0-3,8,10-11".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flotilla {

// Parses a list of hardware-thread (PU) OS indices, keeping the order written and any
// repeats, up to 65,536 entries. On bad input (or a longer list) returns nothing and sets *error to
// a message naming the bad part.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text, std::string* error);

// Writes indices compactly, merging consecutive runs: {0,1,2,3,8} -> "0-3,8".
std::string format_cpu_list(const std::vector<int>& cpus);

} // namespace flotilla
