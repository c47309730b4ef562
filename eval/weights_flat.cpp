// Flat views of the weights for the tuner (mg, eg of each Score, in the
// order of FLOTILLA_EVAL_WEIGHTS).
#include "eval/weights.h"

namespace flotilla::eval {

std::array<int, WEIGHT_FLAT_SIZE> to_flat(const Weights& weights) {
    std::array<int, WEIGHT_FLAT_SIZE> flat{};
    std::size_t i = 0;
    for_each_weight(weights, [&](std::string_view, std::span<const Score> table) {
        for (Score s : table) {
            flat[i++] = s.mg;
            flat[i++] = s.eg;
        }
    });
    return flat;
}

Weights from_flat(std::span<const int, WEIGHT_FLAT_SIZE> flat) {
    Weights weights{};
    std::size_t i = 0;
    for_each_weight(weights, [&](std::string_view, std::span<Score> table) {
        for (Score& s : table) {
            s.mg = flat[i++];
            s.eg = flat[i++];
        }
    });
    return weights;
}

} // namespace flotilla::eval
