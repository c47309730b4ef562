// Late move reductions by the children's cutoffs (search/selectivity/lmr_cutoff_count.h):
// the ply, its place in the reduction, and its counter in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(LmrCutoffCount, MoreChildCutoffsThanTheThresholdAddAPly) {
    const LmrCutoffCountParams p = switched_on<LmrCutoffCountParams>();
    EXPECT_EQ(lmr_cutoff_count_ply(p, p.threshold + 1), 1);
    EXPECT_EQ(lmr_cutoff_count_ply(p, p.threshold), 0);
    LmrCutoffCountParams off;
    off.enabled = false;
    EXPECT_EQ(lmr_cutoff_count_ply(off, 100), 0);

    const LateMoveReductionParams lmr;
    const ReductionTable table(lmr);
    ReductionContext c{12, 20, false, false, true, true, false, 0, false, false};
    const Depth r = late_move_reduction(lmr, table, c);
    c.cutoffCountPly = lmr_cutoff_count_ply(p, p.threshold + 1);
    EXPECT_EQ(late_move_reduction(lmr, table, c), r + 1);
}

TEST(LmrCutoffCount, FiresInSearchAndSwitchesOff) {
    const auto [on, off] = on_and_off(&Params::lmrCutoffCount, 10);
    EXPECT_GT(on.stats.lmrCutoffCountReductions, 0u);
    EXPECT_EQ(off.stats.lmrCutoffCountReductions, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes);
}
