// More negative extensions from the singular search: when the TT move is neither
// singular nor above beta (no multi-cut, no negative extension of SingularExtension),
// it is still searched one ply shallower at an expected cut node, and when its TT score
// is at or below alpha and at or below what the other moves scored without it. The
// ideas from Stockfish 15.1 (`ttValue <= alpha && ttValue <= value`) and 16 (`cutNode`),
// Ethereal 4cff656 and f71ac47; written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct NegativeExtensionVariantsParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    Depth cutNodePlies = 1;
    Depth lowTtScorePlies = 1;
};

inline constexpr Tunable<NegativeExtensionVariantsParams> NEGATIVE_EXTENSION_VARIANTS_TUNABLES[] = {
    {"NegativeExtensionCutNode", &NegativeExtensionVariantsParams::cutNodePlies, 0, 3},
    {"NegativeExtensionLowTtScore", &NegativeExtensionVariantsParams::lowTtScorePlies, 0, 3},
};
inline constexpr Counter NEGATIVE_EXTENSION_VARIANTS_COUNTERS[] = {
    {"NegativeExtensionVariants", &Stats::negativeExtensionVariants},
};
inline constexpr Technique<NegativeExtensionVariantsParams> NEGATIVE_EXTENSION_VARIANTS = {
    .option = "NegativeExtensionVariants",
    .unit = "selectivity/negative_extension_variants.h",
    .source = "Stockfish 15.1 and 16, Ethereal 4cff656, f71ac47 (negative extensions); not in "
              "the seeds",
    .action = "with `SingularExtension`, a TT move whose singular search gave no outcome (not "
              "singular, no multi-cut, TT score below beta): −{NegativeExtensionCutNode} at an "
              "expected cut node, else −{NegativeExtensionLowTtScore} when the TT score is ≤ "
              "alpha and ≤ the singular search's score (counted in "
              "`SingularNegativeExtensions` too)",
    .tunables = NEGATIVE_EXTENSION_VARIANTS_TUNABLES,
    .counters = NEGATIVE_EXTENSION_VARIANTS_COUNTERS,
};

// The (negative) plies for a TT move left without an outcome by the singular search.
constexpr Depth negative_extension_variant(const NegativeExtensionVariantsParams& p, bool cutNode,
                                           Value ttScore, Value alpha, Value singularScore) {
    if (!p.enabled) return 0;
    if (cutNode) return -p.cutNodePlies;
    return ttScore <= alpha && ttScore <= singularScore ? -p.lowTtScorePlies : 0;
}

} // namespace flotilla::search
