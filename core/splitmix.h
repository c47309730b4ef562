// SplitMix64 (Steele, Lea, Flood 2014): a well-mixed 64-bit generator whose whole state
// is one number, for the Zobrist keys, the weaker player's pick and the offline tools.
#pragma once

#include <cstdint>

namespace flotilla {

// Advances `state` and returns the next number.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

} // namespace flotilla
