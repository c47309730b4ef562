// One-reply extension (seed 001 "One Reply Extensions"): when in check with a
// single legal evasion, that forced move is searched one ply deeper.
#pragma once

#include "search/selectivity/extension_budget.h"
#include "search/technique.h"

namespace flotilla::search {

struct OneReplyExtensionParams {
    bool enabled = true;
};

// Whether the move loop counts the legal moves for it (ExtensionContext::legalMoves):
// only in check, where it can apply.
constexpr bool one_reply_counts_moves(const OneReplyExtensionParams& p, bool inCheck) {
    return p.enabled && inCheck;
}

constexpr Depth one_reply_extension(const OneReplyExtensionParams& p, const ExtensionContext& c) {
    return p.enabled && c.inCheck && c.legalMoves == 1 && extension_allowed(c.ply, c.rootDepth) ? 1
                                                                                                : 0;
}

inline constexpr Counter ONE_REPLY_EXTENSION_COUNTERS[] = {
    {"OneReplyExtension", &Stats::oneReplyExtensions},
};
inline constexpr Technique<OneReplyExtensionParams> ONE_REPLY_EXTENSION = {
    .option = "OneReplyExtension",
    .unit = "selectivity/one_reply_extension.h",
    .source = "seed 001 *One Reply Extensions*",
    .action = "+1 for the only legal evasion of a check",
    .counters = ONE_REPLY_EXTENSION_COUNTERS,
    .offer = one_reply_extension,
    .applied = &Stats::oneReplyExtensions,
};

} // namespace flotilla::search
