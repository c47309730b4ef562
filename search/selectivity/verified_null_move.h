// Null-move verification search: at high depth a null-move fail-high is only trusted
// after a separate reduced search of the real moves, with null moves off in that
// subtree, also fails high (the form Stockfish uses at high depth; seed 001
// "Null Move Pruning", "Zugzwang Verification"). It is not David & Netanyahu's verified
// null-move pruning (2002, ICGA J. 25(3)), which on a fail-high goes on searching the
// node itself one ply shallower and passes a verify flag down.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct VerifiedNullMoveParams {
    bool enabled = true;
    Depth minDepth = 8; // below it a null-move fail-high cuts unverified
};

inline constexpr Counter VERIFIED_NULL_MOVE_COUNTERS[] = {
    {"NullMoveVerifications", &Stats::nullMoveVerifications},
    {"NullMoveVerificationFailures", &Stats::nullMoveVerificationFailures},
};
inline constexpr Constant<VerifiedNullMoveParams> VERIFIED_NULL_MOVE_CONSTANTS[] = {
    {"minDepth", &VerifiedNullMoveParams::minDepth},
};
inline constexpr Technique<VerifiedNullMoveParams> VERIFIED_NULL_MOVE = {
    .option = "VerifiedNullMove",
    .unit = "selectivity/verified_null_move.h",
    .source = "seed 001 *Null Move Pruning* (zugzwang verification); the separate verification "
              "search of Stockfish, not David & Netanyahu's 2002 verified null-move pruning (which "
              "searches on one ply shallower with a verify flag)",
    .action = "at depth ≥ {minDepth} a null-move fail-high is trusted only when a reduced search "
              "(`depth − "
              "R`) of the real moves, with null moves off in that subtree, also fails high; "
              "otherwise the node is searched normally (the zugzwang defence)",
    .constants = VERIFIED_NULL_MOVE_CONSTANTS,
    .counters = VERIFIED_NULL_MOVE_COUNTERS,
};

constexpr bool null_move_needs_verification(const VerifiedNullMoveParams& p, Depth depth) {
    return p.enabled && depth >= p.minDepth;
}

} // namespace flotilla::search
