// The order in which game files of version 2 rank a position's legal moves: a fixed,
// cheap guess at the likely move first, so that the rank of the move played is small
// and compresses to about half a byte (docs/data-format.md gives the rule exactly).
// The rule is part of the file format: changing it makes every existing file of
// version 2 decode to other moves, so it uses only the rules of chess, never the
// engine's move ordering or evaluation.
#pragma once

#include "core/position.h"

namespace flotilla::tools {

// `previousTo` is the destination of the move that led to `pos` in the game (SQ_NONE at
// the game's start): a recapture there ranks first among captures.

// The rank (0 = first) of `move` among the legal moves of `pos`; -1 when it is not legal.
int move_rank(const Position& pos, Square previousTo, Move move);

// The legal move of `pos` at `rank`; Move::none() when there are not that many.
Move move_at_rank(const Position& pos, Square previousTo, int rank);

} // namespace flotilla::tools
