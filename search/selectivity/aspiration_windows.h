// Aspiration windows (chessprogramming wiki "Aspiration Windows"; not in the seeds): the
// root searches a narrow window around the previous iteration's score and widens it on
// failure (root.cpp).
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct AspirationParams {
    bool enabled = true;
    Depth minDepth = 4;
    int initialDelta = 20;
};

inline constexpr Constant<AspirationParams> ASPIRATION_CONSTANTS[] = {
    {"minDepth", &AspirationParams::minDepth},
};
inline constexpr Tunable<AspirationParams> ASPIRATION_TUNABLES[] = {
    {"AspirationDelta", &AspirationParams::initialDelta, 5, 200},
};
inline constexpr Technique<AspirationParams> ASPIRATION_WINDOWS = {
    .option = "AspirationWindows",
    .unit = "selectivity/aspiration_windows.h",
    .source = "chessprogramming wiki *Aspiration Windows*; not in the seeds",
    .action =
        "from depth {minDepth}, the root searches a window of ±{AspirationDelta} cp around "
        "the previous iteration's score; on a fail low the lower side drops (and beta moves to the "
        "middle), on a fail high the upper side rises; the step grows by half plus 5 cp each time",
    .constants = ASPIRATION_CONSTANTS,
    .tunables = ASPIRATION_TUNABLES,
};

// A window needs a score to centre on: the previous iteration's, once deep enough to
// be stable; otherwise the root searches the full window.
constexpr bool aspiration_applies(const AspirationParams& p, Depth rootDepth, Value previousScore) {
    return p.enabled && rootDepth >= p.minDepth && previousScore != VALUE_NONE;
}

} // namespace flotilla::search
