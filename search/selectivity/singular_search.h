// The singular extension's search (singular_extension.h): the node is searched again
// without the TT move, below its score; the three outcomes extend the TT move, cut
// the node (multi-cut) or reduce the TT move.
#pragma once

#include "search/node.h"
#include "search/search_access.h"

#include <optional>

namespace flotilla::search {

struct SingularResult {
    Depth extension = 0;         // negative: the TT move is reduced
    std::optional<Value> cutoff; // the node's value, when the search decided it
    // The excluded-move search's score and the bound it was searched against, when it
    // ran (the double extension reads how far below singularBeta the score stayed).
    Value score = VALUE_NONE, singularBeta = VALUE_NONE;
};

SingularResult singular_search(SearchAccess& search, const Node& node, Move m);

} // namespace flotilla::search
