// The start-up CPU check. This file is compiled for baseline x86-64 without LTO,
// and runs as a priority-101 constructor, before any static initialiser or main()
// that could execute AVX2/BMI2 instructions and die with SIGILL.
#include "simd/cpu.h"

#include <cstdio>
#include <cstdlib>

extern "C" const unsigned flotilla_compiled_features;

#ifndef FLOTILLA_PRESET_NAME
#define FLOTILLA_PRESET_NAME "this"
#endif

namespace flotilla::simd {

unsigned cpu_features() {
    __builtin_cpu_init();
    unsigned f = 0;
    if (__builtin_cpu_supports("popcnt")) f |= FEATURE_POPCNT;
    if (__builtin_cpu_supports("sse4.2")) f |= FEATURE_SSE42;
    if (__builtin_cpu_supports("avx2")) f |= FEATURE_AVX2;
    if (__builtin_cpu_supports("bmi2")) f |= FEATURE_BMI2;
    if (__builtin_cpu_supports("fma")) f |= FEATURE_FMA;
    if (__builtin_cpu_supports("avx512f")) f |= FEATURE_AVX512F;
    if (__builtin_cpu_supports("avx512bw")) f |= FEATURE_AVX512BW;
    return f;
}

namespace {

const char* feature_name(unsigned bit) {
    switch (bit) {
    case FEATURE_POPCNT: return "POPCNT";
    case FEATURE_SSE42: return "SSE4.2";
    case FEATURE_AVX2: return "AVX2";
    case FEATURE_BMI2: return "BMI2";
    case FEATURE_FMA: return "FMA";
    case FEATURE_AVX512F: return "AVX-512F";
    case FEATURE_AVX512BW: return "AVX-512BW";
    default: return "unknown";
    }
}

__attribute__((constructor(101))) void check_cpu_at_startup() {
    const unsigned missing = flotilla_compiled_features & ~cpu_features();
    if (!missing) return;
    std::fprintf(
        stderr, "error: this Flotilla binary (preset '%s') needs CPU features that this CPU lacks:",
        FLOTILLA_PRESET_NAME);
    for (unsigned bit = 1; bit; bit <<= 1)
        if (missing & bit) std::fprintf(stderr, " %s", feature_name(bit));
    std::fprintf(
        stderr, ". Build the 'portable' preset (x86-64-v2, magic bitboards) or the 'native' preset "
                "for this machine instead.\n");
    std::exit(2);
}

} // namespace
} // namespace flotilla::simd
