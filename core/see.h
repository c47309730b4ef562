// Static exchange evaluation: the material result of the capture sequence a
// move starts on its destination square, both sides always recapturing with
// their least valuable piece and free to stop when that is better.
#pragma once

#include "core/position.h"
#include "core/types.h"

namespace flotilla {

// Gain in centipawns (PIECE_VALUE) for the side to move. A piece pinned to its
// king does not recapture while the pinner stays on the board; a pawn recapturing
// on the last rank promotes to a queen. Castling is 0.
Value see_value(const Position& pos, Move m);

// True when see_value(pos, m) >= threshold (the form move ordering and pruning ask).
bool see_ge(const Position& pos, Move m, Value threshold);

} // namespace flotilla
