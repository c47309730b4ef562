// flotilla: with no arguments, the UCI loop on stdin/stdout; with arguments, runs
// them as one command line and exits (`flotilla go perft 5`, later `flotilla bench`),
// with status 1 when that command printed an error. `flotilla datagen ...`,
// `flotilla datagen-export ...`, `flotilla epd-uci ...` and `flotilla tune ...` run the
// offline tools instead. Started by mpirun (a build with FLOTILLA_MPI), each process is
// one rank of a cluster: rank 0 speaks UCI, the others follow it.
#include "cluster/cluster.h"
#include "cluster/launch.h"
#include "tools/commands.h"
#include "uci/engine.h"
#include "uci/output.h"
#include "uci/protocol.h"

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace flotilla;

// One rank of a cluster of several: the leader reads the GUI, the followers the leader.
int run_rank(uci::Engine& engine, cluster::Cluster& group) {
    if (group.leader()) {
        uci::Output out(std::cout);
        uci::Protocol protocol(engine, out);
        protocol.join_cluster(&group);
        protocol.run(std::cin);
        // quit or the end of input: the last search still gathers the others' results.
        engine.stop_search();
        engine.wait_search();
        group.forward("quit");
        group.shutdown();
        return 0;
    }
    std::ostringstream discarded; // followers print nothing; the leader speaks for all
    uci::Output out(discarded);
    uci::Protocol protocol(engine, out);
    protocol.join_cluster(&group);
    while (const std::optional<cluster::Command> c = group.next_command()) {
        out.with_lock([&] { discarded.str({}); });
        if (protocol.execute(c->text) == uci::Protocol::Status::Quit) break;
    }
    engine.stop_search();
    engine.wait_search();
    group.shutdown();
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    using namespace flotilla::uci;
    if (argc > 1) {
        const std::vector<std::string> args(argv + 1, argv + argc);
        if (const auto status = flotilla::tools::run_tool(args, std::cout, std::cerr))
            return *status;
    }
    Engine engine;
    std::string notice;
    const cluster::Settings settings = cluster::process_settings(&notice);
    cluster::Cluster group(cluster::process_transport(), engine.search_thread(),
                           engine.transposition_table(), settings);
    if (!notice.empty() && group.leader())
        std::cout << "info string error: " << notice << std::endl;
    if (!group.start_error().empty())
        std::cout << "info string error: cluster: " << group.start_error()
                  << "; running as one process" << std::endl;
    if (group.size() > 1) {
        if (argc > 1) {
            if (group.leader())
                std::cerr << "flotilla: under mpirun only the UCI loop runs (no arguments)\n";
            group.shutdown();
            return 2;
        }
        return run_rank(engine, group);
    }
    Output out(std::cout);
    Protocol protocol(engine, out);

    if (argc <= 1) {
        protocol.run(std::cin);
        engine.stop_search(); // quit or end of input: report the best move, then exit
        engine.wait_search();
        return 0;
    }
    std::string line;
    for (int i = 1; i < argc; ++i) line += (i > 1 ? " " : "") + std::string(argv[i]);
    protocol.execute(line);
    engine.wait_search(); // a one-shot `go depth N` finishes before the process exits
    return protocol.error_count() == 0 ? 0 : 1;
}
