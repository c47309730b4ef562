#include "search/selectivity/multi_cut_search.h"

namespace flotilla::search {

std::optional<Value> multi_cut_search(SearchAccess& search, const Node& node) {
    const MultiCutParams& p = search.params().multiCut;
    if (!multi_cut_applies(p, node.depth, node.cutNode, node.pvNode, node.beta))
        return std::nullopt;
    StackEntry* ss = node.ss;
    MovePicker picker = search.main_picker(ss, node.ttMove);
    ++search.counters().multiCutTried;
    int tried = 0, failHighs = 0;
    while (multi_cut_continue(p, tried, failHighs)) {
        const Move m = picker.next();
        if (!m) break;
        ++tried;
        search.make_move(ss, m);
        const Value v = -search.search(ss + 1, -node.beta, -node.beta + 1,
                                       multi_cut_probe_depth(p, node.depth), false);
        search.unmake_move(m);
        if (search.aborted()) return VALUE_ZERO;
        if (v >= node.beta && multi_cut_proven(p, ++failHighs)) {
            ++search.counters().multiCutCutoffs;
            return node.beta;
        }
    }
    return std::nullopt;
}

} // namespace flotilla::search
