// UCI_LimitStrength / UCI_Elo: a weaker player for people. The search is cut to a node
// budget that grows with the Elo asked for; at the bottom of the range, where even the
// smallest budget plays too well, it also searches several root lines and plays a line
// other than the best with a probability that falls with its score deficit (a softmax).
// STRENGTH_ANCHORS put UCI_Elo on Stockfish 15.1's UCI_Elo scale: each was measured in
// games against Stockfish's own UCI_LimitStrength (docs/strength.md). The idea of a
// weakened pick among MultiPV lines is Stockfish's "Skill Level"; this code and its
// numbers are not.
#pragma once

#include "core/types.h"

#include <array>
#include <cstdint>
#include <vector>

namespace flotilla::search {

struct StrengthParams {
    static constexpr int MIN_ELO = 1350;
    static constexpr int MAX_ELO = 2850;
    bool limited = false; // UCI_LimitStrength
    int elo = MAX_ELO;    // UCI_Elo, clamped to [MIN_ELO, MAX_ELO]
};

// One calibration point: at `elo`, a budget of 2^log2Nodes nodes per move and a softmax
// temperature in centipawns (0: always the best line). Between anchors both are
// interpolated linearly in Elo; the first is MIN_ELO, the last MAX_ELO.
struct StrengthAnchor {
    int elo;
    double log2Nodes;
    double temperature;
};
extern const std::array<StrengthAnchor, 3> STRENGTH_ANCHORS;

// Root lines searched when the softmax is in play (or more, when MultiPV asks).
inline constexpr int LIMITED_STRENGTH_LINES = 4;

// The node budget per move for `elo` (clamped into [MIN_ELO, MAX_ELO]).
std::uint64_t strength_node_budget(int elo);

// The softmax temperature in centipawns for `elo`: 0 above the lowest levels.
double strength_temperature(int elo);

// The root lines the limited search needs at `elo`: LIMITED_STRENGTH_LINES while the
// temperature is above 0, else 1 (only the best line is ever played).
int strength_lines(int elo);

// The line to play: index into `scores` (best first, side-to-move centipawns), chosen
// with probability proportional to exp(-(best - score) / temperature), from `random`,
// a uniformly drawn 64-bit number. Mate scores are never given up for a worse line.
std::size_t pick_weakened_line(const std::vector<Value>& scores, int elo, std::uint64_t random);

} // namespace flotilla::search
