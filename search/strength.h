// UCI_LimitStrength / UCI_Elo: a weaker player for people. The search is cut to a node
// budget that grows with the Elo asked for, searches several root lines, and plays a
// line other than the best with a probability that falls with its score deficit
// (a softmax whose temperature falls as the Elo rises). The mapping from Elo to budget
// and temperature is ours; measured against Stockfish 15.1's own UCI_LimitStrength
// (docs/strength.md) it still plays below the Elo it names. The idea of a weakened pick among
// MultiPV lines is Stockfish's "Skill Level"; this code and its numbers are not.
#pragma once

#include "core/types.h"

#include <cstdint>
#include <vector>

namespace flotilla::search {

struct StrengthParams {
    static constexpr int MIN_ELO = 1350;
    static constexpr int MAX_ELO = 2850;
    bool limited = false; // UCI_LimitStrength
    int elo = MAX_ELO;    // UCI_Elo, clamped to [MIN_ELO, MAX_ELO]
};

// Root lines searched when the strength is limited (or more, when MultiPV asks).
inline constexpr int LIMITED_STRENGTH_LINES = 4;

// The node budget per move for `elo`: 2^9 at MIN_ELO to 2^22 at MAX_ELO, geometric between.
std::uint64_t strength_node_budget(int elo);

// The softmax temperature in centipawns for `elo`: 40 at MIN_ELO down to 0 (always the
// best line) at MAX_ELO, quadratically.
double strength_temperature(int elo);

// The line to play: index into `scores` (best first, side-to-move centipawns), chosen
// with probability proportional to exp(-(best - score) / temperature), from `random`,
// a uniformly drawn 64-bit number. Mate scores are never given up for a worse line.
std::size_t pick_weakened_line(const std::vector<Value>& scores, int elo, std::uint64_t random);

} // namespace flotilla::search
