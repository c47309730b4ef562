// Check extension (seed 001 "Extensions"): a checking move is searched one ply
// deeper, bounded so that no path grows beyond twice the root depth; with CheckExtensionSee
// on, not a check that loses material by SEE (check_extension_see.h).
#pragma once

#include "search/selectivity/extension_budget.h"
#include "search/technique.h"

namespace flotilla::search {

struct CheckExtensionParams {
    bool enabled = true;
};

constexpr Depth check_extension(const CheckExtensionParams& p, const ExtensionContext& c) {
    return p.enabled && c.givesCheck && !c.losingCheck && extension_allowed(c.ply, c.rootDepth) ? 1
                                                                                                : 0;
}

inline constexpr Counter CHECK_EXTENSION_COUNTERS[] = {
    {"CheckExtension", &Stats::checkExtensions},
};
inline constexpr Technique<CheckExtensionParams> CHECK_EXTENSION = {
    .option = "CheckExtension",
    .unit = "selectivity/check_extension.h",
    .source = "seed 001 *Extensions*",
    .action = "+1 ply for a checking move while `ply < 2·rootDepth` (bounds the path)",
    .counters = CHECK_EXTENSION_COUNTERS,
    .offer = check_extension,
    .applied = &Stats::checkExtensions,
};

} // namespace flotilla::search
