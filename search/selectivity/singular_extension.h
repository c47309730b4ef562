// Singular extension (Anantharaman, Campbell & Hsu 1988, "Singular Extensions:
// Adding Selectivity to Brute-Force Searching"; seed 001 "Extensions"): the TT move
// of a node is searched one ply deeper when every other move fails low against a
// margin below its score. The same search gives two more outcomes: several moves
// above beta (multi-cut: the node is cut) and a TT move that is not singular but
// above beta (negative extension: searched one ply shallower).
#pragma once

#include "search/selectivity/extension_budget.h"
#include "search/technique.h"

namespace flotilla::search {

struct SingularExtensionParams {
    bool enabled = true;
    Depth minDepth = 8;
    Depth ttDepthSlack = 3; // the TT entry must be at least depth - slack deep
    int marginPerDepth = 3; // singularBeta = ttScore - marginPerDepth * depth
    bool multiCut = true;   // the multi-cut outcome of the singular search
    Depth negativeExtension = 1;
};

// Its offer to the move is what the singular search decided (singular_search.h),
// which the move loop runs before it asks the extensions.
constexpr Depth offered_singular_extension(const SingularExtensionParams&,
                                           const ExtensionContext& c) {
    return c.singular;
}

inline constexpr Counter SINGULAR_EXTENSION_COUNTERS[] = {
    {"SingularSearches", &Stats::singularSearches},
    {"SingularExtensions", &Stats::singularExtensions},
    {"SingularMultiCuts", &Stats::singularMultiCuts},
    {"SingularNegativeExtensions", &Stats::singularNegativeExtensions},
};
inline constexpr Constant<SingularExtensionParams> SINGULAR_EXTENSION_CONSTANTS[] = {
    {"ttDepthSlack", &SingularExtensionParams::ttDepthSlack},
};
// Options so that games (SPRT, SPSA) can move them without a rebuild.
inline constexpr Tunable<SingularExtensionParams> SINGULAR_EXTENSION_TUNABLES[] = {
    {"SingularExtensionMinDepth", &SingularExtensionParams::minDepth, 2, 32},
    {"SingularExtensionMarginPerDepth", &SingularExtensionParams::marginPerDepth, 0, 20},
    {"SingularNegativeExtension", &SingularExtensionParams::negativeExtension, 0, 3},
};
inline constexpr Technique<SingularExtensionParams> SINGULAR_EXTENSION = {
    .option = "SingularExtension",
    .unit = "selectivity/singular_extension.h",
    .source = "Anantharaman, Campbell & Hsu 1988; seed 001 *Extensions*",
    .action =
        "depth ≥ {SingularExtensionMinDepth}, not at the root, for the TT move when its entry is a "
        "lower bound of "
        "depth ≥ "
        "`depth − {ttDepthSlack}` with a non-mate score: the node is searched again without it "
        "(`StackEntry::excludedMove`) at `(depth − 1)/2` against `singularBeta = ttScore − "
        "{SingularExtensionMarginPerDepth}·depth`. All moves below: the TT move gets +1 (path "
        "bound kept). Else if "
        "`singularBeta ≥ "
        "beta`: **multi-cut**, return singularBeta. Else if `ttScore ≥ beta`: **negative "
        "extension**, the TT move is searched {SingularNegativeExtension} ply shallower. The "
        "excluded "
        "search never cuts "
        "on, nor stores into, the TT (its result is not the position's value), runs no static "
        "pruning, and returns alpha when the excluded move was the only one",
    .constants = SINGULAR_EXTENSION_CONSTANTS,
    .tunables = SINGULAR_EXTENSION_TUNABLES,
    .counters = SINGULAR_EXTENSION_COUNTERS,
    .offer = offered_singular_extension,
    .applied = &Stats::singularExtensions,
};

struct SingularContext {
    Depth depth;
    bool isTTMove;   // the move is the node's TT move (at the root: the last iteration's best)
    bool lowerBound; // the TT entry's bound includes BOUND_LOWER
    Depth ttDepth;
    Value ttScore;       // VALUE_NONE when there is none
    bool excludedSearch; // this node is already a singular search (no nesting)
    bool rootNode = false;
};

constexpr Depth singular_search_depth(Depth depth) { return (depth - 1) / 2; }

// The singular search needs a real depth: at depth <= 0 it would become a
// quiescence search, which knows nothing of the excluded move.
constexpr bool singular_search_applies(const SingularExtensionParams& p, const SingularContext& c) {
    return p.enabled && !c.rootNode && c.isTTMove && !c.excludedSearch && c.depth >= p.minDepth &&
           singular_search_depth(c.depth) >= 1 && c.lowerBound &&
           c.ttDepth >= c.depth - p.ttDepthSlack && c.ttScore != VALUE_NONE &&
           !is_decisive(c.ttScore);
}

constexpr Value singular_beta(const SingularExtensionParams& p, Value ttScore, Depth depth) {
    return ttScore - p.marginPerDepth * depth;
}

enum class SingularOutcome { None, Extend, MultiCut, Negative };

// What the excluded-move search's score (`singularScore`, against singularBeta) says.
constexpr SingularOutcome singular_outcome(const SingularExtensionParams& p, Value singularScore,
                                           Value singularBeta, Value beta, Value ttScore) {
    if (singularScore < singularBeta) return SingularOutcome::Extend;
    if (p.multiCut && singularBeta >= beta) return SingularOutcome::MultiCut;
    if (p.negativeExtension > 0 && ttScore >= beta) return SingularOutcome::Negative;
    return SingularOutcome::None;
}

// The extension (+1, -negativeExtension or 0) an outcome gives the TT move; a positive
// one only while the path bound allows it.
constexpr Depth singular_extension(const SingularExtensionParams& p, SingularOutcome outcome,
                                   int ply, Depth rootDepth) {
    if (outcome == SingularOutcome::Extend) return extension_allowed(ply, rootDepth) ? 1 : 0;
    if (outcome == SingularOutcome::Negative) return -p.negativeExtension;
    return 0;
}

} // namespace flotilla::search
