// The training kernel: sparse forward and backward over the ~32 active features
// per perspective, with loops over the hidden layer written to vectorise.
#include "tools/nnue_batch.h"

#include "eval/nnue/output_bucket.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <numeric>

namespace flotilla::tools::nnue {

namespace {

// acc = bias + sum of the active features' rows; four rows per pass over acc
// so that the accumulator is loaded and stored once per four rows.
void accumulate(const float* __restrict w, const float* __restrict bias,
                const std::uint16_t* features, int count, int h, float* __restrict acc) {
    std::copy(bias, bias + h, acc);
    int k = 0;
    for (; k + 4 <= count; k += 4) {
        const float* __restrict r0 = w + std::size_t(features[k]) * h;
        const float* __restrict r1 = w + std::size_t(features[k + 1]) * h;
        const float* __restrict r2 = w + std::size_t(features[k + 2]) * h;
        const float* __restrict r3 = w + std::size_t(features[k + 3]) * h;
        for (int i = 0; i < h; ++i) acc[i] += (r0[i] + r1[i]) + (r2[i] + r3[i]);
    }
    for (; k < count; ++k) {
        const float* __restrict r = w + std::size_t(features[k]) * h;
        for (int i = 0; i < h; ++i) acc[i] += r[i];
    }
}

// a = screlu(acc) for both perspectives, and y = a . o (the dot product is a
// reduction that vectorises with -fassociative-math, set for this file in CMake).
float activate(const float* __restrict accUs, const float* __restrict accThem,
               const float* __restrict o, int h, float* __restrict aUs, float* __restrict aThem) {
    float y = 0;
    for (int i = 0; i < h; ++i) {
        const float u = std::min(std::max(accUs[i], 0.0f), 1.0f);
        const float t = std::min(std::max(accThem[i], 0.0f), 1.0f);
        aUs[i] = u * u;
        aThem[i] = t * t;
        y += aUs[i] * o[i] + aThem[i] * o[h + i];
    }
    return y;
}

// Gradients of the output weights and bias, and of both accumulators.
void backward(float dy, const float* __restrict accUs, const float* __restrict accThem,
              const float* __restrict aUs, const float* __restrict aThem, const float* __restrict o,
              int h, float* __restrict go, float* __restrict gb, float* __restrict gradUs,
              float* __restrict gradThem) {
    for (int i = 0; i < h; ++i) {
        go[i] += dy * aUs[i];
        go[h + i] += dy * aThem[i];
        // screlu'(x) = 2 clamp(x, 0, 1) for x < 1 (zero below 0 by itself), 0 from 1 on.
        const float du = accUs[i] < 1.0f ? 2.0f * std::max(accUs[i], 0.0f) : 0.0f;
        const float dt = accThem[i] < 1.0f ? 2.0f * std::max(accThem[i], 0.0f) : 0.0f;
        gradUs[i] = dy * o[i] * du;
        gradThem[i] = dy * o[h + i] * dt;
        gb[i] += gradUs[i] + gradThem[i];
    }
}

// gw[f] += grad for the active features of both perspectives. A piece's two features
// are never the same row (one is "own", the other "their" piece).
void scatter(float* __restrict gw, const Sample& s, int h, const float* __restrict gradUs,
             const float* __restrict gradThem) {
    for (int k = 0; k < s.count; ++k) {
        float* __restrict rowUs = gw + std::size_t(s.us[k]) * h;
        float* __restrict rowThem = gw + std::size_t(s.them[k]) * h;
        for (int i = 0; i < h; ++i) {
            rowUs[i] += gradUs[i];
            rowThem[i] += gradThem[i];
        }
    }
}

} // namespace

void Gradient::resize(int features, int hidden, int buckets) {
    w.assign(std::size_t(features) * hidden, 0.0f);
    b.assign(hidden, 0.0f);
    o.assign(std::size_t(buckets) * 2 * hidden, 0.0f);
    ob.assign(buckets, 0.0f);
    loss = 0;
}

void Gradient::zero() {
    std::fill(w.begin(), w.end(), 0.0f);
    std::fill(b.begin(), b.end(), 0.0f);
    std::fill(o.begin(), o.end(), 0.0f);
    std::fill(ob.begin(), ob.end(), 0.0f);
    loss = 0;
}

float sample_loss(const FloatNet& net, const Sample& s, const LossParams& p) {
    const float prediction = float(sigmoid(net.eval_cp(s) / p.k));
    const float d = prediction - target(s, p);
    return d * d;
}

BatchGradient::BatchGradient(const FloatNet& shape, int threads)
    : slices(std::max(MIN_SLICES, threads)), scratch(slices.size()) {
    const int hidden = shape.hidden;
    for (auto& g : slices) g.resize(shape.feature_rows(), hidden, shape.buckets);
    for (auto& s : scratch)
        for (auto* v : {&s.accUs, &s.accThem, &s.aUs, &s.aThem, &s.gradUs, &s.gradThem})
            v->assign(hidden, 0.0f);
}

void BatchGradient::compute_slice(const FloatNet& net, std::span<const PackedRecord> records,
                                  std::span<const std::uint32_t> indices, const LossParams& params,
                                  float invCount, Gradient* g, Scratch* s) const {
    g->zero();
    const int h = net.hidden;
    float* __restrict accUs = s->accUs.data();
    float* __restrict accThem = s->accThem.data();
    float* __restrict gradUs = s->gradUs.data();
    float* __restrict gradThem = s->gradThem.data();
    float* __restrict aUs = s->aUs.data();
    float* __restrict aThem = s->aThem.data();
    float* __restrict gb = g->b.data();
    const float outScale = SCALE / params.k;
    Sample sample;
    double loss = 0;
    for (std::size_t j = 0; j < indices.size(); ++j) {
        // The records are read in shuffled order: fetch a few positions ahead.
        if (j + 8 < indices.size()) __builtin_prefetch(records[indices[j + 8]].data());
        if (!decode(records[indices[j]], &sample, net.layout, net.factoriser)) continue;
        if (mirrored(indices[j], params.mirrorSalt)) mirror_files(&sample);
        accumulate(net.w.data(), net.b.data(), sample.us.data(), sample.count, h, accUs);
        accumulate(net.w.data(), net.b.data(), sample.them.data(), sample.count, h, accThem);
        const int bucket = flotilla::nnue::output_bucket(sample.pieces, net.buckets);
        const float* __restrict o = &net.o[std::size_t(bucket) * 2 * h];
        const float y = activate(accUs, accThem, o, h, aUs, aThem) + net.ob[bucket];

        const float p = float(sigmoid(double(y) * outScale));
        const float d = p - target(sample, params);
        loss += double(d) * d;
        // dLoss/dy of the batch mean.
        const float dy = 2.0f * d * p * (1.0f - p) * outScale * invCount;

        backward(dy, accUs, accThem, aUs, aThem, o, h, &g->o[std::size_t(bucket) * 2 * h], gb,
                 gradUs, gradThem);
        g->ob[bucket] += dy;
        scatter(g->w.data(), sample, h, gradUs, gradThem);
    }
    g->loss = loss;
}

void BatchGradient::reduce() {
    auto sum = [&](std::vector<float> Gradient::*member) {
        const std::size_t size = (slices[0].*member).size();
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, size, 4096), [&](const auto& r) {
            float* __restrict out = (slices[0].*member).data();
            for (std::size_t k = 1; k < slices.size(); ++k) {
                const float* __restrict in = (slices[k].*member).data();
                for (std::size_t i = r.begin(); i != r.end(); ++i) out[i] += in[i];
            }
        });
    };
    sum(&Gradient::w);
    sum(&Gradient::b);
    sum(&Gradient::o);
    sum(&Gradient::ob);
    for (std::size_t k = 1; k < slices.size(); ++k) slices[0].loss += slices[k].loss;
}

