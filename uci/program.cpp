#include "uci/program.h"

#include "cluster/cluster.h"
#include "cluster/launch.h"
#include "uci/engine.h"
#include "uci/output.h"

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace flotilla::uci {

namespace {

using Extra = std::span<const Protocol::ExtraCommand>;

void add_commands(Protocol& protocol, Extra extra) {
    for (const Protocol::ExtraCommand& command : extra) protocol.add_command(command);
}

// One rank of a cluster of several: the leader reads the GUI, the followers the leader.
int run_rank(Engine& engine, cluster::Cluster& group, Extra extra) {
    if (group.leader()) {
        Output out(std::cout);
        Protocol protocol(engine, out);
        add_commands(protocol, extra);
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
    Output out(discarded);
    Protocol protocol(engine, out);
    add_commands(protocol, extra);
    protocol.join_cluster(&group);
    while (const std::optional<cluster::Command> c = group.next_command()) {
        out.with_lock([&] { discarded.str({}); });
        if (protocol.execute(c->text) == Protocol::Status::Quit) break;
    }
    engine.stop_search();
    engine.wait_search();
    group.shutdown();
    return 0;
}

} // namespace

int run_program(const std::vector<std::string>& args, Extra extra) {
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
        if (!args.empty()) {
            if (group.leader())
                std::cerr << "flotilla: under mpirun only the UCI loop runs (no arguments)\n";
            group.shutdown();
            return 2;
        }
        return run_rank(engine, group, extra);
    }
    Output out(std::cout);
    Protocol protocol(engine, out);
    add_commands(protocol, extra);

    if (args.empty()) {
        protocol.run(std::cin);
        engine.stop_search(); // quit or end of input: report the best move, then exit
        engine.wait_search();
        return 0;
    }
    std::string line;
    for (std::size_t i = 0; i < args.size(); ++i) line += (i > 0 ? " " : "") + args[i];
    protocol.execute(line);
    engine.wait_search(); // a one-shot `go depth N` finishes before the process exits
    return protocol.error_count() == 0 ? 0 : 1;
}

} // namespace flotilla::uci
