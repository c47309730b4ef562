// The UCI side of a cluster: which commands the leader forwards, and a search on a rank.
#include "cluster/follower_limits.h"
#include "uci/info_format.h"
#include "uci/protocol.h"

#include <algorithm>
#include <chrono>

namespace flotilla::uci {

namespace {

// The commands that change the state every rank must share; `go perft` counts here.
bool forwarded(Protocol::Args tokens) {
    static constexpr std::string_view words[] = {"position", "setoption", "ucinewgame",
                                                 "go",       "stop",      "ponderhit"};
    if (std::find(std::begin(words), std::end(words), tokens[0]) == std::end(words)) return false;
    return tokens[0] != "go" || std::find(tokens.begin(), tokens.end(), "perft") == tokens.end();
}

} // namespace

void Protocol::prepare_cluster_command(std::string_view line, Args tokens) {
    if (cluster->leader() && forwarded(tokens)) cluster->forward(line);
    const std::string_view word = tokens[0];
    if (word == "ponderhit" || word == "isready") return;
    if (word == "stop") {
        // A follower's search ends only at the leader's stop: what follows (the next
        // `go`) must find it finished.
        if (!cluster->leader()) {
            engine.stop_search();
            engine.wait_search();
        }
        return;
    }
    // A search that has given its move (searching() false) may still be in its last
    // exchange with the other ranks, which uses the table: let it end before the table
    // can change. A search still running is refused by the command as usual.
    if (!engine.searching()) engine.wait_search();
}

void Protocol::start_cluster_search(const search::Limits& limits) {
    const std::uint64_t id = cluster->last_command(); // the `go`'s number on every rank
    std::string message;
    if (!cluster->leader()) {
        auto onResult = [this, id](const search::SearchResult& r) {
            cluster->report_result(id, r);
        };
        if (!engine.start_search(cluster::follower_limits(limits, cluster->size()), {}, onResult,
                                 &message))
            return error(message);
        cluster->begin_search(id);
        return;
    }
    const Position root = engine.position();
    const search::Params& params = engine.search_params();
    const bool vote = params.multiPv <= 1 && !params.strength.limited;
    const auto started = std::chrono::steady_clock::now();
    auto onInfo = [this, root, showWdl = params.showWdl](const search::SearchInfo& info) {
        search::SearchInfo all = info;
        cluster->combine(all);
        out.line(format_info(all, root, showWdl));
    };
    auto onBestMove = [this, root, id, vote, started, showWdl = params.showWdl,
                       stats = engine.search_stats_enabled()](const search::SearchResult& r) {
        const cluster::Outcome o = cluster->finish_search(id, r, vote);
        for (const std::string& e : o.errors) out.line("info string error: " + e);
        // The GUI shows the last line as the engine's: when another rank's move won, its
        // line goes out before bestmove.
        if (o.chosenRank != 0 && !o.chosen.pv.empty()) {
            search::SearchInfo info;
            info.depth = o.chosen.depth;
            info.seldepth = o.seldepth;
            info.score = o.chosen.score;
            info.nodes = o.chosen.nodes;
            info.tbHits = o.tbHits;
            info.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::steady_clock::now() - started)
                              .count();
            info.hashfull = engine.transposition_table().hashfull();
            info.pv = o.chosen.pv;
            out.line(format_info(info, root, showWdl));
        }
        if (debugMode) {
            for (const cluster::RankOutcome& rank : o.ranks)
                out.line("info string cluster rank " + std::to_string(rank.rank) + " depth " +
                         std::to_string(rank.result.depth) + " score " +
                         format_score(rank.result.score) + " nodes " +
                         std::to_string(rank.result.nodes) + " move " +
                         root.move_to_uci(rank.result.bestMove) +
                         (rank.rank == o.chosenRank ? " chosen" : ""));
            out.line("info string cluster total nodes " + std::to_string(o.chosen.nodes) +
                     " ranks " + std::to_string(o.ranks.size()) + " of " +
                     std::to_string(cluster->size()));
            const cluster::Traffic t = cluster->traffic();
            out.line("info string cluster traffic sent " + std::to_string(t.messagesSent) +
                     " messages " + std::to_string(t.bytesSent) + " bytes, received " +
                     std::to_string(t.messagesReceived) + " messages " +
                     std::to_string(t.bytesReceived) + " bytes, entries sent " +
                     std::to_string(t.entriesSent) + " stored " + std::to_string(t.entriesStored) +
                     ", exchanges " + std::to_string(t.exchanges) + ", busy " +
                     std::to_string(std::int64_t(t.busySeconds * 1000)) + " ms");
        }
        if (stats) out.line(format_stats(engine.search_stats()));
        out.line(format_bestmove(o.chosen, root));
    };
    // A node budget is for the whole cluster: the leader searches its share too.
    search::Limits own = limits;
    if (own.nodes > 0)
        own.nodes = std::max<std::uint64_t>(1, own.nodes / std::uint64_t(cluster->size()));
    if (!engine.start_search(own, onInfo, onBestMove, &message)) return error(message);
    cluster->begin_search(id);
}

} // namespace flotilla::uci
