// AdamW, element by element and in parallel over parameter ranges (deterministic).
#include "tools/nnue_adam.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace flotilla::tools::nnue {

void AdamW::resize(const FloatNet& net) {
    m.assign(net.parameter_count(), 0.0f);
    v.assign(net.parameter_count(), 0.0f);
    steps = 0;
}

void AdamW::step(FloatNet& net, const Gradient& g, float lr) {
    ++steps;
    const float c1 = float(1.0 / (1.0 - std::pow(double(beta1), double(steps))));
    const float c2 = float(1.0 / (1.0 - std::pow(double(beta2), double(steps))));
    const float b1 = beta1, b2 = beta2, eps = epsilon, decay = lr * weightDecay;
    std::size_t offset = 0;
    auto update = [&](std::vector<float>& params, const std::vector<float>& grad, float limit) {
        float* __restrict mm = m.data() + offset;
        float* __restrict vv = v.data() + offset;
        float* __restrict p = params.data();
        const float* __restrict gg = grad.data();
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, params.size(), 8192),
                          [&](const auto& r) {
                              for (std::size_t i = r.begin(); i != r.end(); ++i) {
                                  mm[i] = b1 * mm[i] + (1 - b1) * gg[i];
                                  vv[i] = b2 * vv[i] + (1 - b2) * gg[i] * gg[i];
                                  const float x = p[i] - decay * p[i] -
                                                  lr * (mm[i] * c1) / (std::sqrt(vv[i] * c2) + eps);
                                  p[i] = std::clamp(x, -limit, limit);
                              }
                          });
        offset += params.size();
    };
    update(net.w, g.w, MAX_FEATURE_WEIGHT);
    update(net.b, g.b, MAX_FEATURE_WEIGHT);
    update(net.o, g.o, MAX_OUTPUT_WEIGHT);
    update(net.ob, g.ob, 100000.0f); // round(ob * QA * QB) stays inside int32
}

} // namespace flotilla::tools::nnue
