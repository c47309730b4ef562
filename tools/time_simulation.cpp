#include "tools/time_simulation.h"

#include "search/limits.h"
#include "search/time_manager.h"

#include <algorithm>
#include <climits>

namespace flotilla::tools {

using search::Limits;
using search::TimePlan;

SimulatedGame simulate_clock(const SimulatedControl& c) {
    SimulatedGame g;
    std::int64_t clock = c.baseMs;
    std::uint64_t seed = c.seed;
    const auto next = [&] { // a 64-bit LCG (Knuth's MMIX constants)
        return (seed = seed * 6364136223846793005ULL + 1442695040888963407ULL) >> 33;
    };
    for (int move = 0; move < c.moves; ++move) {
        Limits l;
        l.time[WHITE] = l.time[BLACK] = int(std::min<std::int64_t>(clock, INT_MAX));
        l.increment[WHITE] = l.increment[BLACK] = int(c.incMs);
        if (c.movesPerControl > 0) l.movesToGo = c.movesPerControl - move % c.movesPerControl;
        const TimePlan p = search::plan_time(l, WHITE, c.overheadMs, 2 * move);
        const int kind = int(next() % 10); // 0-5 stable, 6-7 best move changes, 8-9 score drops
        const int stable = kind < 6 ? 6 : 0;
        const int drop = kind >= 8 ? 60 : 0;
        const double overshoot = 1.0 + double(next() % 61) / 100.0;
        const std::int64_t soft =
            search::scaled_soft_limit(p, search::stability_factor(stable, drop));
        const std::int64_t spent =
            std::min<std::int64_t>(p.hard, std::int64_t(double(soft) * overshoot)) + c.lagMs;
        g.hardShare.push_back(p.hard * 1000 / std::max<std::int64_t>(clock, 1));
        clock -= spent;
        if (clock <= 0) {
            g.flagged = true;
            return g;
        }
        clock += c.incMs;
        if (c.movesPerControl > 0 && (move + 1) % c.movesPerControl == 0) clock += c.baseMs;
        g.used.push_back(spent);
        g.clockLeft.push_back(clock);
    }
    return g;
}

} // namespace flotilla::tools
