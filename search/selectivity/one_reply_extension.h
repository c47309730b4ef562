// One-reply extension (seed 001 "One Reply Extensions"): when in check with a
// single legal evasion, that forced move is searched one ply deeper.
#pragma once

#include "search/selectivity/extension_budget.h"

namespace flotilla::search {

struct OneReplyExtensionParams {
    bool enabled = true;
};

constexpr Depth one_reply_extension(const OneReplyExtensionParams& p, bool inCheck, int legalMoves,
                                    int ply, Depth rootDepth) {
    return p.enabled && inCheck && legalMoves == 1 && extension_allowed(ply, rootDepth) ? 1 : 0;
}

} // namespace flotilla::search
