// Null move pruning's search (null_move.h), with null move reductions
// (null_move_reductions.h), the verification search (verified_null_move.h) and the
// mate-threat / Botvinnik-Markoff extensions that the null move's refutation feeds
// (mate_threat_extension.h).
#pragma once

#include "search/node.h"
#include "search/search_access.h"

#include <optional>

namespace flotilla::search {

// Tries passing at `node`: a cutoff value, or nothing, and then node.depth may be
// reduced (null move reductions) and node.threatExtension set.
std::optional<Value> null_move_search(SearchAccess& search, Node& node);

} // namespace flotilla::search
