// The `scaling` command: the thread-scaling benchmark over the bench positions
// (tools/scaling.h), printed as a table and optionally written as CSV and as an SVG chart.
// The UCI protocol runs it (`scaling ...` in the loop, `flotilla scaling ...`) through its
// table of added commands, which app/main.cpp fills: this layer knows nothing of the
// protocol, only the session's state and output handed to it here.
#pragma once

#include "search/params.h"

#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace flotilla::tools {

// What the command needs of the session that runs it.
struct ScalingSession {
    bool run = true;                 // false: the words are checked and nothing runs (harnesses)
    bool searching = false;          // a search is running: the command is refused
    std::string numaPolicy = "auto"; // the NumaPolicy option's text
    search::Params params;           // the session's search parameters
    std::function<void(std::string_view)> line;  // writes one output line
    std::function<void(std::string_view)> block; // writes several lines at once
};

// Runs `scaling ARGS` (the words after `scaling`). Returns the error message, empty when
// the command succeeded; the table is printed before a file that cannot be written fails.
std::string scaling_command(std::span<const std::string_view> args, const ScalingSession& session);

} // namespace flotilla::tools
