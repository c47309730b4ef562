// Fail-high reductions (seed 001 "Fail-High Reductions", Feldmann 1997): at a
// null-window node whose static eval minus the opponent's threat still reaches
// beta, the node will probably fail high; search it one ply shallower.
#pragma once

#include "core/attacks.h"
#include "core/position.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

// Off by default: it lost 89 +/- 41 Elo at 20k nodes per move (docs/search.md). Null
// move already takes the nodes whose eval is far above beta; what is left for this
// reduction are nodes where null move just failed, i.e. where there is a threat.
struct FailHighReductionParams {
    bool enabled = false;
    Depth minDepth = 4;
};

inline constexpr Counter FAIL_HIGH_REDUCTIONS_COUNTERS[] = {
    {"FailHighReductions", &Stats::failHighReductions},
};
inline constexpr Constant<FailHighReductionParams> FAIL_HIGH_REDUCTIONS_CONSTANTS[] = {
    {"minDepth", &FailHighReductionParams::minDepth},
};
inline constexpr Technique<FailHighReductionParams> FAIL_HIGH_REDUCTIONS = {
    .option = "FailHighReductions",
    .unit = "selectivity/fail_high_reductions.h",
    .source = "seed 001 *Fail-High Reductions* (Feldmann)",
    .action = "non-PV, depth ≥ {minDepth}: one ply less when `eval − threat ≥ beta`; the threat is "
              "the most "
              "valuable piece of the side to move attacked by an enemy pawn",
    .constants = FAIL_HIGH_REDUCTIONS_CONSTANTS,
    .counters = FAIL_HIGH_REDUCTIONS_COUNTERS,
};

// A cheap threat estimate: the most valuable piece of the side to move that an
// enemy pawn attacks (Feldmann uses the evaluation's threat term).
inline Value pawn_threat(const Position& pos) {
    const Color us = pos.side_to_move();
    const Bitboard theirPawns = pos.pieces(~us, PAWN);
    Bitboard ours = pos.pieces(us) & ~pos.pieces(PAWN, KING);
    Value threat = 0;
    while (ours) {
        const Square s = pop_lsb(ours);
        if (pawn_attacks(us, s) & theirPawns)
            threat = std::max(threat, PIECE_VALUE[type_of(pos.piece_on(s))]);
    }
    return threat;
}

constexpr bool fail_high_reduction_applies(const FailHighReductionParams& p, Depth depth,
                                           bool pvNode) {
    return p.enabled && !pvNode && depth >= p.minDepth;
}

constexpr Depth fail_high_reduction(const FailHighReductionParams& p, Depth depth, bool pvNode,
                                    Value staticEval, Value threat, Value beta) {
    return fail_high_reduction_applies(p, depth, pvNode) && staticEval - threat >= beta ? 1 : 0;
}

// At the node of `pos`: its threat is looked for only where the reduction applies, since
// pawn_threat walks the pieces.
inline Depth fail_high_reduction_at(const FailHighReductionParams& p, const Position& pos,
                                    Depth depth, bool pvNode, Value staticEval, Value beta) {
    if (!fail_high_reduction_applies(p, depth, pvNode)) return 0;
    return fail_high_reduction(p, depth, pvNode, staticEval, pawn_threat(pos), beta);
}

} // namespace flotilla::search
