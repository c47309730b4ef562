// Refuted early move malus: when the opponent's quiet move that led here was one of its
// node's first choices (the first move after the TT move, or its first killer) and this
// node refutes it with a beta cutoff, that move's continuation histories get a malus, so
// that the ordering learns faster from the refutation. The idea from Stockfish ("extra
// penalty for a quiet early move ... when it gets refuted"); written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct RefutedEarlyMalusParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
};

inline constexpr Counter REFUTED_EARLY_MALUS_COUNTERS[] = {
    {"RefutedEarlyMaluses", &Stats::refutedEarlyMaluses},
};
inline constexpr Technique<RefutedEarlyMalusParams> REFUTED_EARLY_MALUS = {
    .option = "RefutedEarlyMalus",
    .unit = "refuted_early_malus.h",
    .source = "Stockfish (extra penalty for a refuted early quiet move of the previous ply); "
              "not in the seeds",
    .action = "a beta cutoff at a node reached by a quiet move that neither captured nor "
              "promoted and was its node's first move after the TT move (its first move "
              "without one) or its first killer: that move's continuation histories 1 and 2 "
              "plies before it get a cutoff's malus at one ply deeper",
    .counters = REFUTED_EARLY_MALUS_COUNTERS,
};

// `early`: the prior move was the first after the TT move, or its node's first killer
// (StackEntry::earlyMove, set where the prior node made it).
constexpr bool refuted_early_malus_applies(const RefutedEarlyMalusParams& p, bool priorQuiet,
                                           bool early) {
    return p.enabled && priorQuiet && early;
}

} // namespace flotilla::search
