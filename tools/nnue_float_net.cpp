// The float network: initialisation, clipping and a scalar forward pass.
#include "tools/nnue_float_net.h"

#include "eval/nnue/output_bucket.h"

#include <algorithm>
#include <cmath>

namespace flotilla::tools::nnue {

FloatNet::FloatNet(int h, int nb, const flotilla::nnue::InputLayout& l, bool f)
    : hidden(h), buckets(nb), layout(l), factoriser(f), w(std::size_t(feature_rows()) * h), b(h),
      o(std::size_t(nb) * 2 * h), ob(nb) {}

void FloatNet::init(std::uint64_t seed) {
    SplitMix64 rng{seed};
    // About 30 pieces are active, so this keeps the accumulators around 0.2-0.5 at start.
    const double featureRange = 1.0 / std::sqrt(32.0);
    const double outputRange = 1.0 / std::sqrt(double(2 * hidden));
    for (float& x : w) x = float((rng.uniform() * 2 - 1) * featureRange * 0.5);
    // A shared block starts at zero, so that each bucket starts as it would without it.
    if (factoriser)
        std::fill(w.begin() + std::ptrdiff_t(layout.features()) * hidden, w.end(), 0.0f);
    for (float& x : b) x = float(rng.uniform() * 0.5);
    for (float& x : o) x = float((rng.uniform() * 2 - 1) * outputRange);
    std::fill(ob.begin(), ob.end(), 0.0f);
}

void FloatNet::clip() {
    auto clamp = [](std::vector<float>& v, float limit) {
        for (float& x : v) x = std::clamp(x, -limit, limit);
    };
    clamp(w, MAX_FEATURE_WEIGHT);
    clamp(b, MAX_FEATURE_WEIGHT);
    clamp(o, MAX_OUTPUT_WEIGHT);
}

float FloatNet::forward(const Sample& s) const {
    std::vector<float> us(b), them(b);
    for (int k = 0; k < s.count; ++k) {
        const float* rowUs = &w[std::size_t(s.us[k]) * hidden];
        const float* rowThem = &w[std::size_t(s.them[k]) * hidden];
        for (int i = 0; i < hidden; ++i) us[i] += rowUs[i], them[i] += rowThem[i];
    }
    const int bucket = flotilla::nnue::output_bucket(s.pieces, buckets);
    const float* out = &o[std::size_t(bucket) * 2 * hidden];
    float y = 0;
    for (int i = 0; i < hidden; ++i)
        y += screlu(us[i]) * out[i] + screlu(them[i]) * out[hidden + i];
    return y + ob[bucket];
}

} // namespace flotilla::tools::nnue
