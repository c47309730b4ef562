#include "search/selectivity/probcut_search.h"

#include "core/see.h"

namespace flotilla::search {

std::optional<Value> probcut_search(SearchAccess& search, const Node& node) {
    const ProbCutParams& p = search.params().probCut;
    if (!probcut_applies(p, node.depth, node.pvNode, node.beta, node.tt.depth(), node.tt.score))
        return std::nullopt;
    StackEntry* ss = node.ss;
    const Value probcutBeta = probcut_beta(p, node.beta);
    const Value seeThreshold = probcut_see_threshold(probcutBeta, ss->staticEval);
    // The quiescence order: the TT move if noisy, then the noisy moves.
    MovePicker picker = search.noisy_picker(ss, node.ttMove);
    ++search.counters().probCutTried;
    for (Move m = picker.next(); m; m = picker.next()) {
        if (!see_ge(search.position(), m, seeThreshold)) continue;
        search.make_move(ss, m);
        Value v = -search.qsearch(ss + 1, -probcutBeta, -probcutBeta + 1);
        if (v >= probcutBeta && !search.aborted())
            v = -search.search(ss + 1, -probcutBeta, -probcutBeta + 1, node.depth - p.reduction,
                               !node.cutNode);
        search.unmake_move(m);
        if (search.aborted()) return VALUE_ZERO;
        if (v >= probcutBeta) {
            ++search.counters().probCutCutoffs;
            search.store_tt(search.position().key(), value_to_tt(v, node.ply), node.rawEval,
                            node.depth - p.reduction + 1, BOUND_LOWER, m, node.ttPv);
            return v;
        }
    }
    return std::nullopt;
}

} // namespace flotilla::search
