// Flat views of the evaluation weights for the tuner: mg, eg of each Score, in the order
// of FLOTILLA_EVAL_WEIGHTS (eval/weights.h), as one array of ints.
#pragma once

#include "eval/weights.h"

#include <array>
#include <cstddef>
#include <span>

namespace flotilla::tools {

inline constexpr std::size_t WEIGHT_FLAT_SIZE = 2 * eval::WEIGHT_SCORE_COUNT;

std::array<int, WEIGHT_FLAT_SIZE> to_flat(const eval::Weights& weights);
eval::Weights from_flat(std::span<const int, WEIGHT_FLAT_SIZE> flat);

} // namespace flotilla::tools
