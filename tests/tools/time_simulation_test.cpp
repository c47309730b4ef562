// The time plan over whole games, in the clock model of `flotilla time-sim`
// (tools/time_simulation.h): it never flags, never risks a large share of the clock on
// one move, and keeps a reserve.
#include "tools/time_simulation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>

using namespace flotilla::tools;

namespace {

SimulatedGame simulate(int baseMs, int incMs, int movesPerControl, int moves, int overhead,
                       int lag) {
    SimulatedControl c;
    c.baseMs = baseMs;
    c.incMs = incMs;
    c.movesPerControl = movesPerControl;
    c.moves = moves;
    c.overheadMs = overhead;
    c.lagMs = lag;
    return simulate_clock(c);
}

} // namespace

// Whole games, from bullet to TCEC, in sudden death and with movestogo: the plan never
// flags, never risks a large share of the clock on one move, keeps a reserve, and does
// not spend the long control's clock in the opening.
TEST(TimeSimulation, SimulatedGamesNeverFlagAndKeepAReserve) {
    struct Control {
        const char* name;
        int base, inc, movesPerControl;
    };
    const Control controls[] = {{"1+0.01", 1000, 10, 0},           {"10+0.1", 10000, 100, 0},
                                {"60+0.6", 60000, 600, 0},         {"5 min", 300000, 0, 0},
                                {"120 min+10", 7200000, 10000, 0}, {"40/120 min", 7200000, 0, 40},
                                {"40/10 s", 10000, 0, 40}};
    for (const Control& c : controls)
        for (int overhead : {10, 100}) {
            // What the GUI really loses per move: under Move Overhead, and under half the
            // increment (no plan survives a lag above the increment for ever).
            const int lag = c.inc > 0 ? std::min(overhead, c.inc) / 2 : overhead / 2;
            // Sudden death: 150 moves, a long game; every plan flags in an endless one
            // once the lag alone eats the clock.
            const int moves = c.inc == 0 && c.movesPerControl == 0 ? 150 : 200;
            const SimulatedGame g =
                simulate(c.base, c.inc, c.movesPerControl, moves, overhead, lag);
            ASSERT_FALSE(g.flagged) << c.name << " overhead " << overhead;
            for (std::size_t m = 0; m < g.hardShare.size(); ++m) {
                // Per move at most 15% of what is left; with movestogo the share grows as
                // the control nears (3 / movestogo), to half, and 80% on its last move, as
                // the clock refills after it.
                const int toGo = c.movesPerControl - int(m) % std::max(c.movesPerControl, 1);
                const int most = c.movesPerControl == 0 ? 150 : toGo == 1 ? 800 : 500;
                EXPECT_LE(g.hardShare[m], most) << c.name << " move " << m;
            }
            // Sudden death: 60 moves in, a reserve remains (measured: 3.3% of 5 minutes).
            if (c.inc == 0 && c.movesPerControl == 0) {
                EXPECT_GE(g.clockLeft[59], c.base / 50) << c.name;
            }
        }
    // TCEC's 120 minutes + 10 s never flags, the first 20 moves use at most 52% of the
    // clock (measured with this model: 50.8%; 62% with the 45-move horizon of short games)
    // and after 60 moves the clock still holds more than 30 increments (measured: 548 s).
    const SimulatedGame tcec = simulate(7200000, 10000, 0, 200, 100, 50);
    ASSERT_FALSE(tcec.flagged);
    const std::int64_t first20 =
        std::accumulate(tcec.used.begin(), tcec.used.begin() + 20, std::int64_t(0));
    EXPECT_LE(first20, 7200000 * 52 / 100);
    EXPECT_GE(tcec.clockLeft[59], 30 * 10000);
    // 40 moves in 120 minutes: each control's moves use more than half of it, never all.
    const SimulatedGame classic = simulate(7200000, 0, 40, 120, 100, 50);
    for (int control = 0; control < 3; ++control) {
        const std::int64_t beforeRefill =
            classic.clockLeft[std::size_t(40 * control + 39)] - 7200000;
        EXPECT_GT(beforeRefill, 0) << control;
        EXPECT_LT(beforeRefill, 7200000 / 2) << control;
    }
}
