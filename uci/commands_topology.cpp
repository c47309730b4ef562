// `topology`: the detected machine and where each search thread would run for the
// current Threads and NumaPolicy options.
#include "uci/protocol.h"

namespace flotilla::uci {

void Protocol::cmd_topology(Args args) {
    if (!args.empty()) return error("topology takes no arguments");
    std::string message;
    const std::optional<std::string> report = engine.topology_report(&message);
    if (!report) return error(message);
    out.block(*report);
}

} // namespace flotilla::uci
