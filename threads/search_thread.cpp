#include "threads/search_thread.h"

#include <chrono>

namespace flotilla::threads {

SearchThread::SearchThread(search::TranspositionTable& tt) : worker(tt) {}

SearchThread::~SearchThread() {
    stop();
    wait();
}

void SearchThread::start(const Position& pos, const search::Limits& limits,
                         const search::Params& params, search::InfoCallback onInfo,
                         BestMoveCallback onBestMove) {
    wait();
    search::Limits workerLimits = limits;
    {
        std::lock_guard lock(mutex);
        holdBestMove = limits.infinite || limits.ponder;
        ponderHit = false;
        stopRequested = false;
        if (limits.ponder) {
            // While pondering the clock is not ours: search without a time limit and
            // let the ponder timer apply the plan once ponderhit arrives.
            ponderPlan = search::plan_time(limits, pos.side_to_move(), params.moveOverheadMs);
            workerLimits.time[WHITE] = workerLimits.time[BLACK] = -1;
            workerLimits.moveTime = -1;
            workerLimits.infinite = true;
        }
    }
    stopFlag.store(false, std::memory_order_relaxed);
    busy.store(true, std::memory_order_release);
    if (limits.ponder)
        ponderTimer = std::thread([this, plan = ponderPlan] { watch_ponder_clock(plan); });
    thread = std::thread([this, pos, workerLimits, params, onInfo = std::move(onInfo),
                          onBestMove = std::move(onBestMove)]() mutable {
        run(std::move(pos), std::move(workerLimits), std::move(params), std::move(onInfo),
            std::move(onBestMove));
    });
}

void SearchThread::run(Position pos, search::Limits limits, search::Params params,
                       search::InfoCallback onInfo, BestMoveCallback onBestMove) {
    const search::SearchResult result = worker.search(pos, limits, params, stopFlag, onInfo);
    {
        std::unique_lock lock(mutex);
        released.wait(lock, [&] { return !holdBestMove || stopRequested; });
    }
    if (onBestMove) onBestMove(result);
    busy.store(false, std::memory_order_release);
}

void SearchThread::watch_ponder_clock(search::TimePlan plan) {
    std::unique_lock lock(mutex);
    released.wait(lock, [&] { return ponderHit || stopRequested; });
    if (stopRequested || plan.soft == search::TimePlan::UNLIMITED) return;
    // From ponderhit on, think for the soft limit the plan gave this move.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(plan.soft);
    if (!released.wait_until(lock, deadline, [&] { return stopRequested; }))
        stopFlag.store(true, std::memory_order_relaxed);
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
        ponderHit = true;
        holdBestMove = false;
    }
    released.notify_all();
}

void SearchThread::wait() {
    if (thread.joinable()) thread.join();
    if (ponderTimer.joinable()) {
        {
            std::lock_guard lock(mutex);
            stopRequested = true; // the search is over: the timer has nothing left to do
        }
        released.notify_all();
        ponderTimer.join();
    }
}

} // namespace flotilla::threads
