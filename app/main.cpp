// flotilla: the one program entry, above the engine (uci/) and the lab (tools/).
// `flotilla <tool> ...` (datagen, datagen-export, data-manifest, convert-games, import-pgn,
// rescore, epd-uci, tune, train-nnue, time-sim, technique-table) runs an offline tool
// (tools/commands.h);
// anything else runs the engine (uci/program.h): no arguments, the UCI loop; arguments,
// one command line.
// The protocol gets the tools' `scaling` command through its table of added commands, so
// the UCI layer itself knows nothing of the tools.
#include "tools/commands.h"
#include "tools/scaling_command.h"
#include "uci/engine.h"
#include "uci/output.h"
#include "uci/program.h"
#include "uci/protocol.h"

#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace flotilla;

// `scaling [threads 1,2,4] [time MS] ...`: the thread-scaling benchmark, with the session's
// search parameters and NumaPolicy, refused while a search runs.
std::string scaling(uci::Engine& engine, uci::Output& out, uci::Protocol::Args args) {
    tools::ScalingSession session;
    session.searching = engine.searching();
    session.numaPolicy = engine.numa_policy();
    session.params = engine.search_params();
    session.line = [&out](std::string_view text) { out.line(text); };
    session.block = [&out](std::string_view text) { out.block(text); };
    return tools::scaling_command(args, session);
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (const auto status = tools::run_tool(args, std::cout, std::cerr)) return *status;
    const uci::Protocol::ExtraCommand extra[] = {{"scaling", scaling}};
    return uci::run_program(args, extra);
}
