// The evaluation as a linear function of its weights, per position, for the
// Texel tuner's gradient. Every term except king danger adds weights looked up
// by counts of features, so White-minus-Black totals are sums of count * weight;
// king danger (a square of summed attack weights) is kept fixed and enters as a
// constant. Tapering and the endgame scale of the position are applied after.
#pragma once

#include "core/position.h"
#include "eval/weights.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace flotilla::tools {

// Index of one Score in for_each_weight order (0 .. WEIGHT_SCORE_COUNT-1).
using WeightIndex = std::uint16_t;

struct Coefficient {
    WeightIndex index;
    std::int16_t count; // White's features minus Black's (tempo: +1 White to move, -1 Black)
};

struct LinearEval {
    std::vector<Coefficient> coefficients;
    double constantMg = 0, constantEg = 0; // king danger, White minus Black
    int phase = 0;                         // 0 .. fixed::PHASE_MAX
    int scale = 0;                         // endgame scale, out of fixed::SCALE_NORMAL
};

// True for the weights the tuner keeps fixed (the king-danger inputs).
bool is_fixed_weight(WeightIndex index);

// Extracts the linear form at `weights`. nullopt for positions the linear form
// does not describe: a lone king (mop-up evaluation) or a count too large to decode.
std::optional<LinearEval> linear_eval(const Position& pos, const eval::Weights& weights);

// The evaluation, White's view, from the linear form and the flat weights
// (mg, eg per Score, as eval::to_flat), without integer rounding.
double linear_eval_value(const LinearEval& e, const double* flat);

} // namespace flotilla::tools
