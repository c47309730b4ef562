// How long to think: a soft limit (do not start another iteration after it) and
// a hard limit (abort the search), both in milliseconds from the `go`, and the
// per-iteration scaling of the soft limit by how settled the search looks.
#pragma once

#include "core/types.h"
#include "search/limits.h"

#include <chrono>
#include <cstdint>

namespace flotilla::search {

struct TimePlan {
    static constexpr std::int64_t UNLIMITED = INT64_MAX;
    std::int64_t soft = UNLIMITED;
    std::int64_t hard = UNLIMITED;
    // True when the plan comes from a clock, so the soft limit may be scaled by
    // the search's stability; false for movetime (use it all) and no limit.
    bool scalable = false;
};

// How many more moves the clock (`clockMs` left) has to last when `movestogo` is not
// given: at the start 45 with up to a minute left, rising evenly in log time to 60 with
// 30 minutes or more; one fewer every two moves played, never below 25 (a long game
// still keeps a reserve for the moves after the planned ones).
int estimated_moves_to_go(int gamePly, std::int64_t clockMs);

// Plan for `us` under `limits`, `gamePly` half-moves into the game. With a clock:
//   mtg = movestogo (at most 50) or the estimate above;
//   budget = time + (mtg - 1) x increment - (mtg + 2) x overhead: the planned moves'
//            time, with each move's overhead and two more kept back;
//   soft = budget / mtg;
//   hard = min(4 x soft, a share of (time - overhead): 80% with one move to go, else
//          3/mtg capped at 50%), so one move never takes more than a few moves' share
//          (TCEC 120 min + 10 s: about 7% of the clock in the opening);
//   1 <= soft <= hard <= time - overhead (1 ms floor).
// movetime gives soft = hard = movetime - overhead. Otherwise unlimited.
TimePlan plan_time(const Limits& limits, Color us, int moveOverheadMs, int gamePly = 0);

// Factor for the soft limit after an iteration: more time when the best move has
// just changed (it was stable for `stableIterations` completed iterations, 0 when
// it changed in the last one) or when the score dropped by `scoreDrop` centipawns
// since the previous iteration; less when the best move has held for many
// iterations. The product lies in [0.5, 2.5]. (The idea is common practice, e.g.
// Stockfish's best-move-instability and falling-eval factors; these numbers are ours.)
double stability_factor(int stableIterations, int scoreDrop);

// The soft limit for the next iteration check: plan.soft x factor, never above
// the hard limit; unchanged when the plan is not scalable.
std::int64_t scaled_soft_limit(const TimePlan& plan, double factor);

// Milliseconds since construction, from a monotonic clock.
class Stopwatch {
  public:
    Stopwatch() : start(std::chrono::steady_clock::now()) {}
    explicit Stopwatch(std::chrono::steady_clock::time_point from) : start(from) {}
    std::int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
            .count();
    }

  private:
    std::chrono::steady_clock::time_point start;
};

} // namespace flotilla::search
