// ProbCut (Buro 1995, "ProbCut: An Effective Selective Extension of the Alpha-Beta
// Algorithm", ICCA J. 18(2); seed 001 "Pruning" overview, chessprogramming wiki
// "ProbCut"): a capture that already beats beta by a margin in a shallow search
// almost surely beats beta in the full one, so the node is cut.
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <cstdlib>

namespace flotilla::search {

struct ProbCutParams {
    bool enabled = true;
    Depth minDepth = 5;
    int margin = 198;       // probcutBeta = beta + margin
    Depth reduction = 4;    // the verifying search runs at depth - reduction
    Depth ttDepthSlack = 3; // a TT entry this close to depth that stays below probcutBeta vetoes
};

inline constexpr Tunable<ProbCutParams> PROBCUT_TUNABLES[] = {
    {"ProbCutMargin", &ProbCutParams::margin, 0, 2000, NetworkScale::Margin},
};
inline constexpr Counter PROBCUT_COUNTERS[] = {
    {"ProbCutTried", &Stats::probCutTried},
    {"ProbCutCutoffs", &Stats::probCutCutoffs},
};
inline constexpr Constant<ProbCutParams> PROBCUT_CONSTANTS[] = {
    {"minDepth", &ProbCutParams::minDepth},
    {"ttDepthSlack", &ProbCutParams::ttDepthSlack},
    {"reduction", &ProbCutParams::reduction},
};
inline constexpr Technique<ProbCutParams> PROBCUT = {
    .option = "ProbCut",
    .unit = "selectivity/probcut.h",
    .source = "Buro 1995 (*ProbCut*, ICCA J. 18(2)); seed 001 *Pruning* overview",
    .action =
        "non-PV, depth ≥ {minDepth}, \\|beta\\| outside the mate range, no TT entry of depth ≥ "
        "`depth − {ttDepthSlack}` scoring below `probcutBeta = beta + {ProbCutMargin}`: each "
        "capture (TT move first if "
        "noisy, then MVV-LVA) with `SEE ≥ probcutBeta − staticEval` gets a null-window "
        "quiescence search against probcutBeta, and when that holds a null-window search at "
        "`depth − {reduction}`; if it holds too, the node returns its score and stores a lower "
        "bound of depth `depth − {reduction} + 1` with that move",
    .constants = PROBCUT_CONSTANTS,
    .tunables = PROBCUT_TUNABLES,
    .counters = PROBCUT_COUNTERS,
};

constexpr Value probcut_beta(const ProbCutParams& p, Value beta) { return beta + p.margin; }

// Worth trying at a non-PV node with enough depth and a beta far from the mate
// range, unless a fairly deep TT entry already says the node stays below probcutBeta.
constexpr bool probcut_applies(const ProbCutParams& p, Depth depth, bool pvNode, Value beta,
                               Depth ttDepth, Value ttScore) {
    if (!p.enabled || pvNode || depth < p.minDepth || is_decisive(beta)) return false;
    const bool ttRefutes = ttScore != VALUE_NONE && ttDepth >= depth - p.ttDepthSlack &&
                           ttScore < probcut_beta(p, beta);
    return !ttRefutes;
}

// A capture is only tried when its exchange alone could lift the static eval to
// probcutBeta: the SEE threshold it must reach.
constexpr Value probcut_see_threshold(Value probcutBeta, Value staticEval) {
    return probcutBeta - staticEval;
}

} // namespace flotilla::search
