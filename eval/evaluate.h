// The one evaluation interface: the search calls evaluate() and nothing else
// knows how the score is made, so a neural network can later take its place.
#pragma once

#include "core/position.h"
#include "core/types.h"

#include <string>

namespace flotilla::eval {

class PawnCache;
struct Weights;

// Static evaluation in centipawns from the side to move's point of view.
// Never inside the tablebase or mate range: |result| <= VALUE_EVAL_MAX.
// This overload (tests, tools) uses a fresh one-entry pawn cache: no state outlives it.
Value evaluate(const Position& pos);

// The same with the caller's pawn cache (one per search thread).
Value evaluate(const Position& pos, PawnCache& cache);

// The same with other weights (the tuner). A cache used with several Weights
// objects is cleared whenever the object changes.
Value evaluate(const Position& pos, PawnCache& cache, const Weights& weights);

// Per-term breakdown (White, Black, total; middlegame and endgame) with the
// phase, scale factor and final score, as text (for tests and debugging; no UCI command prints it).
std::string trace(const Position& pos);

} // namespace flotilla::eval
