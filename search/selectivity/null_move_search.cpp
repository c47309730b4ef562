#include "search/selectivity/null_move_search.h"

namespace flotilla::search {

namespace {

// The move that refuted passing is the opponent's threat (from the TT, checked).
Move refutation_of_null_move(const SearchAccess& search) {
    const Position& pos = search.position();
    const std::optional<TTData> refutation = search.probe_tt(pos.key());
    return refutation && pos.is_pseudo_legal(refutation->move) ? refutation->move : Move::none();
}

// A null move that failed low: the threat it revealed may extend every move.
void record_threat(SearchAccess& search, Node& node, Value nullScore, Move threat) {
    node.ss->threatMove = threat;
    const ThreatKind kind = threat_kind(search.params().mateThreatExtension, nullScore, threat,
                                        (node.ss - 2)->threatMove);
    node.threatExtension = threat_extension(kind, node.ply, search.root_depth());
    if (node.threatExtension)
        ++(kind == ThreatKind::Mate ? search.counters().mateThreatExtensions
                                    : search.counters().botvinnikMarkoffExtensions);
}

// A null move that failed high: cut, reduce the depth instead, or verify first.
std::optional<Value> after_fail_high(SearchAccess& search, Node& node, Value nullScore, Depth r) {
    const Params& params = search.params();
    Stats& counters = search.counters();
    // A mate found by passing is not a proven mate.
    const Value cutScore = nullScore >= VALUE_TB_WIN_IN_MAX_PLY ? node.beta : nullScore;
    if (const Depth nullReduction =
            null_move_depth_reduction(params.nullMoveReductions, node.depth)) {
        // Null move reductions: search shallower instead of cutting.
        ++counters.nullMoveReductions;
        node.depth -= nullReduction;
        return std::nullopt;
    }
    if (!null_move_needs_verification(params.verifiedNullMove, node.depth)) {
        ++counters.nullMoveCutoffs;
        return cutScore;
    }
    // Verification: the real moves, reduced, with null moves off below.
    ++counters.nullMoveVerifications;
    search.set_null_move_verification(true);
    const Value v = search.search(node.ss, node.beta - 1, node.beta, node.depth - r, false);
    search.set_null_move_verification(false);
    if (search.aborted()) return VALUE_ZERO;
    if (v >= node.beta) {
        ++counters.nullMoveCutoffs;
        return cutScore;
    }
    ++counters.nullMoveVerificationFailures;
    return std::nullopt;
}

} // namespace

std::optional<Value> null_move_search(SearchAccess& search, Node& node) {
    const Params& params = search.params();
    const Position& pos = search.position();
    StackEntry* ss = node.ss;
    const NullMoveContext context{node.depth,
                                  node.eval,
                                  node.beta,
                                  node.inCheck,
                                  node.pvNode,
                                  (ss - 1)->move == Move::null(),
                                  pos.has_non_pawn_material(pos.side_to_move()),
                                  search.null_move_verification()};
    if (!null_move_allowed(params.nullMove, context)) return std::nullopt;

    ++search.counters().nullMoveTried;
    const Depth r = null_move_reduction(params.nullMove, node.depth, node.eval, node.beta);
    search.make_null_move(ss);
    const Value nullScore =
        -search.search(ss + 1, -node.beta, -node.beta + 1, node.depth - r, !node.cutNode);
    const Move threat =
        nullScore < node.beta && params.mateThreatExtension.enabled && !search.aborted()
            ? refutation_of_null_move(search)
            : Move::none();
    search.unmake_null_move();
    if (search.aborted()) return VALUE_ZERO;
    if (nullScore < node.beta) {
        record_threat(search, node, nullScore, threat);
        return std::nullopt;
    }
    return after_fail_high(search, node, nullScore, r);
}

} // namespace flotilla::search
