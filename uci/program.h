// The engine program behind `flotilla` (app/main.cpp): with no arguments, the UCI loop on
// stdin/stdout; with arguments, runs them as one command line and exits (`flotilla go
// perft 5`, `flotilla bench`), with status 1 when that command printed an error. Started
// by mpirun (a build with FLOTILLA_MPI), each process is one rank of a cluster: rank 0
// speaks UCI, the others follow it.
#pragma once

#include "uci/protocol.h"

#include <span>
#include <string>
#include <vector>

namespace flotilla::uci {

// Runs the program on the command line's words (argv after the program name), with
// `extra` added to every protocol it creates. Returns the process's exit status.
int run_program(const std::vector<std::string>& args,
                std::span<const Protocol::ExtraCommand> extra);

} // namespace flotilla::uci
