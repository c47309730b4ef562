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

// One `go`, step by step, on the main thread; the steps follow in this order.
void SearchThread::run(search::Worker& main, const Position& pos, const search::Limits& limits,
                       const search::Params& params, const search::InfoCallback& onInfo,
                       const BestMoveCallback& onBestMove) {
    const search::Stopwatch clock =
        limits.startedAt ? search::Stopwatch(*limits.startedAt) : search::Stopwatch();
    // The weaker player of UCI_LimitStrength searches alone: its node budget and its
    // pick among the main thread's lines are the strength it was asked for.
    const Go go{pos, limits, params, params.strength.limited ? 1 : pool.size()};
    reset_node_counts(go);
    share_tablebase_root(main, go);
    std::vector<search::SearchResult> results(static_cast<std::size_t>(go.threads));
    start_helpers(go, results);
    results[0] = search_on_main_thread(main, go, onInfo);
    stop_helpers(go);
    const search::SearchResult chosen = choose_result(go, results, clock, onInfo);
    lastStats = summed_stats(go.threads); // the helpers are idle: their counters are final
    hold_best_move();
    // Not searching any more before bestmove goes out: a GUI may send `go` the moment it
    // reads it. start() and wait() still wait for this job to return.
    busy.store(false, std::memory_order_release);
    if (onBestMove) onBestMove(chosen);
}

// `go nodes` with helpers: the budget is for the sum over the threads, counted afresh.
void SearchThread::reset_node_counts(const Go& go) {
    for (int i = 1; i < go.threads; ++i) pool[i].worker().reset_nodes(); // idle: no old counts
    nodesSearched.store(0, std::memory_order_relaxed);
}

// What thread i shares with the others: only the main thread follows ponderhit (the
// helpers stop when it does), and only several threads share a node budget.
search::SharedSearch SearchThread::shared_search(const Go& go, int thread) {
    return search::SharedSearch{stopFlag, go.threads > 1 ? &nodesSearched : nullptr,
                                thread == 0 ? &ponderhitFlag : nullptr,
                                &schedules[std::size_t(thread)]};
}

// A root in the Syzygy tables: ranked here, on the main thread before the helpers
// start, because Fathom's root probe is not thread-safe. Every thread then keeps to
// the moves of the best rank; the root's probes count once, for the main thread.
void SearchThread::share_tablebase_root(search::Worker& main, const Go& go) {
    std::vector<Move> candidates = go.limits.searchMoves;
    if (candidates.empty())
        for (Move m : MoveList(go.pos)) candidates.push_back(m);
    // In analysis (UCI_AnalyseMode) every move is searched; the probes in the search
    // still score each line.
    std::optional<search::syzygy::RootResult> tbRoot =
        go.params.analyseMode
            ? std::nullopt
            : search::syzygy::probe_root(go.pos, candidates, go.params.tablebases);
    for (int i = 1; i < go.threads; ++i) {
        std::optional<search::syzygy::RootResult> helperRoot = tbRoot;
        if (helperRoot) helperRoot->probes = 0;
        pool[i].worker().use_tablebase_root(std::move(helperRoot));
    }
    main.use_tablebase_root(std::move(tbRoot));
}

// The helpers search the same root with their own limits and one line each; each
// writes its own result.
void SearchThread::start_helpers(const Go& go, std::vector<search::SearchResult>& results) {
    search::Params helperParams = go.params;
    helperParams.multiPv = 1; // only the main thread reports lines
    const search::Limits helperLimits = helper_limits(go.limits);
    for (int i = 1; i < go.threads; ++i)
        pool[i].dispatch([&pos = go.pos, &result = results[std::size_t(i)], helperLimits,
                          helperParams, shared = shared_search(go, i)](search::Worker& helper) {
            result = helper.iterative_deepening(pos, helperLimits, helperParams, shared);
        });
}

// Info lines come from the main thread, with the nodes and tablebase hits of all threads
// and the deepest seldepth of any (read as relaxed atomics while the helpers run).
search::SearchResult SearchThread::search_on_main_thread(search::Worker& main, const Go& go,
                                                         const search::InfoCallback& onInfo) {
    const auto allThreads = [&](const search::SearchInfo& info) {
        const Progress helpers = totals(1, go.threads);
        search::SearchInfo combined = info;
        combined.nodes = main.nodes() + helpers.nodes;
        combined.tbHits = main.tb_hits() + helpers.tbHits;
        combined.seldepth = std::max(info.seldepth, helpers.seldepth);
        onInfo(combined);
    };
    return main.iterative_deepening(go.pos, go.limits, go.params, shared_search(go, 0),
                                    onInfo ? search::InfoCallback(allThreads)
                                           : search::InfoCallback());
}

void SearchThread::stop_helpers(const Go& go) {
    stopFlag.store(true, std::memory_order_relaxed);
    for (int i = 1; i < go.threads; ++i) pool[i].wait_idle();
}

// The threads vote, with the nodes of all counted; MultiPV lines and a weakened player's
// pick come from the main thread alone, so its first line is the move. A GUI shows the
// last PV as the engine's line: when a helper's move won the vote, its line goes out
// before bestmove, so the two agree.
search::SearchResult SearchThread::choose_result(const Go& go,
                                                 const std::vector<search::SearchResult>& results,
                                                 const search::Stopwatch& clock,
                                                 const search::InfoCallback& onInfo) {
    const std::size_t best =
        go.params.multiPv > 1 || go.params.strength.limited ? 0 : pick_best_thread(results);
    search::SearchResult chosen = results[best];
    chosen.nodes = 0;
    for (const search::SearchResult& r : results) chosen.nodes += r.nodes;
    if (best != 0 && onInfo && !chosen.pv.empty()) {
        const Progress all = totals(0, go.threads);
        search::SearchInfo info;
        info.depth = chosen.depth;
        info.seldepth = all.seldepth;
        info.score = chosen.score;
        info.nodes = chosen.nodes;
        info.tbHits = all.tbHits;
        info.timeMs = clock.elapsed_ms();
        info.hashfull = table.hashfull();
        info.pv = chosen.pv;
        onInfo(info);
    }
    return chosen;
}

// With `go infinite` or `go ponder`, bestmove waits for stop or ponderhit (UCI).
void SearchThread::hold_best_move() {
    std::unique_lock lock(mutex);
    released.wait(lock, [&] { return !holdBestMove || stopRequested; });
}

SearchThread::Progress SearchThread::totals(int first, int last) const {
    Progress p;
    for (int i = first; i < last; ++i) {
        const search::Worker& w = pool[i].worker();
        p.nodes += w.nodes();
        p.tbHits += w.tb_hits();
        p.seldepth = std::max(p.seldepth, w.seldepth_reached());
    }
    return p;
}

SearchThread::Progress SearchThread::progress() const {
    return totals(0, std::min(searchThreads.load(std::memory_order_relaxed), pool.size()));
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
