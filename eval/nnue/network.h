// The network of docs/nnue-format.md (version 1): 768 x K -> H per perspective (K king
// buckets of feature set 2, one for set 1), SCReLU,
// 2H -> 1 per output bucket, quantised int16 (int32 output bias), and its file: the one
// reader and writer of the format, used by the engine and by the trainer's export. A
// value type, so that NumaReplicated can copy it onto each NUMA node; loading validates
// a whole file and returns nothing (with the reason) when any check fails, leaving the
// caller's network as it was.
#pragma once

#include "eval/nnue/aligned.h"
#include "eval/nnue/features.h"
#include "eval/nnue/format.h"
#include "eval/nnue/input_layout.h"
#include "eval/nnue/output_bucket.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace flotilla::nnue {

class Network {
  public:
    // All weights zero. hidden: a multiple of 16 in [8, 4096]; buckets in [1, 16].
    Network(int hidden, int buckets, std::string description = {}, InputLayout layout = {});

    static std::optional<Network> from_bytes(std::span<const std::uint8_t> bytes,
                                             std::string* error);
    // Refuses what is not a regular file or is larger than MAX_FILE_BYTES.
    static std::optional<Network> from_file(const std::string& path, std::string* error);

    std::vector<std::uint8_t> to_bytes() const;
    bool save(const std::string& path, std::string* error) const;
    // The CRC-32 that the file's last four bytes hold: what docs/nnue.md names a
    // network by (the CRC-32 of a whole file is always CRC-32's residue).
    std::uint32_t checksum() const;

    int hidden() const { return hiddenSize; }
    int buckets() const { return bucketCount; }
    const InputLayout& layout() const { return inputs; }
    const std::string& description() const { return text; }

    // Row of H feature weights for feature f, the feature bias, and bucket b's 2H output
    // weights (first H for the side to move, then H for the other) and its bias.
    const std::int16_t* feature_row(int f) const { return W.data() + std::size_t(f) * hiddenSize; }
    const std::int16_t* feature_bias() const { return bias.data(); }
    const std::int16_t* output_row(int b) const {
        return O.data() + std::size_t(b) * 2 * hiddenSize;
    }
    std::int32_t output_bias(int b) const { return obias[std::size_t(b)]; }
    // The output bucket of a position with `pieces` pieces on the board.
    int bucket_for(int pieces) const { return output_bucket(pieces, bucketCount); }

    // Writable views, for the trainer's export and for tests.
    std::int16_t* feature_row(int f) { return W.data() + std::size_t(f) * hiddenSize; }
    std::int16_t* feature_bias() { return bias.data(); }
    std::int16_t* output_row(int b) { return O.data() + std::size_t(b) * 2 * hiddenSize; }
    void set_output_bias(int b, std::int32_t v) { obias[std::size_t(b)] = v; }

    // Same shape, description, layout and weights.
    bool operator==(const Network&) const = default;

  private:
    int hiddenSize;
    int bucketCount;
    std::string text;
    InputLayout inputs;
    AlignedVector<std::int16_t> W;     // 768 K x H, feature-major
    AlignedVector<std::int16_t> bias;  // H
    AlignedVector<std::int16_t> O;     // B x 2H, bucket-major
    AlignedVector<std::int32_t> obias; // B
};

} // namespace flotilla::nnue
