// Fuzzes the UCI command parser: input is split into lines and fed to a Protocol
// writing to a string. Work per command is capped (perft depth, perft and search threads) so the
// fuzzer measures parsing, not perft, and cannot time out on `go perft 9`. The tools'
// `scaling` command is added as app/main.cpp adds it, switched off: its words are
// parsed, nothing runs (minutes of searching, and files written).
#include "tools/scaling_command.h"
#include "uci/engine.h"
#include "uci/output.h"
#include "uci/protocol.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string_view>

using namespace flotilla::uci;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    // The output outlives the engine: a search started by `go` may still print.
    std::ostringstream sink;
    Output out(sink);
    Engine engine;
    engine.cap_threads(8);
    ProtocolSettings settings;
    settings.maxPerftDepth = 2;
    settings.maxPerftThreads = 2;
    Protocol protocol(engine, out, settings);
    protocol.add_command({"scaling", [](Engine&, Output&, Protocol::Args args) {
                              flotilla::tools::ScalingSession session;
                              session.run = false;
                              return flotilla::tools::scaling_command(args, session);
                          }});

    while (!input.empty()) {
        const std::size_t newline = input.find('\n');
        const std::string_view line = input.substr(0, newline);
        input.remove_prefix(newline == std::string_view::npos ? input.size() : newline + 1);
        if (protocol.execute(line) == Protocol::Status::Quit) break;
        const auto& pos = engine.position();
        if (pos.key() != pos.compute_key()) {
            std::fprintf(stderr, "fuzz_uci: engine position key is wrong: %s\n", pos.fen().c_str());
            std::abort();
        }
        out.with_lock([&] { sink.str(""); }); // keep memory flat over long inputs
    }
    engine.stop_search(); // a `go` may still run: end it before the output goes away
    engine.wait_search();
    return 0;
}
