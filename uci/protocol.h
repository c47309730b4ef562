// The UCI protocol: vets each input line, splits it into tokens and dispatches
// to a command handler. Handlers live in files by concept (commands_*.cpp).
#pragma once

#include "search/limits.h"
#include "uci/engine.h"
#include "uci/output.h"

#include <istream>
#include <span>
#include <string>
#include <string_view>

namespace flotilla::uci {

// Caps for harnesses that must never run long (fuzzers): clamp the work a single
// command can ask for. The defaults allow everything the protocol allows.
struct ProtocolSettings {
    int maxPerftDepth = MAX_PLY;
    int maxPerftThreads = int(Engine::MAX_THREADS);
    // `scaling` runs for minutes and writes files: harnesses parse its words only.
    bool allowScaling = true;
};

class Protocol {
  public:
    Protocol(Engine& engine, Output& out, ProtocolSettings settings = {});

    enum class Status { Continue, Quit };

    // Runs one input line. Bad input of any kind gives one `info string error:` line.
    Status execute(std::string_view line);
    // The input loop: one line at a time until `quit` or the end of input.
    void run(std::istream& in);
    // Number of `info string error:` lines printed so far (the exit status of
    // one-shot command lines).
    int error_count() const { return errors; }

  private:
    using Args = std::span<const std::string_view>; // the tokens after the command word

    void cmd_uci(Args args);
    void cmd_isready(Args args);
    void cmd_ucinewgame(Args args);
    void cmd_position(Args args);
    void cmd_go(Args args);
    void cmd_stop(Args args);
    void cmd_ponderhit(Args args);
    void cmd_debug(Args args);
    void cmd_setoption(Args args);
    void cmd_display(Args args);
    void cmd_bench(Args args);
    void cmd_topology(Args args);
    void cmd_scaling(Args args);

    void run_perft(int depth);
    // Starts the search on its own thread; info and bestmove lines come from there.
    void start_search(const search::Limits& limits);
    void error(std::string_view message);

    struct Command {
        std::string_view word;
        void (Protocol::*handler)(Args);
    };
    static const Command COMMANDS[];

    Engine& engine;
    Output& out;
    ProtocolSettings settings;
    int errors = 0;
};

} // namespace flotilla::uci
