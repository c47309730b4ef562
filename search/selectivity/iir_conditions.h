// Internal iterative reductions by node type: a PV node or a deep expected cut node
// without a TT move is reduced two plies instead of one, as Stockfish 15/16 did
// (`if (PvNode && !ttMove) depth -= 2`, `if (cutNode && depth >= 8 && !ttMove) depth -= 2`;
// the PV node's reduction stands in for an internal iterative deepening search there).
// Written for Flotilla; other nodes keep InternalIterativeReductions' one ply.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct IirConditionsParams {
    bool enabled = false;      // on when its SPRT accepts it (docs/results/pending/README.md)
    Depth cutNodeMinDepth = 8; // an expected cut node's second ply needs this depth
};

inline constexpr Tunable<IirConditionsParams> IIR_CONDITIONS_TUNABLES[] = {
    {"IirCutNodeMinDepth", &IirConditionsParams::cutNodeMinDepth, 2, 32},
};
inline constexpr Counter IIR_CONDITIONS_COUNTERS[] = {
    {"IirConditionsExtraPlies", &Stats::iirConditionsExtraPlies},
};
inline constexpr Technique<IirConditionsParams> IIR_CONDITIONS = {
    .option = "IirConditions",
    .unit = "selectivity/iir_conditions.h",
    .source = "Stockfish 15/16 (internal iterative reductions at PV and cut nodes); not in the "
              "seeds",
    .action = "with `InternalIterativeReductions`, where it takes its ply (no TT move, its "
              "depth): one ply more at a PV node, and at an expected cut node of depth ≥ "
              "{IirCutNodeMinDepth} (the counter: those extra plies)",
    .tunables = IIR_CONDITIONS_TUNABLES,
    .counters = IIR_CONDITIONS_COUNTERS,
};

// The plies added to InternalIterativeReductions' one (given as `base`, 0 or 1).
constexpr Depth iir_extra_ply(const IirConditionsParams& p, Depth base, Depth depth, bool pvNode,
                              bool cutNode) {
    if (!p.enabled || base == 0) return 0;
    return pvNode || (cutNode && depth >= p.cutNodeMinDepth) ? 1 : 0;
}

} // namespace flotilla::search
