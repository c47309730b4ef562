// Delta pruning in quiescence search (seed 001 "Delta Pruning"): a capture that
// cannot lift the stand-pat score to alpha even with a safety margin is skipped.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct DeltaPruningParams {
    bool enabled = true;
    int margin = 200;
};

// `gain` is the material the move wins at most: captured piece plus promotion gain.
constexpr bool delta_prunes(const DeltaPruningParams& p, Value standPat, Value gain, Value alpha,
                            bool givesCheck) {
    return p.enabled && !givesCheck && standPat + gain + p.margin <= alpha;
}

} // namespace flotilla::search
