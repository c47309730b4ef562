// One entry per ply of the current search path, with sentinels before the root
// so that (ss - 1) and (ss - 2) are always valid.
#pragma once

#include "core/types.h"
#include "search/history.h"

namespace flotilla::search {

struct StackEntry {
    int ply = 0;
    Move move = Move::none(); // the move made from this node (Move::null() for a null move)
    Piece movedPiece = NO_PIECE;
    Value staticEval = VALUE_NONE;
    Move killers[2] = {Move::none(), Move::none()};
    PieceToHistory* continuation = nullptr; // continuation history of `move`
    // Singular search: this node is searched again without this move (never stored in
    // or cut by the TT, since the result is not the position's value).
    Move excludedMove = Move::none();
    // The opponent's refutation of this node's null move (Botvinnik-Markoff threat).
    Move threatMove = Move::none();
};

// Entries before the root: (ss - 2) of the root is still inside the array.
constexpr int STACK_OFFSET = 4;
constexpr int STACK_SIZE = MAX_PLY + STACK_OFFSET + 4;

} // namespace flotilla::search
