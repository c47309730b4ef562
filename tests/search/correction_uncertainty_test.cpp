// Correction uncertainty (search/selectivity/correction_uncertainty.h): the correction's size,
// the history it adds in LMR, the wider reverse futility margin, and both uses firing in a
// search only when it is on.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(CorrectionUncertainty, TheSizeIsHowFarTheCorrectionMovedTheEval) {
    EXPECT_EQ(correction_size(130, 100), 30);
    EXPECT_EQ(correction_size(70, 100), 30);
    EXPECT_EQ(correction_size(100, 100), 0);
    EXPECT_EQ(correction_size(VALUE_NONE, VALUE_NONE), 0); // in check
}

TEST(CorrectionUncertainty, ALargeCorrectionReducesLessAsGoodHistoryDoes) {
    const CorrectionUncertaintyParams p = switched_on<CorrectionUncertaintyParams>();
    EXPECT_EQ(uncertainty_history(p, 40), 40 * p.lmrHistoryPerCp);
    EXPECT_EQ(uncertainty_history(CorrectionUncertaintyParams{}, 500), 0); // off
    const LateMoveReductionParams lmr;
    const ReductionTable table(lmr);
    ReductionContext c{12, 20, false, false, true, true, false, 0, false, false};
    const Depth r = late_move_reduction(lmr, table, c);
    ASSERT_GT(r, 1);
    // A ply per LmrHistoryDivisor of the sum: 10 cp alone takes nothing off, 250 cp a ply,
    // and 10 cp does on top of a history just short of a ply's worth.
    c.uncertaintyHistory = uncertainty_history(p, 10);
    EXPECT_EQ(late_move_reduction(lmr, table, c), r);
    c.uncertaintyHistory = uncertainty_history(p, 250);
    EXPECT_EQ(late_move_reduction(lmr, table, c), r - 1);
    c.history = lmr.historyDivisor - 100;
    c.uncertaintyHistory = 0;
    EXPECT_EQ(late_move_reduction(lmr, table, c), r);
    c.uncertaintyHistory = uncertainty_history(p, 10);
    EXPECT_EQ(late_move_reduction(lmr, table, c), r - 1);
}

TEST(CorrectionUncertainty, ALargeCorrectionWidensTheReverseFutilityMargin) {
    const CorrectionUncertaintyParams p = switched_on<CorrectionUncertaintyParams>();
    EXPECT_EQ(uncertainty_margin(p, 176, 0), 176);
    EXPECT_EQ(uncertainty_margin(p, 176, 60), 176 + 60 * p.rfpPercent / 100);
    EXPECT_EQ(uncertainty_margin(CorrectionUncertaintyParams{}, 176, 60), 176); // off
    // What it means for the cutoff: eval 300 against beta 100 at depth 2 (margin 176) cuts
    // with a small correction and not with a large one.
    const ReverseFutilityParams rfp;
    const Value margin = reverse_futility_margin(rfp, 2, false);
    EXPECT_TRUE(reverse_futility_prunes(rfp, 2, 300, 100, uncertainty_margin(p, margin, 10)));
    EXPECT_FALSE(reverse_futility_prunes(rfp, 2, 300, 100, uncertainty_margin(p, margin, 100)));
}

TEST(CorrectionUncertainty, BothUsesFireInSearchOnlyWhenOn) {
    const auto [on, off] = on_and_off(&Params::correctionUncertainty, 11);
    EXPECT_GT(on.stats.uncertaintyReductionsLess, 0u);
    EXPECT_GT(on.stats.uncertaintyReverseFutilitySkips, 0u);
    EXPECT_EQ(off.stats.uncertaintyReductionsLess, 0u);
    EXPECT_EQ(off.stats.uncertaintyReverseFutilitySkips, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes);
}
