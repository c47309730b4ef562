// SEE pruning in quiescence search (seed 001 "Quiescence Search"): captures that
// lose material by static exchange are not searched.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct QsearchSeePruningParams {
    bool enabled = true;
    Value threshold = 0; // captures with SEE below this are skipped
};

} // namespace flotilla::search
