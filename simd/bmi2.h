// Parallel bit extract: the BMI2 instruction where the build has it, a portable loop otherwise.
#pragma once

#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace flotilla::simd {

#if defined(__BMI2__)
constexpr bool HAS_PEXT = true;
inline std::uint64_t pext(std::uint64_t value, std::uint64_t mask) {
    return _pext_u64(value, mask);
}
#else
constexpr bool HAS_PEXT = false;
#endif

// Portable reference, used by tests and by table construction on every build.
constexpr std::uint64_t pext_portable(std::uint64_t value, std::uint64_t mask) {
    std::uint64_t result = 0;
    for (std::uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
        if (value & mask & (~mask + 1)) result |= bit;
    return result;
}

} // namespace flotilla::simd
