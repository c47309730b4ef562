// Runs a search beside the UCI input loop, so that `stop`, `ponderhit` and `isready`
// are answered while it thinks. The search is Lazy SMP on a persistent ThreadPool:
// thread 0 (the main thread) and the helpers search the same root position, sharing
// only the transposition table; the main thread's time limits decide when all stop,
// and a `go nodes` budget counts the nodes of all threads.
#pragma once

#include "search/entry_export.h"
#include "search/worker.h"
#include "threads/helper_schedule.h"
#include "threads/machine/placement.h"
#include "threads/machine/topology.h"
#include "threads/pool.h"

#include <atomic>
#include <climits>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace flotilla::threads {

class SearchThread {
  public:
    using BestMoveCallback = std::function<void(const search::SearchResult&)>;

    explicit SearchThread(search::TranspositionTable& tt);
    ~SearchThread();
    SearchThread(const SearchThread&) = delete;
    SearchThread& operator=(const SearchThread&) = delete;

    // Only while no search runs. The threads are (re)built at the next search or
    // clear_histories, so that setting Threads to 1024 costs nothing until it is used.
    void set_threads(int count, const NumaPolicy& policy);
    int thread_count() const { return wantedThreads; }
    // Builds the threads set_threads asked for now rather than at the next search, and
    // says why when the system refused a thread or its memory: the pool then keeps (or
    // returns to) its previous size, and thread_count() says so. Only while idle.
    std::string apply_threads();
    // Tests: see ThreadPool::set_spawn_hook. Only while idle.
    void set_spawn_hook(std::function<void(int)> hook) { pool.set_spawn_hook(std::move(hook)); }
    // The detected machine; null when hwloc could not read it (nothing is bound then).
    const Topology* topology() const { return machine ? &*machine : nullptr; }

    // Starts thinking on a copy of pos. onInfo and onBestMove run on the main search
    // thread. With `infinite` or `ponder` the best move is held back until stop() or
    // ponderhit(), as the UCI protocol requires.
    void start(const Position& pos, const search::Limits& limits, const search::Params& params,
               search::InfoCallback onInfo, BestMoveCallback onBestMove);
    void stop();
    // The opponent played the expected move: the clock now runs for us.
    void ponderhit();
    // Blocks until the current search (if any) has reported its best move.
    void wait();
    bool searching() const { return busy.load(std::memory_order_acquire); }

    // The network the threads evaluate with (copied per NUMA node; null: the
    // hand-written evaluation). Only while no search runs.
    void set_network(const nnue::Network* net) { pool.use_network(net); }
    // Valid only while no search runs.
    void clear_histories();
    // The statistics of the last search, summed over all its threads; from the best-move
    // callback on, or while idle.
    const search::Stats& stats() const;
    // The statistics of the last search summed over its threads (the first `threads`
    // of the pool, all by default); only while idle.
    search::Stats summed_stats(int threads = INT_MAX) const;
    // What the running search has done so far, over its threads (any thread may ask
    // while it runs; between searches the last search's totals).
    struct Progress {
        std::uint64_t nodes = 0;
        std::uint64_t tbHits = 0;
        int seldepth = 0;
    };
    Progress progress() const;
    // Lazy SMP over several processes (the cluster layer): from the next search on,
    // thread i of this process searches as helper number first + i * step, so that
    // the threads of all processes skip different iterations, as one pool's helpers do.
    // The default (0, 1) is one process's own numbering. Only while idle.
    void set_thread_numbering(int first, int step) {
        firstIndex = first;
        indexStep = step;
    }
    // From the next search on, every thread offers its stores of at least minDepth to a
    // ring of its own (0: none), which drain_exported empties. Only while idle.
    void export_entries(Depth minDepth) { exportDepth = minDepth; }
    // One reader at a time, while a search runs or between searches: appends up to
    // `most` entries, taken from the threads' rings in turn, to out; returns how many.
    std::size_t drain_exported(std::vector<search::ExportedEntry>& out, std::size_t most);
    // Placement and binding warnings of the current threads.
    const std::vector<std::string>& placement_warnings() const { return pool.warnings(); }

  private:
    std::string build_pool();
    // Gives the table an executor that places its pages on the nodes of the planned
    // threads, when those nodes change.
    void place_table();
    void run(search::Worker& main, const Position& pos, const search::Limits& limits,
             const search::Params& params, const search::InfoCallback& onInfo,
             const BestMoveCallback& onBestMove);
    // One `go`, as run() hands it from step to step.
    struct Go {
        const Position& pos;
        const search::Limits& limits;
        const search::Params& params;
        int threads; // those that search: the pool, or one for a weakened player
    };
    // run()'s steps, in its order.
    void reset_node_counts(const Go& go);
    search::SharedSearch shared_search(const Go& go, int thread);
    void share_tablebase_root(search::Worker& main, const Go& go);
    void start_helpers(const Go& go, std::vector<search::SearchResult>& results);
    search::SearchResult search_on_main_thread(search::Worker& main, const Go& go,
                                               const search::InfoCallback& onInfo);
    void stop_helpers(const Go& go);
    search::SearchResult choose_result(const Go& go,
                                       const std::vector<search::SearchResult>& results,
                                       const search::Stopwatch& clock,
                                       const search::InfoCallback& onInfo);
    void hold_best_move();
    // The nodes and tablebase hits of threads [first, last) summed, and their deepest
    // seldepth; any thread may ask while they search.
    Progress totals(int first, int last) const;

    search::TranspositionTable& table;
    std::optional<Topology> machine;
    std::vector<int> tableNodes; // where the table's executor puts its pages
    ThreadPool pool;
    int wantedThreads = 1;
    NumaPolicy wantedPolicy;
    bool poolStale = true;

    std::atomic<bool> stopFlag{false};
    std::atomic<bool> ponderhitFlag{false};
    std::atomic<std::uint64_t> nodesSearched{0}; // `go nodes` with helpers: their sum
    std::atomic<bool> busy{false};
    std::mutex mutex;
    std::condition_variable released;
    bool holdBestMove = false; // infinite or ponder, until stop/ponderhit
    bool stopRequested = false;
    search::Stats lastStats;
    std::atomic<int> searchThreads{1}; // the threads of the current or last search
    Depth exportDepth = 0;
    int firstIndex = 0, indexStep = 1;
    // Each thread's depth schedule for the current search (thread i: helper number
    // firstIndex + i * indexStep); made at `go`, read by the workers while they search.
    std::vector<HelperSchedule> schedules;
    std::mutex exportMutex; // the ring list, against a reader
    std::vector<std::unique_ptr<search::EntryExport>> exportRings;
};

} // namespace flotilla::threads
