// What the move loop tells the shallow-depth pruning of one move (worker.cpp,
// prunes_move): SEE pruning, late move pruning, futility pruning and history leaf
// pruning each read the facts their conditions need from here.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct MovePruningContext {
    Depth depth = 0;
    // The depth a quiet move's futility margin and SEE threshold are taken at: depth moved
    // by late move reductions and the move's history (history_futility.h), else depth.
    Depth lmrDepth = 0;
    int moveCount = 0; // this move's number at the node, from 1
    bool improving = false;
    bool inCheck = false;
    bool pvNode = false;
    Value eval = VALUE_NONE; // the node's static eval as pruning reads it
    Value alpha = 0;
    bool quiet = false;
    bool givesCheck = false;
    int history = 0; // butterfly + continuation histories; capture history for noisy moves
};

} // namespace flotilla::search
