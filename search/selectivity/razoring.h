// Razoring (seed 000, chessprogramming wiki "Razoring"): two forms.
// Limited razoring (Heinz): at pre-pre-frontier nodes (depth 3) a static eval a
// queen below alpha reduces the depth by one ply. Razoring into quiescence: at
// depth <= 2 a static eval far below alpha is checked by a quiescence search,
// whose fail-low is trusted and returned.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct RazoringParams {
    bool enabled = true;
    Depth maxQsearchDepth = 2;   // razoring by dropping into quiescence
    int qsearchMarginBase = 244; // margin = base + perDepth * depth
    int qsearchMarginPerDepth = 199;
    Depth limitedDepth = 3;  // Heinz's pre-pre-frontier
    int limitedMargin = 911; // about a queen (SPSA with n6)
};

inline constexpr Tunable<RazoringParams> RAZORING_TUNABLES[] = {
    {"RazoringMargin", &RazoringParams::qsearchMarginBase, 0, 2000, NetworkScale::Margin},
    {"RazoringMarginPerDepth", &RazoringParams::qsearchMarginPerDepth, 0, 2000,
     NetworkScale::Margin},
    {"LimitedRazoringMargin", &RazoringParams::limitedMargin, 0, 4000, NetworkScale::Margin},
};
inline constexpr Counter RAZORING_COUNTERS[] = {
    {"RazoringCutoffs", &Stats::razoringCutoffs},
    {"LimitedRazoringReductions", &Stats::limitedRazoringReductions},
};
inline constexpr Constant<RazoringParams> RAZORING_CONSTANTS[] = {
    {"maxQsearchDepth", &RazoringParams::maxQsearchDepth},
    {"limitedDepth", &RazoringParams::limitedDepth},
};
inline constexpr Technique<RazoringParams> RAZORING = {
    .option = "Razoring",
    .unit = "selectivity/razoring.h",
    .source = "seed 000 *Razoring*",
    .action = "razoring into quiescence: depth ≤ {maxQsearchDepth}, `eval + {RazoringMargin} + "
              "{RazoringMarginPerDepth}·depth < alpha` → a null-window quiescence search; its fail "
              "low is returned. Limited razoring (Heinz): depth {limitedDepth}, `eval + "
              "{LimitedRazoringMargin} "
              "≤ alpha` → one ply less",
    .constants = RAZORING_CONSTANTS,
    .tunables = RAZORING_TUNABLES,
    .counters = RAZORING_COUNTERS,
};

// True when a quiescence search should confirm a likely fail low.
constexpr bool razor_to_qsearch(const RazoringParams& p, Depth depth, Value staticEval,
                                Value alpha) {
    return p.enabled && depth <= p.maxQsearchDepth && alpha < VALUE_TB_WIN_IN_MAX_PLY &&
           staticEval + p.qsearchMarginBase + p.qsearchMarginPerDepth * depth < alpha;
}

// Plies to take off the depth (0 or 1).
constexpr Depth limited_razoring_reduction(const RazoringParams& p, Depth depth, Value staticEval,
                                           Value alpha) {
    return p.enabled && depth == p.limitedDepth && alpha < VALUE_TB_WIN_IN_MAX_PLY &&
                   staticEval + p.limitedMargin <= alpha
               ? 1
               : 0;
}

} // namespace flotilla::search
