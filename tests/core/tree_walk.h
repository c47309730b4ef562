// Test helper: depth-first walk over the legal move tree of a position.
#pragma once

#include "core/movegen.h"
#include "core/position.h"

namespace flotilla::test {

// Calls visit(pos) at every node down to `depth` plies below the root (the root
// included), with the position made and unmade through the legal moves.
template <typename Visit> void walk_tree(Position& pos, int depth, const Visit& visit) {
    visit(pos);
    if (depth <= 0) return;
    const MoveList moves(pos);
    for (Move m : moves) {
        pos.make_move(m);
        walk_tree(pos, depth - 1, visit);
        pos.unmake_move(m);
    }
}

} // namespace flotilla::test
