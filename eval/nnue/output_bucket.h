// The output bucket rule of docs/nnue-format.md: B buckets by material,
// bucket = (pieces - 2) / ceil(32 / B), clamped into [0, B). One rule for the engine's
// evaluation, the trainer's float network and the reference evaluation.
#pragma once

namespace flotilla::nnue {

constexpr int output_bucket(int pieces, int buckets) {
    const int divisor = (32 + buckets - 1) / buckets;
    const int b = (pieces - 2) / divisor;
    return b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
}

} // namespace flotilla::nnue
