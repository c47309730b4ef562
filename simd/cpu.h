// CPU features the build was compiled for, and a start-up check that the running CPU has them.
#pragma once

namespace flotilla::simd {

enum CpuFeature : unsigned {
    FEATURE_POPCNT = 1u << 0,
    FEATURE_SSE42 = 1u << 1,
    FEATURE_AVX2 = 1u << 2,
    FEATURE_BMI2 = 1u << 3,
    FEATURE_FMA = 1u << 4,
    FEATURE_AVX512F = 1u << 5,
    FEATURE_AVX512BW = 1u << 6,
};

// Features this binary's code was compiled to use (from the compiler's macros).
unsigned compiled_features();
// Features the running CPU reports through cpuid.
unsigned cpu_features();
// Human-readable name of the build's instruction set, e.g. "x86-64-v3 (AVX2, BMI2 PEXT)".
const char* build_description();

} // namespace flotilla::simd
