// The evaluation as a function of its weights, per position, for the Texel
// tuner's gradient. Every term except king danger adds weights looked up by
// counts of features, so White-minus-Black totals are sums of count * weight;
// king danger squares a weighted sum of its own feature counts, so each side's
// counts are kept and the tuner differentiates through the square. Tapering and
// the endgame scale of the position are applied after.
#pragma once

#include "core/position.h"
#include "eval/king_danger.h"
#include "eval/weights.h"

#include <array>
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
    std::vector<Coefficient> coefficients;                     // every weight but king danger's
    std::array<eval::KingDangerFeatures, COLOR_NB> kingDanger; // each side's king
    int phase = 0;                                             // 0 .. fixed::PHASE_MAX
    int scale = 0; // endgame scale, out of fixed::SCALE_NORMAL
};

// Extracts the linear form at `weights`. nullopt for positions the linear form
// does not describe: a lone king (mop-up evaluation) or a count too large to decode.
std::optional<LinearEval> linear_eval(const Position& pos, const eval::Weights& weights);

// The evaluation, White's view, from the form and the flat weights (mg, eg per
// Score, as to_flat in tools/weights_flat.h), without integer rounding.
double linear_eval_value(const LinearEval& e, const double* flat);

// Adds the king-danger part's derivative, d(mg total)/dw * mgFactor and
// d(eg total)/dw * egFactor, to gradient (WEIGHT_FLAT_SIZE entries).
void add_king_danger_gradient(const LinearEval& e, const double* flat, double mgFactor,
                              double egFactor, double* gradient);

} // namespace flotilla::tools
