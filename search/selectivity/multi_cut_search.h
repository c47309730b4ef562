// Multi-cut's search (multi_cut.h): the first M moves at depth - 1 - R; C fail-highs
// prove the cut-node and return beta (a hard bound, as in the paper).
#pragma once

#include "search/node.h"
#include "search/search_access.h"

#include <optional>

namespace flotilla::search {

// Beta when C of the first M moves fail high at reduced depth, else nothing.
std::optional<Value> multi_cut_search(SearchAccess& search, const Node& node);

} // namespace flotilla::search
