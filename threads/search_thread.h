// Runs a search on a thread of its own beside the UCI input loop, so that `stop`,
// `ponderhit` and `isready` are answered while it thinks. One search thread for
// now; the Lazy SMP pool will put helpers beside it on the same table.
#pragma once

#include "search/worker.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace flotilla::threads {

class SearchThread {
  public:
    using BestMoveCallback = std::function<void(const search::SearchResult&)>;

    explicit SearchThread(search::TranspositionTable& tt);
    ~SearchThread();
    SearchThread(const SearchThread&) = delete;
    SearchThread& operator=(const SearchThread&) = delete;

    // Starts thinking on a copy of pos. onInfo and onBestMove run on the search
    // thread. With `infinite` or `ponder` the best move is held back until stop()
    // or ponderhit(), as the UCI protocol requires.
    void start(const Position& pos, const search::Limits& limits, const search::Params& params,
               search::InfoCallback onInfo, BestMoveCallback onBestMove);
    void stop();
    // The opponent played the expected move: the clock now runs for us.
    void ponderhit();
    // Blocks until the current search (if any) has reported its best move.
    void wait();
    bool searching() const { return busy.load(std::memory_order_acquire); }

    // Valid only while no search runs.
    void clear_histories() { worker.clear_histories(); }
    const search::Stats& stats() const { return worker.stats(); }

  private:
    void run(Position pos, search::Limits limits, search::Params params,
             search::InfoCallback onInfo, BestMoveCallback onBestMove);
    void watch_ponder_clock(search::TimePlan plan);

    search::Worker worker;
    std::thread thread;
    std::thread ponderTimer;
    std::atomic<bool> stopFlag{false};
    std::atomic<bool> busy{false};
    std::mutex mutex;
    std::condition_variable released;
    bool holdBestMove = false; // infinite or ponder, until stop/ponderhit
    bool ponderHit = false;
    bool stopRequested = false;
    search::TimePlan ponderPlan;
};

} // namespace flotilla::threads
