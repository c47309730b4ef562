#include "eval/nnue/reference_eval.h"

#include <algorithm>
#include <climits>
#include <vector>

namespace flotilla::nnue {

namespace {

std::vector<std::int16_t> accumulate(const Network& net, std::span<const std::uint16_t> features) {
    const int h = net.hidden();
    std::vector<std::int16_t> acc(net.feature_bias(), net.feature_bias() + h);
    for (std::uint16_t f : features) {
        const std::int16_t* row = net.feature_row(f);
        // int16 arithmetic that wraps, as the engine's accumulators do.
        for (int i = 0; i < h; ++i)
            acc[std::size_t(i)] = std::int16_t(acc[std::size_t(i)] + row[i]);
    }
    return acc;
}

std::int32_t screlu(std::int16_t x) {
    const std::int32_t c = std::clamp<std::int32_t>(x, 0, QA);
    return c * c;
}

} // namespace

int reference_eval(const Network& net, std::span<const std::uint16_t> us,
                   std::span<const std::uint16_t> them, int pieces) {
    const int h = net.hidden();
    const std::vector<std::int16_t> mine = accumulate(net, us), theirs = accumulate(net, them);
    const int bucket = net.bucket_for(pieces);
    const std::int16_t* o = net.output_row(bucket);
    std::uint32_t sum = 0; // int32 arithmetic that wraps, as the format says
    for (int i = 0; i < h; ++i) {
        sum += std::uint32_t(screlu(mine[std::size_t(i)]) * o[i]);
        sum += std::uint32_t(screlu(theirs[std::size_t(i)]) * o[h + i]);
    }
    const std::int64_t out = std::int64_t(std::int32_t(sum) / QA) + net.output_bias(bucket);
    return int(std::clamp<std::int64_t>(out * SCALE / (QA * QB), INT_MIN, INT_MAX));
}

} // namespace flotilla::nnue
