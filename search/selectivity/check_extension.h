// Check extension (seed 001 "Extensions"): a checking move is searched one ply
// deeper, bounded so that no path grows beyond twice the root depth.
#pragma once

#include "search/selectivity/extension_budget.h"

namespace flotilla::search {

struct CheckExtensionParams {
    bool enabled = true;
};

constexpr Depth check_extension(const CheckExtensionParams& p, bool givesCheck, int ply,
                                Depth rootDepth) {
    return p.enabled && givesCheck && extension_allowed(ply, rootDepth) ? 1 : 0;
}

} // namespace flotilla::search
