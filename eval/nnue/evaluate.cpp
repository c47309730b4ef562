#include "eval/nnue/evaluate.h"

#include "simd/nnue_kernels.h"

#include <algorithm>

namespace flotilla::nnue {

int evaluate_raw(const Position& pos, AccumulatorStack& acc, const Network& net) {
    const Color us = pos.side_to_move();
    const int h = net.hidden();
    const std::int16_t* mine = acc.update(pos, net, us);
    const std::int16_t* theirs = acc.update(pos, net, ~us);
    const int bucket = net.bucket_for(popcount(pos.pieces()));
    const std::int16_t* o = net.output_row(bucket);
    const bool scalar = acc.scalar_kernels();
    auto dot = [&](const std::int16_t* a, const std::int16_t* w) {
        return scalar ? simd::screlu_dot_scalar(a, w, h) : simd::screlu_dot(a, w, h);
    };
    // Wrapping int32 sum, as the format specifies.
    const auto sum = std::int32_t(std::uint32_t(dot(mine, o)) + std::uint32_t(dot(theirs, o + h)));
    const std::int64_t out = std::int64_t(sum / QA) + net.output_bias(bucket);
    return int(std::clamp<std::int64_t>(out * SCALE / (QA * QB), INT32_MIN, INT32_MAX));
}

Value evaluate(const Position& pos, AccumulatorStack& acc, const Network& net) {
    return std::clamp(evaluate_raw(pos, acc, net), -VALUE_EVAL_MAX, VALUE_EVAL_MAX);
}

} // namespace flotilla::nnue
