// The one bound shared by every extension (seed 001 "Extensions"): no extension
// once the path is twice the root depth long, so extended lines stay finite.
#pragma once

#include "core/types.h"

namespace flotilla::search {

constexpr bool extension_allowed(int ply, Depth rootDepth) { return ply < 2 * rootDepth; }

} // namespace flotilla::search
