// The float network the trainer optimises (docs/nnue-format.md): shared feature
// weights w[768 K][H] (K king buckets of its input layout) and bias b[H], SCReLU, B material
// buckets of output weights o[B][2H] (side to move's half first) and output bias ob[B].
#pragma once

#include "core/splitmix.h"
#include "eval/nnue/format.h"
#include "tools/nnue_features.h"

#include <cstdint>
#include <vector>

namespace flotilla::tools::nnue {

inline constexpr float SCALE = float(flotilla::nnue::SCALE);
// Clipping bounds that keep the quantised weights inside the format's ranges (int16,
// and [-127, 127] for output weights).
inline constexpr float MAX_FEATURE_WEIGHT =
    float(flotilla::nnue::MAX_QUANTISED_WEIGHT) / float(flotilla::nnue::QA);
inline constexpr float MAX_OUTPUT_WEIGHT =
    float(flotilla::nnue::MAX_QUANTISED_OUTPUT_WEIGHT) / float(flotilla::nnue::QB);

struct FloatNet {
    int hidden = 0, buckets = 0;
    flotilla::nnue::InputLayout layout;
    bool factoriser = false; // a block of 768 shared by the king buckets follows them in w
    std::vector<float> w;    // feature_rows() * hidden, feature-major
    std::vector<float> b;    // hidden
    std::vector<float> o;    // buckets * 2 * hidden, bucket-major
    std::vector<float> ob;   // buckets

    FloatNet() = default;
    FloatNet(int hidden, int buckets, const flotilla::nnue::InputLayout& layout = {},
             bool factoriser = false);
    // Feature rows in w: the layout's, and the shared block's.
    int feature_rows() const {
        return layout.features() + (factoriser ? flotilla::nnue::FEATURE_COUNT : 0);
    }

    // Random initial weights from `seed` (uniform, scaled by fan-in).
    void init(std::uint64_t seed);
    // Clamps every weight into the range that the quantised format can hold.
    void clip();
    // y = sum screlu(acc) * o + ob, from the side to move's view (eval_cp = y * SCALE).
    float forward(const Sample& s) const;
    float eval_cp(const Sample& s) const { return forward(s) * SCALE; }

    std::size_t parameter_count() const { return w.size() + b.size() + o.size() + ob.size(); }
    bool operator==(const FloatNet&) const = default;
};

inline float screlu(float x) {
    const float c = x < 0 ? 0 : x > 1 ? 1 : x;
    return c * c;
}

// A small deterministic generator (splitmix64) whose whole state is one number,
// so that checkpoints can store it.
struct SplitMix64 {
    std::uint64_t state = 0;
    std::uint64_t next() { return splitmix64(state); }
    // Uniform in [0, n) (multiply-shift; the bias is negligible for n << 2^64).
    std::uint64_t below(std::uint64_t n) {
        return std::uint64_t((static_cast<unsigned __int128>(next()) * n) >> 64);
    }
    double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

} // namespace flotilla::tools::nnue
