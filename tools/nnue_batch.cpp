// The training kernel: sparse forward and backward over the ~32 active features
// per perspective, with loops over the hidden layer written to vectorise.
#include "tools/nnue_batch.h"

#include "eval/nnue/output_bucket.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>
#include <type_traits>

namespace flotilla::tools::nnue {

namespace {

using V8 = float __attribute__((vector_size(32)));
using V8u = float __attribute__((vector_size(32), aligned(4), may_alias));
using U32x8 = std::uint32_t __attribute__((vector_size(32)));
using U32x8u = std::uint32_t __attribute__((vector_size(32), aligned(2), may_alias));

// bfloat16 rows are stored in blocks of 16 values, value k of a block (k < 8) in the low
// half of the block's 32-bit word k and value 8 + k in its high half: one 32-byte load
// then widens into two vectors in order by a shift and a mask (no shuffles, which would
// all queue on one port).
inline U32x8 bits(V8 v) {
    U32x8 u;
    std::memcpy(&u, &v, sizeof u);
    return u;
}
inline V8 floats(U32x8 u) {
    V8 v;
    std::memcpy(&v, &u, sizeof v);
    return v;
}
// Rounded to nearest even; the trainer's values are never NaN.
inline U32x8 round_bf16(U32x8 u) { return u + 0x7FFFu + ((u >> 16) & 1u); }

template <int V> void add_rows(V8 (&a)[V], const float* r) {
#pragma GCC unroll 8
    for (int v = 0; v < V; ++v) a[v] += *reinterpret_cast<const V8u*>(r + 8 * v);
}
template <int V> void add_rows(V8 (&a)[V], const std::uint16_t* r) {
    static_assert(V % 2 == 0, "bfloat16 rows come in blocks of 16");
#pragma GCC unroll 4
    for (int v = 0; v < V; v += 2) {
        const U32x8 u = *reinterpret_cast<const U32x8u*>(r + 8 * v);
        a[v] += floats(u << 16);
        a[v + 1] += floats(u & 0xFFFF0000u);
    }
}

// out[c, c + 8V) = init[c, c + 8V) + the sum of those floats of rows[0, count) of the
// row-major table `base` (rows of h), summed in registers so that out is written once.
template <int V, class T>
void sum_rows_block(const T* __restrict base, std::size_t h, const std::uint16_t* rows, int count,
                    const float* init, float* out) {
    V8 a[V];
#pragma GCC unroll 8
    for (int v = 0; v < V; ++v) a[v] = *reinterpret_cast<const V8u*>(init + 8 * v);
    for (int k = 0; k < count; ++k) add_rows(a, base + std::size_t(rows[k]) * h);
#pragma GCC unroll 8
    for (int v = 0; v < V; ++v) *reinterpret_cast<V8u*>(out + 8 * v) = a[v];
}

// The same over the whole row: 64 floats a block, then 8 (float rows; the tests' small
// networks have H = 8) or 16 (bfloat16 rows, H a multiple of 16).
template <class T>
void sum_rows(const T* base, int h, const std::uint16_t* rows, int count, const float* init,
              float* out) {
    constexpr int TAIL = std::is_same_v<T, float> ? 1 : 2;
    int c = 0;
    for (; c + 64 <= h; c += 64)
        sum_rows_block<8>(base + c, std::size_t(h), rows, count, init + c, out + c);
    for (; c < h; c += 8 * TAIL)
        sum_rows_block<TAIL>(base + c, std::size_t(h), rows, count, init + c, out + c);
}

// Entries of the incremental mode carry a sign in their top bit (the row is subtracted);
// feature rows and chunk rows both stay below it.
constexpr std::uint16_t NEGATIVE = 0x8000;
constexpr std::uint16_t NO_START = 0xFFFF;

// As sum_rows_block, each row added or subtracted by its entry's sign (a row times +1
// added by a fused multiply-add rounds exactly as the plain add).
template <int V>
void sum_signed_rows_block(const float* __restrict base, std::size_t h, const std::uint16_t* rows,
                           int count, const float* init, float* out) {
    V8 a[V];
#pragma GCC unroll 8
    for (int v = 0; v < V; ++v) a[v] = *reinterpret_cast<const V8u*>(init + 8 * v);
    for (int k = 0; k < count; ++k) {
        const float* r = base + std::size_t(rows[k] & ~NEGATIVE) * h;
        const V8 sign = V8{} + ((rows[k] & NEGATIVE) ? -1.0f : 1.0f);
#pragma GCC unroll 8
        for (int v = 0; v < V; ++v) a[v] += sign * *reinterpret_cast<const V8u*>(r + 8 * v);
    }
#pragma GCC unroll 8
    for (int v = 0; v < V; ++v) *reinterpret_cast<V8u*>(out + 8 * v) = a[v];
}

void sum_signed_rows(const float* base, int h, const std::uint16_t* rows, int count,
                     const float* init, float* out) {
    int c = 0;
    for (; c + 64 <= h; c += 64)
        sum_signed_rows_block<8>(base + c, std::size_t(h), rows, count, init + c, out + c);
    for (; c < h; c += 8)
        sum_signed_rows_block<1>(base + c, std::size_t(h), rows, count, init + c, out + c);
}

// A chunk's entries summed into a gradient row: float entries may be signed.
void sum_entries(const float* g, int h, const std::uint16_t* rows, int count, const float* init,
                 float* out) {
    sum_signed_rows(g, h, rows, count, init, out);
}
void sum_entries(const std::uint16_t* g, int h, const std::uint16_t* rows, int count,
                 const float* init, float* out) {
    sum_rows(g, h, rows, count, init, out);
}

void store_row(const float* in, int h, float* out) { std::copy(in, in + h, out); }
// In the block order above.
void store_row(const float* in, int h, std::uint16_t* out) {
    for (int c = 0; c < h; c += 16) {
        const U32x8 lo = round_bf16(bits(*reinterpret_cast<const V8u*>(in + c))) >> 16;
        const U32x8 hi = round_bf16(bits(*reinterpret_cast<const V8u*>(in + c + 8))) & 0xFFFF0000u;
        *reinterpret_cast<U32x8u*>(out + c) = lo | hi;
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

BatchGradient::BatchGradient(const FloatNet& shape, int threads, RowPrecision rows, int chunkSize,
                             bool incrementalMode)
    : precision(rows == RowPrecision::BF16 && shape.hidden % 16 == 0 && !incrementalMode
                    ? rows
                    : RowPrecision::FP32),
      incremental(incrementalMode), slices(std::max(MIN_SLICES, threads)), scratch(slices.size()) {
    const int hidden = shape.hidden;
    const std::size_t bytes = precision == RowPrecision::BF16 ? 2 : 4;
    // A chunk's gradient rows (about 512 KiB) stay in L2 while they are summed.
    chunk =
        chunkSize > 0
            ? std::min(chunkSize, 1024)
            : int(std::clamp<std::size_t>((std::size_t(1) << 19) / (2 * bytes * hidden), 16, 1024));
    const std::size_t rowsPerChunk = 2 * std::size_t(chunk);
    for (auto& g : slices) g.resize(shape.feature_rows(), hidden, shape.buckets);
    for (auto& s : scratch) {
        for (auto* v : {&s.accUs, &s.accThem, &s.aUs, &s.aThem, &s.gradUs, &s.gradThem})
            v->assign(hidden, 0.0f);
        if (precision == RowPrecision::BF16)
            s.g16.assign(rowsPerChunk * hidden, 0);
        else
            s.g32.assign(rowsPerChunk * hidden, 0.0f);
        s.count.assign(shape.feature_rows(), 0);
        s.offset.assign(shape.feature_rows(), 0);
        // Incremental: per position and colour at most 2 pairs per feature closed, and
        // once a chunk every active feature's run.
        const std::size_t pairs =
            incremental ? (std::size_t(chunk) + 1) * 4 * MAX_ACTIVE : rowsPerChunk * MAX_ACTIVE;
        s.pairFeature.resize(pairs);
        s.pairEntry.resize(pairs);
        s.sorted.resize(pairs);
        s.touched.reserve(shape.feature_rows());
        if (!incremental) continue;
        for (Color c : {WHITE, BLACK}) {
            s.acc[c].assign(hidden, 0.0f);
            s.prefix[c].assign(hidden, 0.0f);
            s.active[c].assign((shape.feature_rows() + 63) / 64, 0);
            s.start[c].assign(shape.feature_rows(), NO_START);
        }
        s.current.assign((shape.feature_rows() + 63) / 64, 0);
        s.changed.reserve(2 * MAX_ACTIVE);
    }
}

namespace {

// Feature f's gradient gets chunk row `entry` (signed in the incremental mode) when the
// chunk ends; the pair is counted for the counting sort.
void add_pair(BatchGradient::Scratch* s, std::size_t* pairs, std::uint16_t f, std::uint16_t entry) {
    if (s->count[f]++ == 0) s->touched.push_back(f);
    s->pairFeature[*pairs] = f;
    s->pairEntry[(*pairs)++] = entry;
}

// The gradient of a chunk's feature rows: every row's entries (accumulator gradients,
// row 2j + perspective of the chunk's j-th position) gathered by a counting sort, then
// each row's sum added to gw once, so that gw is written once a chunk, not once a
// position (the rows a position touches are read back from L2 instead).
template <class T>
void add_feature_gradients(BatchGradient::Scratch* s, std::size_t pairs, const T* g, int h,
                           float* gw) {
    std::uint32_t running = 0;
    for (std::uint16_t f : s->touched) s->offset[f] = running, running += s->count[f];
    for (std::size_t k = 0; k < pairs; ++k)
        s->sorted[s->offset[s->pairFeature[k]]++] = s->pairEntry[k];
    for (std::uint16_t f : s->touched) {
        const int n = int(s->count[f]);
        float* row = gw + std::size_t(f) * h;
        sum_entries(g, h, &s->sorted[s->offset[f] - n], n, row, row);
        s->count[f] = 0;
    }
    s->touched.clear();
}

} // namespace

void BatchGradient::position_gradient(const FloatNet& net, const Sample& sample, const float* accUs,
                                      const float* accThem, const LossParams& params,
                                      float invCount, Gradient* g, Scratch* s, double* loss) const {
    const int h = net.hidden;
    const int bucket = flotilla::nnue::output_bucket(sample.pieces, net.buckets);
    const float* __restrict o = &net.o[std::size_t(bucket) * 2 * h];
    const float y = activate(accUs, accThem, o, h, s->aUs.data(), s->aThem.data()) + net.ob[bucket];
    const float outScale = SCALE / params.k;
    const float p = float(sigmoid(double(y) * outScale));
    const float d = p - target(sample, params);
    *loss += double(d) * d;
    // dLoss/dy of the batch mean.
    const float dy = 2.0f * d * p * (1.0f - p) * outScale * invCount;
    backward(dy, accUs, accThem, s->aUs.data(), s->aThem.data(), o, h,
             &g->o[std::size_t(bucket) * 2 * h], g->b.data(), s->gradUs.data(), s->gradThem.data());
    g->ob[bucket] += dy;
}

template <class T>
void BatchGradient::compute_slice(const FloatNet& net, const T* w,
                                  std::span<const PackedRecord> records,
                                  std::span<const std::uint32_t> indices, const LossParams& params,
                                  float invCount, Gradient* g, Scratch* s) const {
    g->zero();
    s->rowsRead = 0;
    const int h = net.hidden;
    T* rowsOut;
    if constexpr (std::is_same_v<T, float>)
        rowsOut = s->g32.data();
    else
        rowsOut = s->g16.data();
    Sample sample;
    double loss = 0;
    std::size_t pairs = 0;
    for (std::size_t j = 0; j < indices.size(); ++j) {
        const std::size_t inChunk = j % std::size_t(chunk);
        // The records are read in shuffled order: fetch a few positions ahead.
        if (j + 8 < indices.size()) __builtin_prefetch(records[indices[j + 8]].data());
        if (decode(records[indices[j]], &sample, net.layout, net.factoriser)) {
            if (mirrored(indices[j], params)) mirror_files(&sample);
            sum_rows(w, h, sample.us.data(), sample.count, net.b.data(), s->accUs.data());
            sum_rows(w, h, sample.them.data(), sample.count, net.b.data(), s->accThem.data());
            position_gradient(net, sample, s->accUs.data(), s->accThem.data(), params, invCount, g,
                              s, &loss);
            const auto entry = std::uint16_t(2 * inChunk);
            store_row(s->gradUs.data(), h, rowsOut + std::size_t(entry) * h);
            store_row(s->gradThem.data(), h, rowsOut + std::size_t(entry + 1) * h);
            for (int k = 0; k < sample.count; ++k) {
                add_pair(s, &pairs, sample.us[k], entry);
                add_pair(s, &pairs, sample.them[k], std::uint16_t(entry + 1));
            }
            s->rowsRead += 4 * std::size_t(sample.count);
        }
        if (inChunk + 1 == std::size_t(chunk) || j + 1 == indices.size()) {
            add_feature_gradients(s, pairs, static_cast<const T*>(rowsOut), h, g->w.data());
            pairs = 0;
        }
    }
    g->loss = loss;
}

namespace {

// The incremental mode's bookkeeping for one slice (see BatchGradient's constructor):
// per perspective colour the accumulator, kept up to date by the features that change
// between consecutive positions, and each active feature's run, whose accumulator
// gradients are summed as the difference of two prefix rows when the run ends.
class IncrementalSlice {
  public:
    IncrementalSlice(const FloatNet& net, BatchGradient::Scratch* scratch, std::size_t* pairs)
        : net(net), s(scratch), pairs(pairs), words(scratch->current.size()) {
        for (Color c : {WHITE, BLACK}) s->valid[c] = s->prefixValid[c] = false;
    }

    // Brings colour c's accumulator to the features list[0, count).
    void update(Color c, const std::uint16_t* list, int count) {
        std::uint64_t* cur = s->current.data();
        std::fill(cur, cur + words, 0);
        for (int k = 0; k < count; ++k) cur[list[k] >> 6] |= std::uint64_t(1) << (list[k] & 63);
        std::uint64_t* act = s->active[c].data();
        int changes = 0;
        if (s->valid[c])
            for (std::size_t i = 0; i < words; ++i) changes += std::popcount(act[i] ^ cur[i]);
        if (!s->valid[c] || changes >= count) {
            close_all(c);
            sum_rows(net.w.data(), net.hidden, list, count, net.b.data(), s->acc[c].data());
            s->rowsRead += std::size_t(count);
            std::copy(cur, cur + words, act);
            for (int k = 0; k < count; ++k) s->start[c][list[k]] = NO_START;
            s->valid[c] = true;
            return;
        }
        s->changed.clear();
        for (std::size_t i = 0; i < words; ++i) {
            for (std::uint64_t removed = act[i] & ~cur[i]; removed; removed &= removed - 1) {
                const auto f = std::uint16_t(64 * i + std::size_t(std::countr_zero(removed)));
                close(c, f);
                s->changed.push_back(f | NEGATIVE);
            }
            for (std::uint64_t added = cur[i] & ~act[i]; added; added &= added - 1) {
                const auto f = std::uint16_t(64 * i + std::size_t(std::countr_zero(added)));
                s->start[c][f] = s->prefixValid[c] ? s->lastEntry[c] : NO_START;
                s->changed.push_back(f);
            }
            act[i] = cur[i];
        }
        sum_signed_rows(net.w.data(), net.hidden, s->changed.data(), int(s->changed.size()),
                        s->acc[c].data(), s->acc[c].data());
        s->rowsRead += s->changed.size();
    }

    // Adds colour c's accumulator gradient of chunk position `inChunk` to its prefix, stored
    // as that position's row in the chunk.
    void add_gradient(Color c, const float* grad, std::size_t inChunk, float* rowsOut) {
        const int h = net.hidden;
        float* __restrict p = s->prefix[c].data();
        if (s->prefixValid[c])
            for (int i = 0; i < h; ++i) p[i] += grad[i];
        else
            std::copy(grad, grad + h, p);
        const auto entry = std::uint16_t(2 * inChunk + std::size_t(c));
        store_row(p, h, rowsOut + std::size_t(entry) * h);
        s->lastEntry[c] = entry;
        s->prefixValid[c] = true;
    }

    // Ends every run of colour c at the last prefix row; the next position starts afresh.
    void close_all(Color c) {
        const std::uint64_t* act = s->active[c].data();
        for (std::size_t i = 0; i < words; ++i)
            for (std::uint64_t bits = act[i]; bits; bits &= bits - 1) {
                const auto f = std::uint16_t(64 * i + std::size_t(std::countr_zero(bits)));
                close(c, f);
                s->start[c][f] = NO_START;
            }
        s->prefixValid[c] = false;
    }

  private:
    // Feature f's run of colour c ends at the last prefix row: +that row, -its start's
    // (nothing when the run has no position in this chunk).
    void close(Color c, std::uint16_t f) {
        if (!s->prefixValid[c]) return;
        add_pair(s, pairs, f, s->lastEntry[c]);
        if (s->start[c][f] != NO_START)
            add_pair(s, pairs, f, std::uint16_t(s->start[c][f] | NEGATIVE));
        s->rowsRead += 1 + (s->start[c][f] != NO_START);
    }

    const FloatNet& net;
    BatchGradient::Scratch* s;
    std::size_t* pairs;
    std::size_t words;
};

} // namespace

void BatchGradient::compute_slice_incremental(const FloatNet& net,
                                              std::span<const PackedRecord> records,
                                              std::span<const std::uint32_t> indices,
                                              const LossParams& params, float invCount, Gradient* g,
                                              Scratch* s) const {
    g->zero();
    s->rowsRead = 0;
    float* rowsOut = s->g32.data();
    Sample sample;
    double loss = 0;
    std::size_t pairs = 0;
    IncrementalSlice slice(net, s, &pairs);
    for (std::size_t j = 0; j < indices.size(); ++j) {
        const std::size_t inChunk = j % std::size_t(chunk);
        if (j + 8 < indices.size()) __builtin_prefetch(records[indices[j + 8]].data());
        if (decode(records[indices[j]], &sample, net.layout, net.factoriser)) {
            if (mirrored(indices[j], params)) mirror_files(&sample);
            const Color us = sample.stm, them = ~sample.stm;
            slice.update(us, sample.us.data(), sample.count);
            slice.update(them, sample.them.data(), sample.count);
            position_gradient(net, sample, s->acc[us].data(), s->acc[them].data(), params, invCount,
                              g, s, &loss);
            slice.add_gradient(us, s->gradUs.data(), inChunk, rowsOut);
            slice.add_gradient(them, s->gradThem.data(), inChunk, rowsOut);
        }
        if (inChunk + 1 == std::size_t(chunk) || j + 1 == indices.size()) {
            for (Color c : {WHITE, BLACK}) slice.close_all(c);
            add_feature_gradients(s, pairs, static_cast<const float*>(rowsOut), net.hidden,
                                  g->w.data());
            pairs = 0;
        }
    }
    g->loss = loss;
}

std::size_t BatchGradient::rows_read() const {
    std::size_t total = 0;
    for (const Scratch& s : scratch) total += s.rowsRead;
    return total;
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
    if (precision == RowPrecision::BF16) {
        w16.resize(net.w.size());
        const std::size_t rows = net.w.size() / std::size_t(net.hidden);
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, rows, 64), [&](const auto& r) {
            for (std::size_t i = r.begin(); i != r.end(); ++i)
                store_row(&net.w[i * net.hidden], net.hidden, &w16[i * net.hidden]);
        });
    }
    tbb::parallel_for(std::size_t(0), count, [&](std::size_t k) {
        const std::size_t begin = n * k / count, end = n * (k + 1) / count;
        const auto part = indices.subspan(begin, end - begin);
        if (incremental)
            compute_slice_incremental(net, records, part, params, invCount, &slices[k],
                                      &scratch[k]);
        else if (precision == RowPrecision::BF16)
            compute_slice(net, w16.data(), records, part, params, invCount, &slices[k],
                          &scratch[k]);
        else
            compute_slice(net, net.w.data(), records, part, params, invCount, &slices[k],
                          &scratch[k]);
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
