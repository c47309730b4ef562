// Verified null-move pruning (seed 003, David & Netanyahu 2002, "Verified
// Null-Move Pruning", ICGA J. 25(3)): at high depth a null-move fail-high is only
// trusted after a reduced search of the real moves, with null moves off in that
// subtree, also fails high. Defends against zugzwang where passing is not safe.
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
