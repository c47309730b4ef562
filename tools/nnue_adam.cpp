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

namespace {

struct StepConstants {
    float b1, b2, c1, c2, eps, lr, decay, limit;
};

void update(const StepConstants& k, std::size_t begin, std::size_t end, float* __restrict p,
            const float* __restrict g, float* __restrict m, float* __restrict v) {
    for (std::size_t i = begin; i < end; ++i) {
        m[i] = k.b1 * m[i] + (1 - k.b1) * g[i];
        v[i] = k.b2 * v[i] + (1 - k.b2) * g[i] * g[i];
        const float x =
            p[i] - k.decay * p[i] - k.lr * (m[i] * k.c1) / (std::sqrt(v[i] * k.c2) + k.eps);
        p[i] = std::min(std::max(x, -k.limit), k.limit);
    }
}

} // namespace

void AdamW::step(FloatNet& net, const Gradient& g, float lr) {
    ++steps;
    StepConstants k;
    k.b1 = beta1, k.b2 = beta2, k.eps = epsilon, k.lr = lr, k.decay = lr * weightDecay;
    k.c1 = float(1.0 / (1.0 - std::pow(double(beta1), double(steps))));
    k.c2 = float(1.0 / (1.0 - std::pow(double(beta2), double(steps))));
    std::size_t offset = 0;
    auto group = [&](std::vector<float>& params, const std::vector<float>& grad, float limit) {
        StepConstants kk = k;
        kk.limit = limit;
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, params.size(), 8192),
                          [&, kk, offset](const auto& r) {
                              update(kk, r.begin(), r.end(), params.data(), grad.data(),
                                     m.data() + offset, v.data() + offset);
                          });
        offset += params.size();
    };
    group(net.w, g.w, MAX_FEATURE_WEIGHT);
    group(net.b, g.b, MAX_FEATURE_WEIGHT);
    group(net.o, g.o, MAX_OUTPUT_WEIGHT);
    group(net.ob, g.ob, 100000.0f); // round(ob * QA * QB) stays inside int32
}

} // namespace flotilla::tools::nnue
