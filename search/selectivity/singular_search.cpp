#include "search/selectivity/singular_search.h"

namespace flotilla::search {

SingularResult singular_search(SearchAccess& search, const Node& node, Move m) {
    const SingularExtensionParams& p = search.params().singularExtension;
    const SingularContext singular{node.depth,      m == node.ttMove, node.tt.lower_bound(),
                                   node.tt.depth(), node.tt.score,    node.excludedSearch,
                                   node.rootNode};
    if (!singular_search_applies(p, singular)) return {};
    Stats& counters = search.counters();
    ++counters.singularSearches;
    const Value singularBeta = singular_beta(p, node.tt.score, node.depth);
    node.ss->excludedMove = m;
    const Value v = search.search(node.ss, singularBeta - 1, singularBeta,
                                  singular_search_depth(node.depth), node.cutNode);
    node.ss->excludedMove = Move::none();
    if (search.aborted()) return {0, VALUE_ZERO};
    const SingularOutcome outcome = singular_outcome(p, v, singularBeta, node.beta, node.tt.score);
    if (outcome == SingularOutcome::MultiCut) {
        ++counters.singularMultiCuts;
        return {0, singularBeta};
    }
    Depth extension = singular_extension(p, outcome, node.ply, search.root_depth());
    if (outcome == SingularOutcome::None) {
        extension = negative_extension_variant(search.params().negativeExtensionVariants,
                                               node.cutNode, node.tt.score, node.alpha, v);
        counters.negativeExtensionVariants += extension < 0;
    }
    if (extension < 0) ++counters.singularNegativeExtensions;
    return {extension, std::nullopt, v, singularBeta};
}

} // namespace flotilla::search
