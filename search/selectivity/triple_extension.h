// Triple extension (Stockfish f2b6b5cfc, Berserk 0e42746): a quiet TT move that the
// singular search finds better than every other move by a very wide margin is searched
// three plies deeper. It shares the double extensions' bound per path
// (double_extension.h), so that extended lines stay finite. Idea from Stockfish; written
// for Flotilla.
#pragma once

#include "search/selectivity/double_extension.h"
#include "search/selectivity/extension_context.h"
#include "search/technique.h"

namespace flotilla::search {

struct TripleExtensionParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    int margin = 96;      // cp below singularBeta (Stockfish's 200 at its 208-unit pawn)
};

inline constexpr Tunable<TripleExtensionParams> TRIPLE_EXTENSION_TUNABLES[] = {
    {"TripleExtensionMargin", &TripleExtensionParams::margin, 0, 1000},
};
inline constexpr Counter TRIPLE_EXTENSION_COUNTERS[] = {
    {"TripleExtensions", &Stats::tripleExtensions},
};

// Its offer: three plies for a quiet TT move that the singular search extended, at a
// non-PV node, below singularBeta by the margin, while the path's bound allows a double
// extension (`maxPerPath` of DoubleExtensionParams' defaults: the bound is one).
constexpr Depth offered_triple_extension(const TripleExtensionParams& p,
                                         const ExtensionContext& c) {
    return p.enabled && c.singular > 0 && !c.pvNode && !c.capture &&
                   c.singularScore < c.singularBeta - p.margin &&
                   c.doubleExtensions < DoubleExtensionParams{}.maxPerPath
               ? 3
               : 0;
}

inline constexpr Technique<TripleExtensionParams> TRIPLE_EXTENSION = {
    .option = "TripleExtension",
    .unit = "selectivity/triple_extension.h",
    .source = "Stockfish f2b6b5cfc, Berserk 0e42746 (triple extension); not in the seeds",
    .action = "with `SingularExtension`, at non-PV nodes: a quiet TT move whose singular search "
              "scored below `singularBeta − {TripleExtensionMargin}` gets +3, while the path "
              "holds fewer double (or triple) extensions than `DoubleExtension`'s bound; it "
              "counts as one of them for that bound",
    .tunables = TRIPLE_EXTENSION_TUNABLES,
    .counters = TRIPLE_EXTENSION_COUNTERS,
    .offer = offered_triple_extension,
    .applied = &Stats::tripleExtensions,
};

} // namespace flotilla::search
