// The network's evaluation of a position (docs/nnue-format.md, "Output").
#pragma once

#include "core/position.h"
#include "eval/nnue/accumulator.h"
#include "eval/nnue/network.h"

namespace flotilla::nnue {

// Centipawns from the side to move's point of view, before the search's clamp.
// `acc`'s top must stand for `pos`.
int evaluate_raw(const Position& pos, AccumulatorStack& acc, const Network& net);

// What the search uses: evaluate_raw clamped into the non-mate range.
Value evaluate(const Position& pos, AccumulatorStack& acc, const Network& net);

} // namespace flotilla::nnue
