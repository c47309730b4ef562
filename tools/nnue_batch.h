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

// What the kernel reads its feature rows (the weights in the forward pass, the
// positions' accumulator gradients in the backward pass) as: floats, or bfloat16 (half
// the bytes; the sums, the gradient and the weights Adam updates stay float).
// bfloat16 needs H to be a multiple of 16 (the trainer's); other H read floats.
enum class RowPrecision { FP32, BF16 };

class BatchGradient {
  public:
    // Buffers shaped like `shape` (its weights are not read). `chunk`: the positions whose
    // feature gradients are summed together (0: as many as fill about 512 KiB).
    BatchGradient(const FloatNet& shape, int threads, RowPrecision rows = RowPrecision::FP32,
                  int chunk = 0);

    // Mean loss over the positions records[indices[i]] and its gradient (of the mean
    // loss), available in total() afterwards. Records that do not decode are skipped.
    double compute(const FloatNet& net, std::span<const PackedRecord> records,
                   std::span<const std::uint32_t> indices, const LossParams& params);
    const Gradient& total() const { return slices[0]; }
    int slice_count() const { return int(slices.size()); }

    struct Scratch {
        std::vector<float> accUs, accThem, aUs, aThem, gradUs, gradThem;
        // A chunk's accumulator gradients (row 2j + perspective), in the row precision.
        std::vector<float> g32;
        std::vector<std::uint16_t> g16;
        // The chunk's (feature row, gradient row) pairs and their counting sort.
        std::vector<std::uint32_t> count, offset; // per feature row; count is 0 between chunks
        std::vector<std::uint16_t> touched, pairFeature, pairEntry, sorted;
    };

  private:
    template <class T>
    void compute_slice(const FloatNet& net, const T* w, std::span<const PackedRecord> records,
                       std::span<const std::uint32_t> indices, const LossParams& params,
                       float invCount, Gradient* g, Scratch* scratch) const;
    void reduce();

    RowPrecision precision;
    int chunk = 0;                  // positions whose gradient rows are summed together
    std::vector<std::uint16_t> w16; // the weights in bfloat16 (RowPrecision::BF16)
    std::vector<Gradient> slices;
    std::vector<Scratch> scratch;
};

// Mean loss over records[indices[i]], forward only, in parallel (deterministic sum).
double mean_loss(const FloatNet& net, std::span<const PackedRecord> records,
                 std::span<const std::uint32_t> indices, const LossParams& params);

} // namespace flotilla::tools::nnue
