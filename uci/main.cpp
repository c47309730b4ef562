// flotilla: with no arguments, the UCI loop on stdin/stdout; with arguments, runs
// them as one command line and exits (`flotilla go perft 5`, later `flotilla bench`),
// with status 1 when that command printed an error. `flotilla datagen ...`,
// `flotilla datagen-export ...`, `flotilla epd-uci ...` and `flotilla tune ...` run the
// offline tools instead.
#include "tools/commands.h"
#include "uci/engine.h"
#include "uci/output.h"
#include "uci/protocol.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    using namespace flotilla::uci;
    if (argc > 1) {
        const std::vector<std::string> args(argv + 1, argv + argc);
        if (const auto status = flotilla::tools::run_tool(args, std::cout, std::cerr))
            return *status;
    }
    Engine engine;
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
