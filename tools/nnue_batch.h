// One mini-batch's loss and gradient, computed in parallel over fixed slices of
// the batch (each slice has its own dense gradient buffers, summed in slice order,
// so the result does not depend on how the threads were scheduled).
#pragma once

#include "tools/nnue_float_net.h"

#include <algorithm>
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
    // Records per mirroring decision: 1 decides each record alone; train-nnue --segment N
    // mirrors aligned blocks of N records alike, so that a game's consecutive positions
    // keep their shared features (see BatchGradient's incremental mode).
    std::uint32_t mirrorBlock = 1;
};

// Whether record `index` is seen mirrored under `salt` (never when salt is 0).
inline bool mirrored(std::uint32_t index, std::uint64_t salt) {
    return salt != 0 && (SplitMix64{salt ^ (std::uint64_t(index) << 20)}.next() & 1) != 0;
}

// Whether record `index` is seen mirrored under p (by its block of p.mirrorBlock records).
inline bool mirrored(std::uint32_t index, const LossParams& p) {
    return mirrored(index / std::max<std::uint32_t>(p.mirrorBlock, 1), p.mirrorSalt);
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
    // `incremental` (float rows only; BF16 is then ignored): a position whose features
    // mostly equal the previous position's in the batch (a game's next position, as
    // train-nnue --segment orders them) updates the previous accumulator by the features
    // that changed instead of summing all of its rows, as the engine does; and a feature's
    // weight gradient is summed over each run of positions it stays active in by prefix
    // sums of the accumulator gradients, one or two rows a run instead of one a position.
    // The same gradient to float rounding; far fewer rows read when positions come in runs.
    BatchGradient(const FloatNet& shape, int threads, RowPrecision rows = RowPrecision::FP32,
                  int chunk = 0, bool incremental = false);

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
        // Incremental mode, per perspective colour: the accumulator (valid: of the previous
        // position of this slice), its active features as a bitset, each active feature's
        // run start (the entry of the prefix row before it, or NO_START: the prefix's
        // start), the running prefix of the accumulator gradients and its last entry.
        std::vector<float> acc[COLOR_NB], prefix[COLOR_NB];
        std::vector<std::uint64_t> active[COLOR_NB], current;
        std::vector<std::uint16_t> start[COLOR_NB];
        bool valid[COLOR_NB] = {}, prefixValid[COLOR_NB] = {};
        std::uint16_t lastEntry[COLOR_NB] = {};
        std::vector<std::uint16_t> changed; // a position's signed feature changes
        std::size_t rowsRead = 0;           // feature rows summed (forward and backward)
    };
    // Feature rows summed in both passes over the last compute() (all slices).
    std::size_t rows_read() const;

  private:
    // One decoded position's squared error added to *loss, the output layer's gradient to
    // g, and its accumulators' gradients into the scratch's gradUs and gradThem.
    void position_gradient(const FloatNet& net, const Sample& sample, const float* accUs,
                           const float* accThem, const LossParams& params, float invCount,
                           Gradient* g, Scratch* s, double* loss) const;
    void compute_slice_incremental(const FloatNet& net, std::span<const PackedRecord> records,
                                   std::span<const std::uint32_t> indices, const LossParams& params,
                                   float invCount, Gradient* g, Scratch* s) const;
    template <class T>
    void compute_slice(const FloatNet& net, const T* w, std::span<const PackedRecord> records,
                       std::span<const std::uint32_t> indices, const LossParams& params,
                       float invCount, Gradient* g, Scratch* scratch) const;
    void reduce();

    RowPrecision precision;
    int chunk = 0; // positions whose gradient rows are summed together
    bool incremental = false;
    std::vector<std::uint16_t> w16; // the weights in bfloat16 (RowPrecision::BF16)
    std::vector<Gradient> slices;
    std::vector<Scratch> scratch;
};

// Mean loss over records[indices[i]], forward only, in parallel (deterministic sum).
double mean_loss(const FloatNet& net, std::span<const PackedRecord> records,
                 std::span<const std::uint32_t> indices, const LossParams& params);

} // namespace flotilla::tools::nnue
