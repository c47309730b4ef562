// ProbCut's search (probcut.h): captures whose exchange could reach probcutBeta get a
// quiescence search, then a reduced null-window search against it.
#pragma once

#include "search/node.h"
#include "search/search_access.h"

#include <optional>

namespace flotilla::search {

// A cutoff value when a capture beats probcutBeta at reduced depth, else nothing.
std::optional<Value> probcut_search(SearchAccess& search, const Node& node);

} // namespace flotilla::search
