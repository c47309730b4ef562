#include "uci/engine.h"

#include "core/perft.h"
#include "eval/nnue/embedded.h"
#include "eval/nnue/network.h"
#include "search/syzygy.h"
#include "threads/machine/cpu_list.h"
#include "threads/machine/topology_report.h"
#include "uci/engine_options.h"
#include "uci/text.h"

#include <algorithm>

#ifndef FLOTILLA_VERSION
#define FLOTILLA_VERSION "unknown"
#endif

namespace flotilla::uci {

std::string_view engine_version() { return FLOTILLA_VERSION; }

namespace {

bool is_uci_move_syntax(std::string_view m) {
    const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    const auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (m.size() != 4 && m.size() != 5) return false;
    if (!file(m[0]) || !rank(m[1]) || !file(m[2]) || !rank(m[3])) return false;
    return m.size() == 4 || std::string_view("nbrq").find(m[4]) != std::string_view::npos;
}

} // namespace

Engine::Engine()
    : opts(engine_option_table()), searcher(std::make_unique<threads::SearchThread>(table)) {
    // Run every action once with its default, so engine state matches the options.
    for (const Option& o : opts)
        if (o.type() != OptionType::Button && o.spec().onChange) o.spec().onChange(*this, o);
}

bool Engine::set_option(std::string_view name, std::optional<std::string_view> value,
                        std::string* error) {
    Option* option = opts.find(name);
    if (!option) {
        if (error) *error = "unknown option " + quote(name);
        return false;
    }
    // Hash, Threads and the search switches must not change under a running search.
    if (searching()) {
        if (error)
            *error = "option " + quote(name) + " cannot change while searching; send stop first";
        return false;
    }
    const Option previous = *option;
    if (!option->assign(value, error)) return false;
    actionError.clear();
    actionNotice.clear();
    if (option->spec().onChange) option->spec().onChange(*this, *option);
    if (!actionError.empty()) {
        *option = previous;
        if (error) *error = actionError;
        return false;
    }
    return true;
}

void Engine::resize_hash(std::int64_t megabytes) {
    std::string why;
    if (!table.resize(std::size_t(megabytes), &why)) {
        actionError = "could not allocate a " + std::to_string(megabytes) + " MiB hash table (" +
                      why + "); keeping the " + std::to_string(table.size_mib()) + " MiB one";
        return;
    }
    hashMb = megabytes;
    actionNotice = table.memory_report();
}

void Engine::set_threads(int count) {
    const int previous = threads();
    searcher->set_threads(std::min(count, threadCap), numaPolicy);
    // Built now, so that a refusal is reported here and the previous pool stays.
    const std::string error = searcher->apply_threads();
    if (error.empty()) return;
    const int kept = threads();
    actionError = "Threads " + std::to_string(count) + ": " + error + "; keeping " +
                  std::to_string(kept) + (kept == 1 ? " thread" : " threads");
    if (kept != previous) actionError += " (not " + std::to_string(previous) + ": that failed too)";
}

void Engine::set_numa_policy(const std::string& text) {
    std::string error;
    const std::optional<NumaPolicy> parsed = parse_numa_policy(text, &error);
    if (!parsed) {
        actionError = "NumaPolicy: " + error;
        return;
    }
    // A cpu list names this machine's processing units only.
    const Topology* machine = searcher->topology();
    if (machine && parsed->kind == NumaPolicy::Kind::CpuList) {
        const TopologyDescription& d = machine->description();
        for (int cpu : parsed->cpus)
            if (!d.find_pu(cpu)) {
                std::vector<int> all;
                for (const ProcessingUnit& pu : d.pus) all.push_back(pu.osIndex);
                std::sort(all.begin(), all.end());
                actionError =
                    "NumaPolicy: cpu " + std::to_string(cpu) +
                    " is not on this machine (its processing units: " + format_cpu_list(all) + ")";
                return;
            }
    }
    numaPolicyText = text;
    // The same plan (the default at start-up, say): the pool is not built again.
    if (parsed->kind == numaPolicy.kind && parsed->cpus == numaPolicy.cpus) return;
    numaPolicy = *parsed;
    searcher->set_threads(threads(), numaPolicy);
    if (const std::string failed = searcher->apply_threads(); !failed.empty())
        actionError =
            "NumaPolicy: " + failed + "; searching with " + std::to_string(threads()) + " threads";
}

std::optional<std::string> Engine::topology_report(std::string* error) const {
    const Topology* machine = searcher->topology();
    if (!machine) {
        if (error) *error = "hwloc could not read this machine's topology";
        return std::nullopt;
    }
    return flotilla::topology_report(machine->description(), threads(), numaPolicyText);
}

void Engine::clear_hash() {
    table.clear();
    searcher->clear_histories();
    ++hashClears;
}

bool Engine::start_search(const search::Limits& limits, search::InfoCallback onInfo,
                          threads::SearchThread::BestMoveCallback onBestMove, std::string* error) {
    if (searching()) {
        if (error) *error = "a search is already running; send stop first";
        return false;
    }
    searcher->start(pos, limits, params, std::move(onInfo), std::move(onBestMove));
    return true;
}

void Engine::set_eval_file(const std::string& value) {
    // The table's stored static evals come from the evaluation in use: a switch clears it.
    if (iequals(value, CLASSICAL_EVAL)) {
        if (loadedNetwork) table.clear();
        searcher->set_network(nullptr);
        loadedNetwork.reset();
        evalDescription.clear();
        return;
    }
    std::string error;
    std::optional<nnue::Network> net;
    if (iequals(value, EMBEDDED_EVAL)) {
        if (nnue::embedded_network().empty())
            error = "this build embeds no network";
        else if (!(net = nnue::Network::from_bytes(nnue::embedded_network(), &error)))
            error = "embedded network: " + error;
    } else {
        net = nnue::Network::from_file(value, &error);
    }
    if (!net) {
        actionError = "EvalFile: " + error + "; the evaluation is unchanged";
        return;
    }
    searcher->set_network(&*net); // copied once per NUMA node
    table.clear();
    loadedNetwork = std::move(net);
    evalDescription = loadedNetwork->description();
    actionNotice = "EvalFile: network " + std::to_string(loadedNetwork->hidden()) + "x" +
                   std::to_string(loadedNetwork->buckets()) + " loaded" +
                   (evalDescription.empty() ? "" : ": " + evalDescription);
}

void Engine::set_syzygy_path(const std::string& value) {
    const search::syzygy::LoadReport report = search::syzygy::load(value);
    const auto joined = [](const std::vector<std::string>& items) {
        std::string s;
        for (const std::string& item : items) s += (s.empty() ? "" : ", ") + quote(item);
        return s;
    };
    std::string problems;
    if (!report.unreadable.empty()) problems += "; cannot read " + joined(report.unreadable);
    if (!report.corrupt.empty()) problems += "; not Syzygy tables: " + joined(report.corrupt);
    const bool off = value.empty() || value == "<empty>";
    if (!off && report.largest == 0) {
        search::syzygy::load(syzygyPath); // the previous tables stay
        actionError = "SyzygyPath: no Syzygy tables found in " + quote(value) + problems + "; " +
                      (search::syzygy::largest() > 0 ? "keeping the previous tables"
                                                     : "playing without tablebases");
        return;
    }
    syzygyPath = value;
    if (off) return;
    actionNotice = "SyzygyPath: " + std::to_string(report.wdlFiles) + " WDL and " +
                   std::to_string(report.dtzFiles) + " DTZ tables, up to " +
                   std::to_string(report.largest) + " pieces" + problems;
}

void Engine::set_chess960(bool on) {
    chess960Mode = on;
    pos.set_chess960(on);
}

bool Engine::set_position(std::optional<std::string_view> fen,
                          std::span<const std::string_view> moves, std::string* error) {
    if (searching()) {
        if (error) *error = "position cannot change while searching; send stop first";
        return false;
    }
    Position next;
    if (!next.set_fen(fen ? std::string(*fen) : Position::START_FEN, chess960Mode, error))
        return false;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::string text(moves[i]);
        const std::string where = " (move " + std::to_string(i + 1) + " of the list)";
        if (!is_uci_move_syntax(text)) {
            if (error) *error = "move " + quote(text) + " is not in UCI notation" + where;
            return false;
        }
        const Move m = next.parse_uci_move(text);
        if (m == Move::none()) {
            if (error) *error = "illegal move " + quote(text) + where + " in " + next.fen();
            return false;
        }
        next.make_move(m);
    }
    pos = std::move(next);
    return true;
}

void Engine::new_game() {
    stop_search();
    wait_search();
    std::string ignored;
    set_position(std::nullopt, {}, &ignored);
    clear_hash();
}

std::vector<std::pair<Move, std::uint64_t>> Engine::perft(int depth, int maxThreads) const {
    return perft_divide(pos, depth, std::clamp(threads(), 1, std::max(1, maxThreads)));
}

} // namespace flotilla::uci
