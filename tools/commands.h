// The offline tools behind `flotilla datagen`, `flotilla datagen-export` and
// `flotilla tune`: option parsing and dispatch.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace flotilla::tools {

// Runs the tool named by args[0] with the remaining words as options. Returns the
// process exit status, or nullopt when args[0] names no tool (the caller goes on).
std::optional<int> run_tool(const std::vector<std::string>& args, std::ostream& out,
                            std::ostream& err);

// Writes every record of a data file as "FEN | score | result" lines.
bool export_text(const std::string& in, const std::string& out, std::ostream& report,
                 std::string* error);

} // namespace flotilla::tools
