// More negative extensions (search/selectivity/negative_extension_variants.h): which TT
// moves the singular search leaves without an outcome are searched shallower, and the
// counter in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(NegativeExtensionVariants, CutNodesAndLowTtScoresAreSearchedShallower) {
    const NegativeExtensionVariantsParams p = switched_on<NegativeExtensionVariantsParams>();
    const Value alpha = 0;
    EXPECT_EQ(negative_extension_variant(p, true, 50, alpha, 20), -p.cutNodePlies);
    EXPECT_EQ(negative_extension_variant(p, false, -10, alpha, 0), -p.lowTtScorePlies);
    EXPECT_EQ(negative_extension_variant(p, false, 10, alpha, 20), 0);   // TT score above alpha
    EXPECT_EQ(negative_extension_variant(p, false, -10, alpha, -20), 0); // above the others
    NegativeExtensionVariantsParams off;
    off.enabled = false;
    EXPECT_EQ(negative_extension_variant(off, true, -10, alpha, 0), 0);
}

TEST(NegativeExtensionVariants, FiresInSearchAndSwitchesOff) {
    const auto [on, off] = on_and_off(&Params::negativeExtensionVariants, 12);
    EXPECT_GT(on.stats.negativeExtensionVariants, 0u);
    EXPECT_LE(on.stats.negativeExtensionVariants, on.stats.singularNegativeExtensions);
    EXPECT_EQ(off.stats.negativeExtensionVariants, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes);
}
