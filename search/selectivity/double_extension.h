// Double extension (Stockfish 33a858eaa, 2021; its limit per path 559942d64, which
// measured doubles "worth about 10 Elo"): at a non-PV node a TT move that is singular by
// a wide margin, every other move at least `margin` below singularBeta, is searched two
// plies deeper instead of one; at most `maxPerPath` double extensions on one path, so
// that extended lines stay finite. Idea from Stockfish; written for Flotilla.
#pragma once

#include "search/selectivity/extension_context.h"
#include "search/technique.h"

namespace flotilla::search {

struct DoubleExtensionParams {
    bool enabled = true; // accepted: +9.2 +/- 6.6 Elo, 5,434 games (double-extension-3)
    int margin = 12;     // cp below singularBeta (Stockfish's 25 at its 208-unit pawn)
    int maxPerPath = 10; // double extensions already on the path that still allow one
};

inline constexpr Tunable<DoubleExtensionParams> DOUBLE_EXTENSION_TUNABLES[] = {
    {"DoubleExtensionMargin", &DoubleExtensionParams::margin, 0, 200},
};
inline constexpr Constant<DoubleExtensionParams> DOUBLE_EXTENSION_CONSTANTS[] = {
    {"maxPerPath", &DoubleExtensionParams::maxPerPath},
};
inline constexpr Counter DOUBLE_EXTENSION_COUNTERS[] = {
    {"DoubleExtensions", &Stats::doubleExtensions},
};

// Whether a singular TT move (singularScore < singularBeta) gets two plies.
constexpr bool double_extension_applies(const DoubleExtensionParams& p, bool pvNode,
                                        Value singularScore, Value singularBeta,
                                        int doublesOnPath) {
    return p.enabled && !pvNode && singularScore < singularBeta - p.margin &&
           doublesOnPath < p.maxPerPath;
}

// Its offer: two plies for the TT move when the singular search extended it (so within
// the path bound) by the wide margin; the move then gets these instead of the singular
// extension's one (search/extensions.h).
constexpr Depth offered_double_extension(const DoubleExtensionParams& p,
                                         const ExtensionContext& c) {
    return c.singular > 0 && double_extension_applies(p, c.pvNode, c.singularScore, c.singularBeta,
                                                      c.doubleExtensions)
               ? 2
               : 0;
}

inline constexpr Technique<DoubleExtensionParams> DOUBLE_EXTENSION = {
    .option = "DoubleExtension",
    .unit = "selectivity/double_extension.h",
    .source = "Stockfish 33a858eaa (double extension), 559942d64 (its limit per path); not in "
              "the seeds",
    .action = "with `SingularExtension`, at non-PV nodes: when the singular search's score is "
              "below `singularBeta − {DoubleExtensionMargin}` and fewer than {maxPerPath} double "
              "extensions "
              "lie on the path (`StackEntry::doubleExtensions`), the TT move gets +2 instead of "
              "+1 (the path bound kept; counted in `DoubleExtensions`, not "
              "`SingularExtensions`)",
    .constants = DOUBLE_EXTENSION_CONSTANTS,
    .tunables = DOUBLE_EXTENSION_TUNABLES,
    .counters = DOUBLE_EXTENSION_COUNTERS,
    .offer = offered_double_extension,
    .applied = &Stats::doubleExtensions,
};

} // namespace flotilla::search
