// The two inner loops of the neural evaluation (eval/nnue/): the accumulator update
// (int16 rows added and subtracted) and the SCReLU output dot product. A vector path is
// chosen at build time (AVX-512BW, else AVX2); the scalar path is always compiled, so
// tests can check that both give bit-identical results. All arithmetic wraps: int16
// lanes as the vector adds do, int32 sums through unsigned arithmetic.
#pragma once

#include <cstdint>

#if defined(__AVX2__) || defined(__AVX512BW__)
#include <immintrin.h>
#endif

namespace flotilla::simd {

// Rows of int16 weights for one accumulator update: out = in - sub[0..] + add[0..].
// `out` may equal `in`. n is a multiple of 16; rows and buffers are 32-byte aligned (not
// always 64: a row of 48 or 272 lanes leaves the next one 32 bytes off a line).
struct RowUpdate {
    const std::int16_t* const* sub = nullptr;
    int subCount = 0;
    const std::int16_t* const* add = nullptr;
    int addCount = 0;
};

// Lanes the caller's sizes must be a multiple of (the widest path's tail is 16 lanes).
constexpr int NNUE_LANES = 16;
// Clipping bound of the SCReLU activation (QA of docs/nnue-format.md).
constexpr int NNUE_CLIP = 255;

inline std::int16_t wrap16(int v) { return std::int16_t(std::uint16_t(unsigned(v))); }

inline void update_rows_scalar(std::int16_t* out, const std::int16_t* in, const RowUpdate& u,
                               int n) {
    for (int i = 0; i < n; ++i) {
        int v = in[i];
        for (int k = 0; k < u.subCount; ++k) v = wrap16(v - u.sub[k][i]);
        for (int k = 0; k < u.addCount; ++k) v = wrap16(v + u.add[k][i]);
        out[i] = std::int16_t(v);
    }
}

// sum_i int16(c_i * w_i) * c_i with c_i = clamp(acc_i, 0, 255): the vector form of
// SCReLU (the product c * w fits int16 whenever |w| <= 128, the trainer's clamp),
// the "mullo then madd" trick known from Bullet-trained engines.
inline std::int32_t screlu_dot_scalar(const std::int16_t* acc, const std::int16_t* w, int n) {
    std::uint32_t sum = 0;
    for (int i = 0; i < n; ++i) {
        const int c = acc[i] < 0 ? 0 : acc[i] > NNUE_CLIP ? NNUE_CLIP : acc[i];
        const int cw = wrap16(c * w[i]);
        sum += std::uint32_t(cw * c);
    }
    return std::int32_t(sum);
}

#if defined(__AVX2__)
namespace detail {
inline __m256i update_16(const std::int16_t* in, const RowUpdate& u, int i) {
    __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + i));
    for (int k = 0; k < u.subCount; ++k)
        v = _mm256_sub_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(u.sub[k] + i)));
    for (int k = 0; k < u.addCount; ++k)
        v = _mm256_add_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(u.add[k] + i)));
    return v;
}

inline __m256i screlu_16(const std::int16_t* acc, const std::int16_t* w, int i) {
    const __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i));
    const __m256i c =
        _mm256_min_epi16(_mm256_max_epi16(a, _mm256_setzero_si256()), _mm256_set1_epi16(NNUE_CLIP));
    const __m256i cw =
        _mm256_mullo_epi16(c, _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i)));
    return _mm256_madd_epi16(cw, c);
}

inline std::int32_t hsum_256(__m256i v) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}
} // namespace detail
#endif

#if defined(__AVX512BW__)
constexpr const char* NNUE_KERNELS = "avx512bw";

inline void update_rows(std::int16_t* out, const std::int16_t* in, const RowUpdate& u, int n) {
    int i = 0;
    // Unaligned 512-bit loads and stores: rows are only sure to be 32-byte aligned, and
    // on data that happens to be 64-byte aligned they cost the same as aligned ones.
    for (; i + 32 <= n; i += 32) {
        __m512i v = _mm512_loadu_si512(in + i);
        for (int k = 0; k < u.subCount; ++k)
            v = _mm512_sub_epi16(v, _mm512_loadu_si512(u.sub[k] + i));
        for (int k = 0; k < u.addCount; ++k)
            v = _mm512_add_epi16(v, _mm512_loadu_si512(u.add[k] + i));
        _mm512_storeu_si512(out + i, v);
    }
    if (i < n) // sizes are multiples of 16: one 256-bit tail at most
        _mm256_store_si256(reinterpret_cast<__m256i*>(out + i), detail::update_16(in, u, i));
}

inline std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* w, int n) {
    __m512i sum = _mm512_setzero_si512();
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m512i c =
            _mm512_min_epi16(_mm512_max_epi16(_mm512_loadu_si512(acc + i), _mm512_setzero_si512()),
                             _mm512_set1_epi16(NNUE_CLIP));
        const __m512i cw = _mm512_mullo_epi16(c, _mm512_loadu_si512(w + i));
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(cw, c));
    }
    // Summed through memory: GCC 12 warns falsely (-Wuninitialized) on the 512-bit
    // extract and reduce intrinsics (GCC bug 105593).
    alignas(64) std::int32_t lanes[16];
    _mm512_store_si512(lanes, sum);
    std::uint32_t total = 0;
    for (std::int32_t lane : lanes) total += std::uint32_t(lane);
    if (i < n) total += std::uint32_t(detail::hsum_256(detail::screlu_16(acc, w, i)));
    return std::int32_t(total);
}
#elif defined(__AVX2__)
constexpr const char* NNUE_KERNELS = "avx2";

inline void update_rows(std::int16_t* out, const std::int16_t* in, const RowUpdate& u, int n) {
    for (int i = 0; i < n; i += 16)
        _mm256_store_si256(reinterpret_cast<__m256i*>(out + i), detail::update_16(in, u, i));
}

inline std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* w, int n) {
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < n; i += 16) sum = _mm256_add_epi32(sum, detail::screlu_16(acc, w, i));
    return detail::hsum_256(sum);
}
#else
constexpr const char* NNUE_KERNELS = "scalar";

inline void update_rows(std::int16_t* out, const std::int16_t* in, const RowUpdate& u, int n) {
    update_rows_scalar(out, in, u, n);
}

inline std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* w, int n) {
    return screlu_dot_scalar(acc, w, n);
}
#endif

} // namespace flotilla::simd
