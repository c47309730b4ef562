// The UCI protocol: vets each input line, splits it into tokens and dispatches
// to a command handler. Handlers live in files by concept (commands_*.cpp).
#pragma once

#include "cluster/cluster.h"
#include "search/limits.h"
#include "uci/engine.h"
#include "uci/output.h"

#include <functional>
#include <istream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace flotilla::uci {

// Caps for harnesses that must never run long (fuzzers): clamp the work a single
// command can ask for. The defaults allow everything the protocol allows.
struct ProtocolSettings {
    int maxPerftDepth = MAX_PLY;
    int maxPerftThreads = int(Engine::MAX_THREADS);
};

class Protocol {
  public:
    using Args = std::span<const std::string_view>; // the tokens after the command word

    // A command added by the program above this layer (app/main.cpp adds the tools'
    // `scaling`): run like the protocol's own, in the loop and as a one-shot command line,
    // after the same checks of the line. It prints through `out` and returns its error
    // message (empty: none), which goes out as one `info string error:` line and counts.
    using ExtraHandler = std::function<std::string(Engine& engine, Output& out, Args args)>;
    struct ExtraCommand {
        std::string word; // one the protocol does not have (its own words come first)
        ExtraHandler handler;
    };

    Protocol(Engine& engine, Output& out, ProtocolSettings settings = {});

    enum class Status { Continue, Quit };

    // Runs one input line. Bad input of any kind gives one `info string error:` line.
    Status execute(std::string_view line);
    // The input loop: one line at a time until `quit` or the end of input.
    void run(std::istream& in);
    // Number of `info string error:` lines printed so far (the exit status of
    // one-shot command lines).
    int error_count() const { return errors; }
    // Makes this protocol one rank of a cluster of more than one (null: alone). The
    // leader forwards the commands that change state and answers for all ranks; a
    // follower runs the leader's commands, searching until the leader's stop.
    void join_cluster(cluster::Cluster* c) { cluster = c && c->size() > 1 ? c : nullptr; }
    // Adds a command (before the input loop starts).
    void add_command(ExtraCommand command) { extraCommands.push_back(std::move(command)); }

  private:
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

    void run_perft(int depth);
    // Starts the search on its own thread; info and bestmove lines come from there.
    void start_search(const search::Limits& limits);
    void start_cluster_search(const search::Limits& limits);
    // Before a command runs on a rank of a cluster: the leader forwards it when it
    // changes state, and a search that has just ended finishes its exchange first.
    void prepare_cluster_command(std::string_view line, Args tokens);
    void error(std::string_view message);

    struct Command {
        std::string_view word;
        void (Protocol::*handler)(Args);
    };
    static const Command COMMANDS[];
    std::vector<ExtraCommand> extraCommands;

    Engine& engine;
    Output& out;
    ProtocolSettings settings;
    int errors = 0;
    cluster::Cluster* cluster = nullptr;
    bool debugMode = false; // `debug on`: the cluster's ranks are reported after each search
};

} // namespace flotilla::uci
