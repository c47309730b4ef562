// Export of the float network into the engine's network (eval/nnue/network.h), which
// owns the file format: quantisation as docs/nnue-format.md gives it, the save, and the
// quantisation error measured with the engine's reference evaluation.
#pragma once

#include "eval/nnue/network.h"
#include "tools/nnue_float_net.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace flotilla::tools::nnue {

// W = round(w * QA) (a factoriser's shared block added into each king bucket's first),
// bias = round(b * QA), O = round(o * QB) clamped to [-127, 127],
// obias = round(ob * QA * QB); the description is cut to the format's 4096 bytes.
// Throws std::invalid_argument for a shape the format cannot hold (nnue::Network).
flotilla::nnue::Network quantise(const FloatNet& net, const std::string& description);

// The trainer's save path: quantise(net, description), saved to `path` by the engine's
// writer; the quantised network, or nothing with the reason.
std::optional<flotilla::nnue::Network> export_network(const FloatNet& net,
                                                      const std::string& description,
                                                      const std::string& path, std::string* error);

// The engine's reference evaluation of a decoded position (`layout`'s features, no
// factoriser) for the quantised network `q`.
int reference_eval(const flotilla::nnue::Network& q, const Sample& s);

struct QuantisationError {
    double meanCp = 0, maxCp = 0;
    std::size_t positions = 0;
};

// |float eval_cp - quantised eval_cp| over records[indices[i]].
QuantisationError quantisation_error(const FloatNet& net, const flotilla::nnue::Network& q,
                                     std::span<const PackedRecord> records,
                                     std::span<const std::uint32_t> indices);

} // namespace flotilla::tools::nnue
