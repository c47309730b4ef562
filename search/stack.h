// One entry per ply of the current search path, with sentinels before the root
// so that (ss - 1) to (ss - 6) are always valid.
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
    // Double extensions on the path to this node, and (in its move loop) the one to the
    // child being searched (selectivity/double_extension.h).
    int doubleExtensions = 0;
    // This node's TT-PV flag (Node::ttPv), which its excluded-move search keeps.
    bool ttPv = false;
    // The move being searched from this node was the first after the TT move (the first,
    // without one) or the first killer (refuted_early_malus.h).
    bool earlyMove = false;
    // Beta cutoffs of this ply's move loops since the grandparent started
    // (selectivity/lmr_cutoff_count.h).
    int cutoffCount = 0;
    // The late move reduction of the child being searched, read (and cleared) by that
    // child (selectivity/hindsight_depth.h).
    Depth reduction = 0;
};

// Entries before the root: (ss - 6) of the root (continuation history 6 plies back,
// search/continuation_history4.h) is still inside the array.
constexpr int STACK_OFFSET = 6;
constexpr int STACK_SIZE = MAX_PLY + STACK_OFFSET + 4;

} // namespace flotilla::search
