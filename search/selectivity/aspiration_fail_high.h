// A shallower root search after an aspiration fail high: the move that failed high is
// usually good, and proving it at full depth in an ever wider window costs more than the
// iteration gains; searching one ply less per fail high settles the window sooner, and the
// next iteration searches it at full depth. The idea from Stockfish 081af9080 (root depth
// lowered by the fail highs of the iteration) and Ethereal; written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

struct AspirationFailHighParams {
    bool enabled = true;  // accepted by its SPRT: +10.0 ± 6.9 (row aspiration-fail-high)
    int maxReduction = 3; // the root is searched at most this many plies shallower
};

inline constexpr Tunable<AspirationFailHighParams> ASPIRATION_FAIL_HIGH_TUNABLES[] = {
    {"AspirationFailHighMaxReduction", &AspirationFailHighParams::maxReduction, 0, 16},
};
inline constexpr Counter ASPIRATION_FAIL_HIGH_COUNTERS[] = {
    {"AspirationFailHighReductions", &Stats::aspirationFailHighReductions},
};
inline constexpr Technique<AspirationFailHighParams> ASPIRATION_FAIL_HIGH = {
    .option = "AspirationFailHigh",
    .unit = "selectivity/aspiration_fail_high.h",
    .source = "Stockfish 081af9080, Ethereal (root depth lowered after a fail high); not in the "
              "seeds",
    .action = "within one iteration's aspiration loop, each fail high lowers the depth the root "
              "is searched at by one ply (at most {AspirationFailHighMaxReduction}, never below "
              "1), a fail low restores it; the iteration still counts as its full depth. "
              "Counter: root searches made shallower",
    .tunables = ASPIRATION_FAIL_HIGH_TUNABLES,
    .counters = ASPIRATION_FAIL_HIGH_COUNTERS,
};

// The depth the root searches at after `failHighs` fail highs in a row in this iteration's
// window (reset by a fail low).
constexpr Depth aspiration_search_depth(const AspirationFailHighParams& p, Depth rootDepth,
                                        int failHighs) {
    if (!p.enabled) return rootDepth;
    return std::max<Depth>(1, rootDepth - std::min(failHighs, p.maxReduction));
}

} // namespace flotilla::search