double BatchGradient::compute(const FloatNet& net, std::span<const PackedRecord> records,
                              std::span<const std::uint32_t> indices, const LossParams& params) {
    const std::size_t n = indices.size(), count = slices.size();
    const float invCount = n ? 1.0f / float(n) : 0.0f;
    tbb::parallel_for(std::size_t(0), count, [&](std::size_t k) {
        const std::size_t begin = n * k / count, end = n * (k + 1) / count;
        compute_slice(net, records, indices.subspan(begin, end - begin), params, invCount,
                      &slices[k], &scratch[k]);
    });
    reduce();
    return n ? slices[0].loss / double(n) : 0.0;
}

double mean_loss(const FloatNet& net, std::span<const PackedRecord> records,
                 std::span<const std::uint32_t> indices, const LossParams& params) {
    constexpr std::size_t CHUNK = 1024;
    const std::size_t chunks = (indices.size() + CHUNK - 1) / CHUNK;
    std::vector<double> sums(chunks, 0.0);
    std::vector<std::size_t> counts(chunks, 0);
    tbb::parallel_for(std::size_t(0), chunks, [&](std::size_t c) {
        Sample sample;
        const std::size_t end = std::min(indices.size(), (c + 1) * CHUNK);
        for (std::size_t i = c * CHUNK; i < end; ++i)
            if (decode(records[indices[i]], &sample, net.layout, net.factoriser)) {
                sums[c] += sample_loss(net, sample, params);
                ++counts[c];
            }
    });
    const double total = std::accumulate(sums.begin(), sums.end(), 0.0);
    const std::size_t n = std::accumulate(counts.begin(), counts.end(), std::size_t(0));
    return n ? total / double(n) : 0.0;
}

} // namespace flotilla::tools::nnue
