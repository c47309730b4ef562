// A model of one side's clock over a whole game played by the time plan, for the
// tests that prove the plan and for `flotilla time-sim` (docs/time.md plots it).
//
// Each move the search is taken to stop at the first iteration end past the soft
// limit scaled by its stability: the scaled soft limit times an overshoot of 1.0 to
// 1.6 (the iteration that had just begun), never past the hard limit; the GUI loses
// `lagMs` on top. Stable moves (6 in 10), best-move changes (2 in 10) and score drops
// of 60 cp (2 in 10) follow a fixed pseudo-random pattern, so a run is reproducible.
#pragma once

#include <cstdint>
#include <vector>

namespace flotilla::tools {

struct SimulatedControl {
    std::int64_t baseMs = 0; // the clock at the start (and added at each control)
    std::int64_t incMs = 0;  // per move
    int movesPerControl = 0; // 0: the whole game (sudden death or increment)
    int moves = 200;         // moves of this side to simulate
    int overheadMs = 10;     // the engine's Move Overhead
    int lagMs = 5;           // what the GUI really loses per move
    std::uint64_t seed = 2026;
};

struct SimulatedGame {
    std::vector<std::int64_t> used;      // ms per move, lag included
    std::vector<std::int64_t> clockLeft; // ms after each move, increment added
    std::vector<std::int64_t> hardShare; // the hard limit, per mille of the clock before it
    bool flagged = false;                // the clock ran out (the vectors stop there)
};

SimulatedGame simulate_clock(const SimulatedControl& control);

} // namespace flotilla::tools
