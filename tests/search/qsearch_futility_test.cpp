// Quiescence futility and move-count pruning (search/selectivity/qsearch_futility.h):
// which captures it skips, which it never touches, and its counters in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

namespace {

// The first capture tried, a pawn, stand pat 0 against alpha 0.
QsearchFutilityContext first_capture() { return QsearchFutilityContext{0, 0, 100, false, 1}; }
} // namespace

TEST(QsearchFutility, SkipsLateCapturesButNotChecksRecapturesOrPromotions) {
    const QsearchFutilityParams p = switched_on<QsearchFutilityParams>();
    QsearchFutilityContext c = first_capture();
    c.alpha = -1000; // far below the stand pat: only the move count can skip it
    c.moveCount = p.moveCountMax;
    EXPECT_EQ(qsearch_futility(p, c), QsearchFutilityVerdict::Search);
    c.moveCount = p.moveCountMax + 1;
    EXPECT_EQ(qsearch_futility(p, c), QsearchFutilityVerdict::MoveCount);
    c.exempt = true;
    EXPECT_EQ(qsearch_futility(p, c), QsearchFutilityVerdict::Search);
}

TEST(QsearchFutility, FutileWhenEvenTheCapturedPieceCannotReachAlpha) {
    const QsearchFutilityParams p = switched_on<QsearchFutilityParams>();
    QsearchFutilityContext c = first_capture();
    c.alpha = c.standPat + p.margin + c.captured; // exactly reachable: still futile (≤)
    EXPECT_EQ(qsearch_futility(p, c), QsearchFutilityVerdict::Futile);
    c.alpha -= 1; // the capture could lift the score past alpha; SEE decides
    EXPECT_EQ(qsearch_futility(p, c), QsearchFutilityVerdict::NeedsSee);
    c.alpha = c.standPat + p.margin - 1; // the margin alone passes alpha
    EXPECT_EQ(qsearch_futility(p, c), QsearchFutilityVerdict::Search);
    c.alpha = 10000;
    c.exempt = true;
    EXPECT_EQ(qsearch_futility(p, c), QsearchFutilityVerdict::Search);
    c.exempt = false;
    c.standPat = VALUE_NONE; // in check: no stand pat, nothing skipped
    EXPECT_EQ(qsearch_futility(p, c), QsearchFutilityVerdict::Search);
    QsearchFutilityParams off;
    off.enabled = false;
    c = first_capture();
    c.alpha = 10000;
    c.moveCount = 10;
    EXPECT_EQ(qsearch_futility(off, c), QsearchFutilityVerdict::Search);
}

TEST(QsearchFutility, FiresInSearchAndSwitchesOff) {
    Params switchedOn;
    switchedOn.qsearchFutility.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(10), switchedOn);
    EXPECT_GT(on.stats.qsearchFutilityPruned, 0u);
    EXPECT_GT(on.stats.qsearchMoveCountPruned, 0u);
    Params off;
    off.qsearchFutility.enabled = false;
    const auto none = run_search(MIDDLEGAME, depth_limit(10), off);
    EXPECT_EQ(none.stats.qsearchFutilityPruned + none.stats.qsearchMoveCountPruned, 0u);
}

// A mate through checks is still found: checking captures are never skipped.
TEST(QsearchFutility, KeepsMatesFound) {
    Params on;
    on.qsearchFutility.enabled = true;
    EXPECT_EQ(run_search("r5k1/5ppp/8/8/8/8/1Q6/1R4K1 w - - 0 1", depth_limit(10), on).result.score,
              mate_in(3));
}
