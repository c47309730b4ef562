// Recapture extension (seed 001 "Recapture Extensions"): a capture on the square
// where the opponent just captured is searched one ply deeper.
#pragma once

#include "search/selectivity/extension_budget.h"
#include "search/technique.h"

namespace flotilla::search {

// Off by default: on, it nearly doubled the bench tree (docs/search.md).
struct RecaptureExtensionParams {
    bool enabled = false;
};

constexpr Depth recapture_extension(const RecaptureExtensionParams& p, const ExtensionContext& c) {
    return p.enabled && c.capture && c.previousWasCapture && c.to == c.previousTo &&
                   extension_allowed(c.ply, c.rootDepth)
               ? 1
               : 0;
}

inline constexpr Counter RECAPTURE_EXTENSION_COUNTERS[] = {
    {"RecaptureExtension", &Stats::recaptureExtensions},
};
inline constexpr Technique<RecaptureExtensionParams> RECAPTURE_EXTENSION = {
    .option = "RecaptureExtension",
    .unit = "selectivity/recapture_extension.h",
    .source = "seed 001 *Recapture Extensions*",
    .action = "**default off**: +1 for a capture on the square of the opponent's capture (on, it "
              "made the bench tree 57 % larger)",
    .counters = RECAPTURE_EXTENSION_COUNTERS,
    .offer = recapture_extension,
    .applied = &Stats::recaptureExtensions,
};

} // namespace flotilla::search
