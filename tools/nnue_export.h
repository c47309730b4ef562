// Export of the float network to the quantised file format of docs/nnue-format.md,
// a scalar reference of the integer evaluation that the format defines, and the
// quantisation error measured with it.
#pragma once

#include "tools/nnue_float_net.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace flotilla::tools::nnue {

inline constexpr int QA = 255, QB = 64;

struct QuantisedNet {
    int hidden = 0, buckets = 0;
    flotilla::nnue::InputLayout layout;
    std::vector<std::int16_t> w;     // layout.features() * hidden
    std::vector<std::int16_t> bias;  // hidden
    std::vector<std::int16_t> o;     // buckets * 2 * hidden
    std::vector<std::int32_t> obias; // buckets
    bool operator==(const QuantisedNet&) const = default;
};

QuantisedNet quantise(const FloatNet& net);

// The whole file: header, description (cut to 4096 bytes), weights, CRC-32.
std::vector<std::uint8_t> serialise(const QuantisedNet& q, const std::string& description);
// Parses and checks a file image (the checks of the spec); false with a reason.
bool parse_network(const std::vector<std::uint8_t>& bytes, QuantisedNet* q,
                   std::string* description, std::string* error);
bool write_network(const std::string& path, const QuantisedNet& q, const std::string& description,
                   std::string* error);

// The integer evaluation of the spec, scalar: int16 accumulators, SCReLU with QA,
// wrapping int32 output sum, truncating divisions; side to move's view, centipawns.
int reference_eval(const QuantisedNet& q, const Sample& s);

struct QuantisationError {
    double meanCp = 0, maxCp = 0;
    std::size_t positions = 0;
};

// |float eval_cp - quantised eval_cp| over records[indices[i]].
QuantisationError quantisation_error(const FloatNet& net, const QuantisedNet& q,
                                     std::span<const PackedRecord> records,
                                     std::span<const std::uint32_t> indices);

} // namespace flotilla::tools::nnue
