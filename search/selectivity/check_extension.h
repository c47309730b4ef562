// Check extension (seed 001 "Extensions"): a checking move is searched one ply
// deeper, bounded so that no path grows beyond twice the root depth.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct CheckExtensionParams {
    bool enabled = true;
};

constexpr Depth check_extension(const CheckExtensionParams& p, bool givesCheck, int ply,
                                Depth rootDepth) {
    return p.enabled && givesCheck && ply < 2 * rootDepth ? 1 : 0;
}

} // namespace flotilla::search
