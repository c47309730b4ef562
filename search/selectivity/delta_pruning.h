// Delta pruning in quiescence search (seed 001 "Delta Pruning"): a capture that
// cannot lift the stand-pat score to alpha even with a safety margin is skipped.
#pragma once

#include "core/position.h"
#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct DeltaPruningParams {
    bool enabled = true;
    int margin = 206; // SPSA with n6 (docs/search.md); 200 before
};

inline constexpr Tunable<DeltaPruningParams> DELTA_PRUNING_TUNABLES[] = {
    {"DeltaPruningMargin", &DeltaPruningParams::margin, 0, 2000, NetworkScale::Margin},
};
inline constexpr Counter DELTA_PRUNING_COUNTERS[] = {
    {"DeltaPruning", &Stats::deltaPruned},
};
inline constexpr Technique<DeltaPruningParams> DELTA_PRUNING = {
    .option = "DeltaPruning",
    .unit = "selectivity/delta_pruning.h",
    .source = "seed 001 *Delta Pruning*",
    .action = "quiescence: skip a non-checking capture when `standPat + gain + "
              "{DeltaPruningMargin} ≤ alpha`",
    .tunables = DELTA_PRUNING_TUNABLES,
    .counters = DELTA_PRUNING_COUNTERS,
};

// The material a capture or promotion wins at most: the captured piece plus what the
// promotion adds to a pawn.
inline Value delta_gain(const Position& pos, Move m) {
    const Value captured =
        m.type() == EN_PASSANT ? PIECE_VALUE[PAWN] : PIECE_VALUE[type_of(pos.piece_on(m.to()))];
    const Value promoted =
        m.type() == PROMOTION ? PIECE_VALUE[m.promotion_type()] - PIECE_VALUE[PAWN] : 0;
    return captured + promoted;
}

// `gain` is the material the move wins at most (delta_gain).
constexpr bool delta_prunes(const DeltaPruningParams& p, Value standPat, Value gain, Value alpha,
                            bool givesCheck) {
    return p.enabled && !givesCheck && standPat + gain + p.margin <= alpha;
}

} // namespace flotilla::search
