// Null-move verification search: at high depth a null-move fail-high is only trusted
// after a separate reduced search of the real moves, with null moves off in that
// subtree, also fails high (the form Stockfish uses at high depth; seed 001
// "Null Move Pruning", "Zugzwang Verification"). It is not David & Netanyahu's verified
// null-move pruning (2002, ICGA J. 25(3)), which on a fail-high goes on searching the
// node itself one ply shallower and passes a verify flag down.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct VerifiedNullMoveParams {
    bool enabled = true;
    Depth minDepth = 8; // below it a null-move fail-high cuts unverified
};

constexpr bool null_move_needs_verification(const VerifiedNullMoveParams& p, Depth depth) {
    return p.enabled && depth >= p.minDepth;
}

} // namespace flotilla::search
