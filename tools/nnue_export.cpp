// Quantisation of the float network into the engine's Network; the file itself is
// written and read by eval/nnue alone.
#include "tools/nnue_export.h"

#include "eval/nnue/reference_eval.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace flotilla::tools::nnue {

namespace {

using flotilla::nnue::QA;
using flotilla::nnue::QB;

std::int16_t to_int16(double x) {
    constexpr long LIMIT = flotilla::nnue::MAX_QUANTISED_WEIGHT;
    return std::int16_t(std::clamp(std::lround(x), -LIMIT, LIMIT));
}

std::int16_t to_output_weight(double x) {
    constexpr long LIMIT = flotilla::nnue::MAX_QUANTISED_OUTPUT_WEIGHT;
    return std::int16_t(std::clamp(std::lround(x * QB), -LIMIT, LIMIT));
}

} // namespace

flotilla::nnue::Network quantise(const FloatNet& net, const std::string& description) {
    flotilla::nnue::Network q(net.hidden, net.buckets,
                              description.substr(0, flotilla::nnue::MAX_DESCRIPTION), net.layout);
    const std::size_t h = std::size_t(net.hidden);
    // A factoriser's shared block is added into every king bucket's block.
    const std::size_t block = std::size_t(flotilla::nnue::FEATURE_COUNT) * h;
    const std::size_t rows = std::size_t(net.layout.features()) * h;
    for (int f = 0; f < net.layout.features(); ++f) {
        std::int16_t* row = q.feature_row(f);
        for (std::size_t i = 0; i < h; ++i) {
            const std::size_t at = std::size_t(f) * h + i;
            const double shared = net.factoriser ? double(net.w[rows + at % block]) : 0.0;
            row[i] = to_int16((double(net.w[at]) + shared) * QA);
        }
    }
    for (std::size_t i = 0; i < h; ++i) q.feature_bias()[i] = to_int16(double(net.b[i]) * QA);
    for (int b = 0; b < net.buckets; ++b) {
        for (std::size_t j = 0; j < 2 * h; ++j)
            q.output_row(b)[j] = to_output_weight(double(net.o[std::size_t(b) * 2 * h + j]));
        q.set_output_bias(b, std::int32_t(std::llround(double(net.ob[std::size_t(b)]) * QA * QB)));
    }
    return q;
}

std::optional<flotilla::nnue::Network> export_network(const FloatNet& net,
                                                      const std::string& description,
                                                      const std::string& path, std::string* error) {
    flotilla::nnue::Network q = quantise(net, description);
    if (!q.save(path, error)) return std::nullopt;
    return q;
}

int reference_eval(const flotilla::nnue::Network& q, const Sample& s) {
    const std::size_t n = std::size_t(s.count);
    return flotilla::nnue::reference_eval(q, std::span(s.us.data(), n), std::span(s.them.data(), n),
                                          s.pieces);
}

QuantisationError quantisation_error(const FloatNet& net, const flotilla::nnue::Network& q,
                                     std::span<const PackedRecord> records,
                                     std::span<const std::uint32_t> indices) {
    std::vector<double> diff(indices.size(), -1.0);
    tbb::parallel_for(std::size_t(0), indices.size(), [&](std::size_t i) {
        Sample s, plain; // the float net's features, and the exported net's
        if (decode(records[indices[i]], &s, net.layout, net.factoriser) &&
            decode(records[indices[i]], &plain, net.layout))
            diff[i] = std::abs(double(net.eval_cp(s)) - double(reference_eval(q, plain)));
    });
    QuantisationError e;
    double sum = 0;
    for (double d : diff)
        if (d >= 0) sum += d, e.maxCp = std::max(e.maxCp, d), ++e.positions;
    e.meanCp = e.positions ? sum / double(e.positions) : 0.0;
    return e;
}

} // namespace flotilla::tools::nnue
