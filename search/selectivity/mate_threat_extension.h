// Mate-threat and Botvinnik-Markoff extensions (seed 001 "Mate Threat Extensions",
// "Botvinnik-Markoff Extension", Markoff, CCC 2003 "The same threat extension"): the
// null move search doubles as threat detection. When passing gets the side to move
// mated, or when the move that refutes the null move is the same threat as two
// plies earlier, the node's moves are searched one ply deeper.
#pragma once

#include "search/selectivity/extension_budget.h"
#include "search/technique.h"

namespace flotilla::search {

struct MateThreatExtensionParams {
    bool enabled = true;
    bool sameThreat = true; // the Botvinnik-Markoff half: a threat repeated two plies apart
};

// Every move of the node is offered the node's threat extension (threat_extension
// below, decided by its null move search), counted per node there, not per move.
constexpr Depth offered_threat_extension(const MateThreatExtensionParams&,
                                         const ExtensionContext& c) {
    return c.threat;
}

inline constexpr Counter MATE_THREAT_EXTENSION_COUNTERS[] = {
    {"MateThreatExtensions", &Stats::mateThreatExtensions},
    {"BotvinnikMarkoffExtensions", &Stats::botvinnikMarkoffExtensions},
};
inline constexpr Technique<MateThreatExtensionParams> MATE_THREAT_EXTENSION = {
    .option = "MateThreatExtension",
    .unit = "selectivity/mate_threat_extension.h",
    .source =
        "seed 001 *Mate Threat Extensions*, *Botvinnik-Markoff Extension* (Markoff, CCC 2003)",
    .action =
        "when the null move fails low, its refutation (the TT move of the position after the null "
        "move, checked with `is_pseudo_legal`) is kept in `StackEntry::threatMove`; every move of "
        "the node gets +1 (within the path bound, at most one ply per move) when the null move's "
        "score is a mate against the side to move (`MateThreatExtensions`) or when the threat is "
        "the same move as the one found two plies earlier (`BotvinnikMarkoffExtensions`)",
    .counters = MATE_THREAT_EXTENSION_COUNTERS,
    .offer = offered_threat_extension,
};

enum class ThreatKind { None, Mate, SameThreat };

// `nullScore` is the null move search's score from the side to move's view.
constexpr ThreatKind threat_kind(const MateThreatExtensionParams& p, Value nullScore,
                                 Move threatMove, Move threatTwoPliesAgo) {
    if (!p.enabled) return ThreatKind::None;
    if (nullScore <= VALUE_MATED_IN_MAX_PLY) return ThreatKind::Mate;
    if (p.sameThreat && threatMove.is_ok() && threatMove == threatTwoPliesAgo)
        return ThreatKind::SameThreat;
    return ThreatKind::None;
}

constexpr Depth threat_extension(ThreatKind kind, int ply, Depth rootDepth) {
    return kind != ThreatKind::None && extension_allowed(ply, rootDepth) ? 1 : 0;
}

} // namespace flotilla::search
