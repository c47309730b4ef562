// Null move pruning (seed 001 "Null Move Pruning"; seed 003 on the zugzwang
// restrictions) with a reduction that grows with depth and with the margin of the
// static eval over beta, as Stockfish's does. Not Heinz's adaptive null move (1999,
// ICCA J. 22(3); seed 001 "Depth Reduction R"), whose R is 3 above a depth threshold
// and 2 below it.
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

struct NullMoveParams {
    bool enabled = true;
    Depth minDepth = 3;
    int baseReduction = 3;
    int depthDivisor = 4;     // one more ply of reduction per this many plies of depth
    int evalDivisor = 200;    // one more ply per this many centipawns above beta
    int maxEvalReduction = 3; // cap on the eval-based part
};

inline constexpr Counter NULL_MOVE_COUNTERS[] = {
    {"NullMoveTried", &Stats::nullMoveTried},
    {"NullMoveCutoffs", &Stats::nullMoveCutoffs},
};
inline constexpr Constant<NullMoveParams> NULL_MOVE_CONSTANTS[] = {
    {"minDepth", &NullMoveParams::minDepth},
    {"baseReduction", &NullMoveParams::baseReduction},
    {"depthDivisor", &NullMoveParams::depthDivisor},
    {"evalDivisor", &NullMoveParams::evalDivisor, 1, NetworkScale::Divisor},
    {"maxEvalReduction", &NullMoveParams::maxEvalReduction},
};
inline constexpr Technique<NullMoveParams> NULL_MOVE = {
    .option = "NullMovePruning",
    .unit = "selectivity/null_move.h",
    .source = "seed 001 *Null Move Pruning*; seed 003 (zugzwang); R grows with depth and with eval "
              "− beta as in Stockfish, not Heinz's adaptive R (3 or 2 by depth)",
    .action = "at non-PV nodes with eval ≥ beta and depth ≥ {minDepth}: pass, search `depth − R` "
              "with `R = "
              "{baseReduction} + depth/{depthDivisor} + min((eval − beta)/{evalDivisor}, "
              "{maxEvalReduction})`; cut if it still fails high (a mate found "
              "by passing returns beta). Never in check, never without non-pawn material for the "
              "side to move (zugzwang), never right after a null move, never with mate-range beta.",
    .constants = NULL_MOVE_CONSTANTS,
    .counters = NULL_MOVE_COUNTERS,
};

struct NullMoveContext {
    Depth depth;
    Value staticEval;
    Value beta;
    bool inCheck;
    bool pvNode;
    bool afterNullMove;
    bool hasNonPawnMaterial; // side to move has more than king and pawns
    bool verifying = false;  // inside a null-move verification search (verified_null_move.h)
};

// Passing is only a safe lower bound when the side to move is not in check and not
// in a king-and-pawns ending (zugzwang), and never twice in a row; a verification
// search runs with null moves off, or it would verify nothing.
constexpr bool null_move_allowed(const NullMoveParams& p, const NullMoveContext& c) {
    return p.enabled && !c.verifying && !c.inCheck && !c.pvNode && !c.afterNullMove &&
           c.hasNonPawnMaterial && c.depth >= p.minDepth && c.staticEval >= c.beta &&
           !is_decisive(c.beta);
}

// Adaptive R: deeper searches and larger margins over beta reduce more.
constexpr Depth null_move_reduction(const NullMoveParams& p, Depth depth, Value staticEval,
                                    Value beta) {
    return p.baseReduction + depth / p.depthDivisor +
           std::min((staticEval - beta) / p.evalDivisor, p.maxEvalReduction);
}

} // namespace flotilla::search
