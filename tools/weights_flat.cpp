#include "tools/weights_flat.h"

namespace flotilla::tools {

using eval::Score;
using eval::Weights;

std::array<int, WEIGHT_FLAT_SIZE> to_flat(const Weights& weights) {
    std::array<int, WEIGHT_FLAT_SIZE> flat{};
    std::size_t i = 0;
    eval::for_each_weight(weights, [&](std::string_view, std::span<const Score> table) {
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
    eval::for_each_weight(weights, [&](std::string_view, std::span<Score> table) {
        for (Score& s : table) {
            s.mg = flat[i++];
            s.eg = flat[i++];
        }
    });
    return weights;
}

} // namespace flotilla::tools
