// The constants of the network file format (docs/nnue-format.md, version 1), in one
// place for the engine's reader and writer (network.cpp) and for the trainer, which
// quantises into the engine's Network and saves through it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace flotilla::nnue {

constexpr char MAGIC[4] = {'F', 'L', 'N', 'N'};
constexpr std::uint32_t FORMAT_VERSION = 1;
// Magic, version, feature set, H, B, QA, QB, SCALE and the description's length.
constexpr std::size_t HEADER_BYTES = 36;
// The CRC-32 after the weights.
constexpr std::size_t CHECKSUM_BYTES = 4;

// Quantisation: feature weights and biases are scaled by QA, output weights by QB.
constexpr int QA = 255;
constexpr int QB = 64;
constexpr int SCALE = 400;
// What the trainer's quantisation clamps to: int16 for feature weights and biases, and
// [-127, 127] for output weights, so that the SCReLU kernels' product
// clamp(acc, 0, QA) * O fits int16 (simd/nnue_kernels.h).
constexpr int MAX_QUANTISED_WEIGHT = 32767;
constexpr int MAX_QUANTISED_OUTPUT_WEIGHT = 127;

constexpr int MIN_HIDDEN = 8;
constexpr int MAX_HIDDEN = 4096;
constexpr int MAX_BUCKETS = 16;
constexpr std::size_t MAX_DESCRIPTION = 4096;
// Files above this size are refused before reading (no valid network is near it).
constexpr std::size_t MAX_FILE_BYTES = std::size_t(64) << 20;

} // namespace flotilla::nnue
