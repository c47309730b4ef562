// A seeded random network for tests and benchmarks: no network file is needed.
#pragma once

#include "eval/nnue/network.h"

#include <random>
#include <string>

namespace flotilla::nnue_test {

// Weights in ranges that put accumulators on both sides of the SCReLU clip (0 and 255),
// output weights within the trainer's [-127, 127].
inline nnue::Network random_network(int hidden, int buckets, std::uint64_t seed,
                                    const nnue::InputLayout& layout = {}) {
    nnue::Network net(hidden, buckets, "random test network, seed " + std::to_string(seed), layout);
    std::mt19937_64 rng(seed);
    auto uniform = [&](int lo, int hi) { return lo + int(rng() % std::uint64_t(hi - lo + 1)); };
    for (int f = 0; f < layout.features(); ++f)
        for (int i = 0; i < hidden; ++i) net.feature_row(f)[i] = std::int16_t(uniform(-48, 48));
    for (int i = 0; i < hidden; ++i) net.feature_bias()[i] = std::int16_t(uniform(-64, 192));
    for (int b = 0; b < buckets; ++b) {
        for (int j = 0; j < 2 * hidden; ++j)
            net.output_row(b)[j] = std::int16_t(uniform(-127, 127));
        net.set_output_bias(b, uniform(-200000, 200000));
    }
    return net;
}

} // namespace flotilla::nnue_test
