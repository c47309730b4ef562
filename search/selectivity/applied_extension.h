// Which technique's extension a move got, for the counters: a move gets at most one ply
// (the largest any technique offers), so it counts once, for the first technique in
// this order that offers that ply. The threat extensions count per node instead.
#pragma once

#include "core/types.h"

#include <algorithm>

namespace flotilla::search {

enum class AppliedExtension { None, Singular, Check, OneReply, Recapture, PassedPawn, Threat };

struct OfferedExtensions {
    Depth singular = 0, check = 0, oneReply = 0, recapture = 0, passedPawn = 0, threat = 0;
};

constexpr Depth largest_extension(const OfferedExtensions& e) {
    return std::max({e.singular, e.check, e.oneReply, e.recapture, e.passedPawn, e.threat});
}

constexpr AppliedExtension applied_extension(const OfferedExtensions& e) {
    const Depth ply = largest_extension(e);
    if (ply <= 0) return AppliedExtension::None;
    if (e.singular == ply) return AppliedExtension::Singular;
    if (e.check == ply) return AppliedExtension::Check;
    if (e.oneReply == ply) return AppliedExtension::OneReply;
    if (e.recapture == ply) return AppliedExtension::Recapture;
    if (e.passedPawn == ply) return AppliedExtension::PassedPawn;
    return AppliedExtension::Threat;
}

} // namespace flotilla::search
