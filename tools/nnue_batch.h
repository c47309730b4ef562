// One mini-batch's loss and gradient, computed in parallel over fixed slices of
// the batch (each slice has its own dense gradient buffers, summed in slice order,
// so the result does not depend on how the threads were scheduled).
#pragma once

#include "tools/nnue_float_net.h"

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

namespace flotilla::tools::nnue {

struct LossParams {
    float k = 400.0f;    // sigmoid scale in centipawns: p = sigmoid(eval_cp / k)
    float lambda = 0.5f; // weight of the game result in the target
    // Non-zero: about half the positions, chosen by a hash of the record's index and
    // this salt, are seen mirrored left to right (files a<->h). Chess is symmetric that
    // way but for castling, which the inputs do not describe, so it doubles the data.
    // Only for feature set 1: set 2 mirrors every position into the same features.
    std::uint64_t mirrorSalt = 0;
};

// Whether record `index` is seen mirrored under `salt` (never when salt is 0).
inline bool mirrored(std::uint32_t index, std::uint64_t salt) {
    return salt != 0 && (SplitMix64{salt ^ (std::uint64_t(index) << 20)}.next() & 1) != 0;
}

// Files a<->h of every active feature (the square is the index's low 6 bits; feature
// set 1 only).
inline void mirror_files(Sample* s) {
    for (int k = 0; k < s->count; ++k) {
        s->us[k] ^= 7;
        s->them[k] ^= 7;
    }
}

inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// t = lambda * result + (1 - lambda) * sigmoid(score / K), side to move's view.
inline float target(const Sample& s, const LossParams& p) {
    return p.lambda * s.result + (1 - p.lambda) * float(sigmoid(s.score / p.k));
}

// Loss of one position: (sigmoid(eval_cp / K) - t)^2.
float sample_loss(const FloatNet& net, const Sample& s, const LossParams& p);

struct Gradient {
    std::vector<float> w, b, o, ob; // same shapes as FloatNet's
    double loss = 0;                // summed over the slice's positions
    void resize(int features, int hidden, int buckets);
    void zero();
};

// Slices per batch: at least 8 so that any thread count up to 8 gives the same sums.
inline constexpr int MIN_SLICES = 8;

class BatchGradient {
  public:
    // Buffers shaped like `shape` (its weights are not read).
    BatchGradient(const FloatNet& shape, int threads);

    // Mean loss over the positions records[indices[i]] and its gradient (of the mean
    // loss), available in total() afterwards. Records that do not decode are skipped.
    double compute(const FloatNet& net, std::span<const PackedRecord> records,
                   std::span<const std::uint32_t> indices, const LossParams& params);
    const Gradient& total() const { return slices[0]; }
    int slice_count() const { return int(slices.size()); }

  private:
    struct Scratch {
        std::vector<float> accUs, accThem, aUs, aThem, gradUs, gradThem;
    };
    void compute_slice(const FloatNet& net, std::span<const PackedRecord> records,
                       std::span<const std::uint32_t> indices, const LossParams& params,
                       float invCount, Gradient* g, Scratch* scratch) const;
    void reduce();

    std::vector<Gradient> slices;
    std::vector<Scratch> scratch;
};

// Mean loss over records[indices[i]], forward only, in parallel (deterministic sum).
double mean_loss(const FloatNet& net, std::span<const PackedRecord> records,
                 std::span<const std::uint32_t> indices, const LossParams& params);

} // namespace flotilla::tools::nnue
