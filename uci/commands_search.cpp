// The search commands: starting a search beside the input loop, `stop`,
// `ponderhit`, and `bench`.
#include "search/bench.h"
#include "uci/info_format.h"
#include "uci/protocol.h"
#include "uci/text.h"

#include <charconv>

namespace flotilla::uci {

void Protocol::start_search(const search::Limits& limits) {
    if (cluster) return start_cluster_search(limits);
    // The callbacks run on the search thread: they use a copy of the root position.
    const Position root = engine.position();
    auto onInfo = [this, root,
                   showWdl = engine.search_params().showWdl](const search::SearchInfo& info) {
        out.line(format_info(info, root, showWdl));
    };
    auto onBestMove = [this, root,
                       stats = engine.search_stats_enabled()](const search::SearchResult& result) {
        if (stats) out.line(format_stats(engine.search_stats()));
        out.line(format_bestmove(result, root));
    };
    std::string message;
    if (!engine.start_search(limits, onInfo, onBestMove, &message)) error(message);
}

void Protocol::cmd_stop(Args) { engine.stop_search(); }

void Protocol::cmd_ponderhit(Args) { engine.ponderhit(); }

// `bench [depth]`: the node count is the search's signature (Stockfish's format).
void Protocol::cmd_bench(Args args) {
    int depth = search::DEFAULT_BENCH_DEPTH;
    if (!args.empty()) {
        const auto [ptr, ec] =
            std::from_chars(args[0].data(), args[0].data() + args[0].size(), depth);
        if (ec != std::errc() || ptr != args[0].data() + args[0].size() || depth < 1 || depth > 64)
            return error("bench depth " + quote(args[0]) + " is not a number from 1 to 64");
    }
    if (engine.searching()) return error("bench cannot run while searching; send stop first");
    const search::BenchResult r =
        search::run_bench(depth, engine.search_params(), engine.network());
    const std::int64_t ms = std::max<std::int64_t>(r.elapsedMs, 1);
    out.block("\nPositions       : " + std::to_string(r.positions) + "\nTotal time (ms) : " +
              std::to_string(r.elapsedMs) + "\nNodes searched  : " + std::to_string(r.nodes) +
              "\nNodes/second    : " + std::to_string(r.nodes * 1000 / std::uint64_t(ms)) + "\n");
}

} // namespace flotilla::uci
