// The quantised evaluation of docs/nnue-format.md ("Output") written plainly: scalar,
// from lists of active features, with nothing incremental. The trainer measures its
// quantisation error with it, and tests hold the engine's incremental, vectorised
// evaluation (evaluate.h) to it.
#pragma once

#include "eval/nnue/network.h"

#include <cstdint>
#include <span>

namespace flotilla::nnue {

// Centipawns from the side to move's point of view: `us` and `them` are the active
// features of the side to move's and the other side's perspective (indices into
// net's feature rows), `pieces` the pieces on the board (the output bucket).
// int16 accumulators, SCReLU with QA, wrapping int32 output sum, truncating divisions.
int reference_eval(const Network& net, std::span<const std::uint16_t> us,
                   std::span<const std::uint16_t> them, int pieces);

} // namespace flotilla::nnue
