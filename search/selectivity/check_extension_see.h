// Check extension conditions: only a check that does not lose material by SEE is worth
// the extra ply (Stockfish's check extension read `pos.see_sign(move) >= 0` from 2013 to
// 2019, e.g. Stockfish 5); a check that hangs the checking piece is usually a spite check
// that the reply answers by taking it. Written for Flotilla.
#pragma once

#include "core/position.h"
#include "core/see.h"
#include "search/technique.h"

namespace flotilla::search {

struct CheckExtensionSeeParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
};

inline constexpr Counter CHECK_EXTENSION_SEE_COUNTERS[] = {
    {"CheckExtensionSeeSkipped", &Stats::checkExtensionSeeSkipped},
};
inline constexpr Technique<CheckExtensionSeeParams> CHECK_EXTENSION_SEE = {
    .option = "CheckExtensionSee",
    .unit = "selectivity/check_extension_see.h",
    .source = "Stockfish (2013–2019: checks extended only with SEE ≥ 0); not in the seeds",
    .action = "`CheckExtension` gives its ply only to a check whose SEE is ≥ 0 (the counter: "
              "checks that lost the extension this way)",
    .counters = CHECK_EXTENSION_SEE_COUNTERS,
};

// True when the check extension should pass this checking move over: the switch is on and
// the move loses material by SEE. Only a checking move pays for the SEE.
inline bool losing_check(const CheckExtensionSeeParams& p, const Position& pos, Move m,
                         bool givesCheck) {
    return p.enabled && givesCheck && !see_ge(pos, m, VALUE_ZERO);
}

} // namespace flotilla::search
