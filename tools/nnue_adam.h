// AdamW (Adam with decoupled weight decay; Loshchilov & Hutter, 2019) over every
// parameter of the float network, followed by the export clipping.
#pragma once

#include "tools/nnue_batch.h"

#include <cstdint>
#include <vector>

namespace flotilla::tools::nnue {

struct AdamW {
    float beta1 = 0.9f, beta2 = 0.999f, epsilon = 1e-8f;
    float weightDecay = 0.0f;
    std::uint64_t steps = 0;
    // First and second moments, one per parameter, in the order w, b, o, ob.
    std::vector<float> m, v;

    void resize(const FloatNet& net);
    // One step along the gradient g (of the mean loss) with learning rate lr; the
    // parameters are clipped into the quantisable range afterwards.
    void step(FloatNet& net, const Gradient& g, float lr);
};

} // namespace flotilla::tools::nnue
