// One-reply extension (seed 001 "One Reply Extensions"): when in check with a
// single legal evasion, that forced move is searched one ply deeper.
#pragma once

#include "search/selectivity/extension_budget.h"
#include "search/technique.h"

namespace flotilla::search {

struct OneReplyExtensionParams {
    bool enabled = true;
};

inline constexpr Counter ONE_REPLY_EXTENSION_COUNTERS[] = {
    {"OneReplyExtension", &Stats::oneReplyExtensions},
};
inline constexpr Technique<OneReplyExtensionParams> ONE_REPLY_EXTENSION = {
    .option = "OneReplyExtension",
    .unit = "selectivity/one_reply_extension.h",
    .source = "seed 001 *One Reply Extensions*",
    .action = "+1 for the only legal evasion of a check",
    .counters = ONE_REPLY_EXTENSION_COUNTERS,
};

constexpr Depth one_reply_extension(const OneReplyExtensionParams& p, bool inCheck, int legalMoves,
                                    int ply, Depth rootDepth) {
    return p.enabled && inCheck && legalMoves == 1 && extension_allowed(ply, rootDepth) ? 1 : 0;
}

} // namespace flotilla::search
