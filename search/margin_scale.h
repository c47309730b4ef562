// The search's margins that compare a static evaluation with alpha or beta were set
// (and tuned) for the hand-written evaluation's centipawns. A network's scores have a
// scale of their own, so with a network those margins are scaled by one factor, the
// option NetworkMarginScale, which games can tune (docs/search.md).
#pragma once

#include "search/params.h"

namespace flotilla::search {

// Multiplies, by percent / 100 and rounding to nearest, every number of `p` that its
// technique's description marks with a NetworkScale (search/technique.h): the margins
// in evaluation units (reverse futility, futility, both razorings, ProbCut, delta
// pruning) and null move's eval divisor, kept at least 1. SEE margins are in material
// units and stay.
void scale_eval_margins(Params& p, int percent);

} // namespace flotilla::search
