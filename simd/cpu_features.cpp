// Compiled with the build's -march so the macros below describe what its code needs.
// Only constant data lives here: nothing in this file executes before the CPU check.
#include "simd/cpu.h"

extern "C" const unsigned flotilla_compiled_features = 0
#if defined(__POPCNT__)
                                                       | flotilla::simd::FEATURE_POPCNT
#endif
#if defined(__SSE4_2__)
                                                       | flotilla::simd::FEATURE_SSE42
#endif
#if defined(__AVX2__)
                                                       | flotilla::simd::FEATURE_AVX2
#endif
#if defined(__BMI2__)
                                                       | flotilla::simd::FEATURE_BMI2
#endif
#if defined(__FMA__)
                                                       | flotilla::simd::FEATURE_FMA
#endif
#if defined(__AVX512F__)
                                                       | flotilla::simd::FEATURE_AVX512F
#endif
#if defined(__AVX512BW__)
                                                       | flotilla::simd::FEATURE_AVX512BW
#endif
    ;

extern "C" const char flotilla_build_description[] =
#if defined(__AVX512F__)
    "AVX-512, BMI2 PEXT sliders";
#elif defined(__BMI2__) && defined(__AVX2__)
    "x86-64-v3: AVX2, BMI2 PEXT sliders";
#elif defined(__POPCNT__)
    "x86-64-v2: SSE4.2, POPCNT, magic-bitboard sliders";
#else
    "x86-64: magic-bitboard sliders";
#endif

namespace flotilla::simd {
unsigned compiled_features() { return flotilla_compiled_features; }
const char* build_description() { return flotilla_build_description; }
} // namespace flotilla::simd
