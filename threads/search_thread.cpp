#include "threads/search_thread.h"

#include "core/movegen.h"
#include "threads/lazy_smp.h"
#include "threads/table_placement.h"

#include <algorithm>

namespace flotilla::threads {

namespace {

std::optional<Topology> detect_machine() {
    std::string ignored; // without a topology the threads run unbound, which still works
    return Topology::detect(&ignored);
}

// Helpers search without a clock: the main thread's time limits decide and it raises
// the shared stop flag. Nor do they stop at `go depth`: a helper that skipped
// iterations reaches the depth first and would sit idle until the main thread is done,
// so it goes on deeper and keeps filling the table. Mate, searchmoves and the node
// budget (counted over all threads) still apply.
// A ring of 32,768 entries (512 KiB) per thread: a full ring drops the newest stores,
// which are the deepest (an iteration's end), so it must outlast the communication
// thread's longest wait for a core (about 30 ms of stores at depth >= 3 here).
constexpr std::size_t EXPORT_RING = 32768;

search::Limits helper_limits(const search::Limits& limits) {
    search::Limits helper;
    helper.infinite = true;
    helper.nodes = limits.nodes;
    helper.mate = limits.mate;
    helper.searchMoves = limits.searchMoves;
    return helper;
}

} // namespace

SearchThread::SearchThread(search::TranspositionTable& tt)
    : table(tt), machine(detect_machine()), pool(tt, topology()) {
    place_table();
}

SearchThread::~SearchThread() {
    stop();
    wait();
    table.set_clear_executor({}); // it refers to our topology
}

void SearchThread::place_table() {
    if (!machine) return;
    PlacementPlan plan = plan_placement(machine->description(), wantedThreads, wantedPolicy);
    std::vector<int> nodes = table_nodes(machine->description(), plan);
    if (nodes == tableNodes) return;
    tableNodes = std::move(nodes);
    table.set_clear_executor(table_clear_executor(topology(), std::move(plan)));
}

void SearchThread::set_threads(int count, const NumaPolicy& policy) {
    wait();
    wantedThreads = std::max(count, 1);
    wantedPolicy = policy;
    poolStale = true;
    place_table();
}

std::string SearchThread::build_pool() {
    if (!poolStale) return {};
    // On failure the pool falls back to the size it had (or one thread), which is then
    // what the search runs with.
    const int previous = std::max(pool.size(), 1);
    std::string error = pool.resize(wantedThreads, wantedPolicy, previous);
    poolStale = false;
    if (!error.empty()) {
        wantedThreads = pool.size();
        place_table();
    }
    return error;
}

std::string SearchThread::apply_threads() {
    wait();
    return build_pool();
}

void SearchThread::clear_histories() {
    wait();
    build_pool();
    // Each thread clears its own tables, so the fresh pages stay on its node.
    for (int i = 0; i < pool.size(); ++i)
        pool[i].dispatch([](search::Worker& w) { w.clear_histories(); });
    for (int i = 0; i < pool.size(); ++i) pool[i].wait_idle();
}

const search::Stats& SearchThread::stats() const { return lastStats; }

search::Stats SearchThread::summed_stats(int threads) const {
    search::Stats sum;
    for (int i = 0; i < std::min(threads, pool.size()); ++i) sum += pool[i].worker().stats();
    return sum;
}

void SearchThread::start(const Position& pos, const search::Limits& goLimits,
                         const search::Params& params, search::InfoCallback onInfo,
                         BestMoveCallback onBestMove) {
    // The move's clock starts now: waiting for the last search and rebuilding the pool
    // (after a Threads change: seconds on a big machine) are part of this move's time.
    search::Limits limits = goLimits;
    if (!limits.startedAt) limits.startedAt = std::chrono::steady_clock::now();
    wait();
    build_pool();
    // Entries of earlier searches become older by one, so that replacement prefers
    // them and hashfull counts this search only. No thread searches now.
    table.new_search();
    {
        std::lock_guard lock(mutex);
        holdBestMove = limits.infinite || limits.ponder;
        stopRequested = false;
    }
    // While pondering the main worker ignores its clock until this is raised; it then
    // applies the `go ponder` time plan (soft limit scaled as usual, hard limit) from
    // that moment, as UCI says: the time spent pondering is free.
    ponderhitFlag.store(false, std::memory_order_relaxed);
    searchThreads.store(params.strength.limited ? 1 : pool.size(), std::memory_order_relaxed);
    schedules.clear();
    for (int i = 0; i < pool.size(); ++i) schedules.emplace_back(firstIndex + i * indexStep);
    {
        // Rings are only added, never freed, so a reader's pointers stay valid.
        std::lock_guard lock(exportMutex);
        if (exportDepth > 0)
            while (exportRings.size() < std::size_t(pool.size()))
                exportRings.push_back(
                    std::make_unique<search::EntryExport>(exportDepth, EXPORT_RING));
        for (int i = 0; i < pool.size(); ++i)
            pool[i].worker().export_entries(exportDepth > 0 ? exportRings[std::size_t(i)].get()
                                                            : nullptr);
    }
    stopFlag.store(false, std::memory_order_relaxed);
    busy.store(true, std::memory_order_release);
    pool[0].dispatch([this, pos, limits, params, onInfo = std::move(onInfo),
                      onBestMove = std::move(onBestMove)](search::Worker& main) {
        run(main, pos, limits, params, onInfo, onBestMove);
    });
}

void SearchThread::run(search::Worker& main, const Position& pos, const search::Limits& limits,
                       const search::Params& params, const search::InfoCallback& onInfo,
                       const BestMoveCallback& onBestMove) {
    const search::Stopwatch clock =
        limits.startedAt ? search::Stopwatch(*limits.startedAt) : search::Stopwatch();
    // The weaker player of UCI_LimitStrength searches alone: its node budget and its
    // pick among the main thread's lines are the strength it was asked for.
    const int count = params.strength.limited ? 1 : pool.size();
    std::vector<search::SearchResult> results(static_cast<std::size_t>(count));
    for (int i = 1; i < count; ++i) pool[i].worker().reset_nodes(); // idle: no old counts
    // `go nodes` with helpers: the budget is for the sum over the threads.
    nodesSearched.store(0, std::memory_order_relaxed);
    std::atomic<std::uint64_t>* const sharedNodes = count > 1 ? &nodesSearched : nullptr;
    // What the threads share; only the main thread follows ponderhit (the helpers stop
    // when it does).
    const auto shared = [&](int i) {
        return search::SharedSearch{stopFlag, sharedNodes, i == 0 ? &ponderhitFlag : nullptr,
                                    &schedules[std::size_t(i)]};
    };
    const search::Limits helperLimits = helper_limits(limits);
    search::Params helperParams = params;
    helperParams.multiPv = 1; // only the main thread reports lines

    // A root in the Syzygy tables: ranked here, on the main thread before the helpers
    // start, because Fathom's root probe is not thread-safe. Every thread then keeps to
    // the moves of the best rank; the root's probes count once, for the main thread.
    std::vector<Move> candidates = limits.searchMoves;
    if (candidates.empty())
        for (Move m : MoveList(pos)) candidates.push_back(m);
    // In analysis (UCI_AnalyseMode) every move is searched; the probes in the search
    // still score each line.
    std::optional<search::syzygy::RootResult> tbRoot =
        params.analyseMode ? std::nullopt
                           : search::syzygy::probe_root(pos, candidates, params.tablebases);
    for (int i = 1; i < count; ++i) {
        std::optional<search::syzygy::RootResult> helperRoot = tbRoot;
        if (helperRoot) helperRoot->probes = 0;
        pool[i].worker().use_tablebase_root(std::move(helperRoot));
    }
    main.use_tablebase_root(std::move(tbRoot));

    for (int i = 1; i < count; ++i)
        pool[i].dispatch([&, i](search::Worker& helper) {
            results[std::size_t(i)] =
                helper.iterative_deepening(pos, helperLimits, helperParams, shared(i));
        });

    // Info lines come from the main thread, with nodes summed and seldepth the
    // deepest over all threads (both read as relaxed atomics while helpers run).
    const auto allThreads = [&](const search::SearchInfo& info) {
        search::SearchInfo combined = info;
        combined.nodes = 0;
        combined.tbHits = 0;
        for (int i = 0; i < count; ++i) {
            combined.nodes += pool[i].worker().nodes();
            combined.tbHits += pool[i].worker().tb_hits();
            if (i > 0)
                combined.seldepth =
                    std::max(combined.seldepth, pool[i].worker().seldepth_reached());
        }
        onInfo(combined);
    };
    results[0] = main.iterative_deepening(pos, limits, params, shared(0),
                                          onInfo ? search::InfoCallback(allThreads)
                                                 : search::InfoCallback());
    stopFlag.store(true, std::memory_order_relaxed);
    for (int i = 1; i < count; ++i) pool[i].wait_idle();

    // MultiPV lines come from the main thread alone, so its first line is the move.
    const std::size_t best =
        params.multiPv > 1 || params.strength.limited ? 0 : pick_best_thread(results);
    search::SearchResult chosen = results[best];
    chosen.nodes = 0;
    for (const search::SearchResult& r : results) chosen.nodes += r.nodes;
    // A GUI shows the last PV as the engine's line: when a helper's move won the vote,
    // its line goes out before bestmove, so the two agree.
    if (best != 0 && onInfo && !chosen.pv.empty()) {
        search::SearchInfo info;
        info.depth = chosen.depth;
        for (int i = 0; i < count; ++i)
            info.seldepth = std::max(info.seldepth, pool[i].worker().seldepth_reached());
        info.score = chosen.score;
        info.nodes = chosen.nodes;
        for (int i = 0; i < count; ++i) info.tbHits += pool[i].worker().tb_hits();
        info.timeMs = clock.elapsed_ms();
        info.hashfull = table.hashfull();
        info.pv = chosen.pv;
        onInfo(info);
    }
    lastStats = summed_stats(count); // the helpers are idle: their counters are final
    {
        std::unique_lock lock(mutex);
        released.wait(lock, [&] { return !holdBestMove || stopRequested; });
    }
    // Not searching any more before bestmove goes out: a GUI may send `go` the moment it
    // reads it. start() and wait() still wait for this job to return.
    busy.store(false, std::memory_order_release);
    if (onBestMove) onBestMove(chosen);
}

SearchThread::Progress SearchThread::progress() const {
    Progress p;
    const int count = std::min(searchThreads.load(std::memory_order_relaxed), pool.size());
    for (int i = 0; i < count; ++i) {
        const search::Worker& w = pool[i].worker();
        p.nodes += w.nodes();
        p.tbHits += w.tb_hits();
        p.seldepth = std::max(p.seldepth, w.seldepth_reached());
    }
    return p;
}

std::size_t SearchThread::drain_exported(std::vector<search::ExportedEntry>& out,
                                         std::size_t most) {
    std::lock_guard lock(exportMutex);
    std::size_t taken = 0;
    // Round robin, so that one busy thread does not crowd out the others.
    for (bool any = true; any && taken < most;) {
        any = false;
        for (auto& ring : exportRings) {
            if (taken >= most) break;
            const std::size_t got = ring->drain(out, std::min<std::size_t>(64, most - taken));
            taken += got;
            any = any || got > 0;
        }
    }
    return taken;
}

void SearchThread::stop() {
    {
        std::lock_guard lock(mutex);
        stopRequested = true;
    }
    stopFlag.store(true, std::memory_order_relaxed);
    released.notify_all();
}

void SearchThread::ponderhit() {
    {
        std::lock_guard lock(mutex);
        holdBestMove = false;
    }
    ponderhitFlag.store(true, std::memory_order_release);
    released.notify_all();
}

void SearchThread::wait() {
    if (pool.size() > 0) pool[0].wait_idle();
}

} // namespace flotilla::threads
