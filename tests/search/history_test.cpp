// The history refinements: the size of the updates after a cutoff
// (search/history_bonus.h), the continuation history 4 and 6 plies back
// (search/continuation_history4.h), the SEE pruning threshold of captures with capture
// history (search/selectivity/capture_history_see.h), and that each switched off gives
// the old behaviour.
#include "core/position.h"
#include "core/see.h"
#include "search/continuation_history4.h"
#include "search/history_bonus.h"
#include "search/movepick.h"
#include "search/selectivity/capture_history_see.h"
#include "search/selectivity/see_pruning.h"
#include "search_helpers.h"
#include "switched_on.h"

#include <gtest/gtest.h>

#include <memory>

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::first_quiet;
using flotilla::search::testing::switched_on;

namespace {

int quadratic(Depth d) { return d > 13 ? 1600 : 8 * d * d + 16 * d; }

// A search path of six moves before the node at ss, each with its own continuation slice.
struct Path {
    std::unique_ptr<Histories> h = std::make_unique<Histories>();
    StackEntry stack[8];
    StackEntry* ss = stack + 7;
    Path() {
        const Piece pieces[] = {W_PAWN,  B_KNIGHT, W_BISHOP, B_ROOK,
                                W_QUEEN, B_PAWN,   W_KNIGHT, B_KING};
        for (int i = 0; i < 8; ++i)
            stack[i].continuation = &h->continuation.at(pieces[i], Square(SQ_A3 + i));
    }
    int entry(int pliesBack, Piece p, Square to) const {
        return (*(ss - pliesBack)->continuation)[p][to];
    }
};

} // namespace

TEST(LinearHistoryBonus, SwitchedOffIsTheQuadraticFormula) {
    LinearHistoryBonusParams off;
    off.enabled = false;
    off.malusPerDepth = 999; // ignored when off
    for (Depth d = 1; d <= 30; ++d) {
        EXPECT_EQ(cutoff_bonus(off, d), quadratic(d)) << d;
        EXPECT_EQ(cutoff_malus(off, d), quadratic(d)) << d;
    }
}

TEST(LinearHistoryBonus, LinearInDepthUpToItsCap) {
    const LinearHistoryBonusParams p;
    ASSERT_TRUE(p.enabled);
    EXPECT_EQ(cutoff_bonus(p, 1), 128 - 64);
    EXPECT_EQ(cutoff_bonus(p, 2), 256 - 64);
    EXPECT_EQ(cutoff_bonus(p, 5), 640 - 64);
    EXPECT_EQ(cutoff_bonus(p, 12), 1536 - 64);
    EXPECT_EQ(cutoff_bonus(p, 13), 1600); // 1664 - 64: the cap
    EXPECT_EQ(cutoff_bonus(p, 40), 1600);
    for (Depth d = 2; d <= 13; ++d)
        EXPECT_EQ(cutoff_bonus(p, d) - cutoff_bonus(p, d - 1), 128) << d;
    // Larger than the quadratic bonus at low depth, where most cutoffs happen.
    for (Depth d = 1; d <= 13; ++d) EXPECT_GT(cutoff_bonus(p, d), quadratic(d)) << d;
}

TEST(LinearHistoryBonus, MalusHasItsOwnScaleAndNeitherGoesNegative) {
    LinearHistoryBonusParams p;
    p.malusPerDepth = 200;
    p.malusOffset = 100;
    p.malusMax = 1000;
    EXPECT_EQ(cutoff_malus(p, 1), 100);
    EXPECT_EQ(cutoff_malus(p, 3), 500);
    EXPECT_EQ(cutoff_malus(p, 6), 1000);
    EXPECT_EQ(cutoff_bonus(p, 3), 384 - 64); // the bonus keeps its own numbers
    p.bonusPerDepth = 10;
    p.bonusOffset = 100;
    EXPECT_EQ(cutoff_bonus(p, 1), 0);
    EXPECT_EQ(cutoff_bonus(p, 0), 0);
    EXPECT_EQ(cutoff_malus(p, 0), 0);
}

TEST(ContinuationHistory4, SwitchedOffUpdatesAndReadsOnlyOneAndTwoPliesBack) {
    Path path;
    ContinuationHistory4Params off;
    off.enabled = false;
    const Move m(SQ_G1, SQ_F3);
    update_quiet_histories(off, *path.h, path.ss, WHITE, W_KNIGHT, m, 1000);
    EXPECT_EQ(path.h->butterfly.get(WHITE, m), 1000);
    EXPECT_EQ(path.entry(1, W_KNIGHT, SQ_F3), 1000);
    EXPECT_EQ(path.entry(2, W_KNIGHT, SQ_F3), 1000);
    for (int back : {3, 4, 5, 6}) EXPECT_EQ(path.entry(back, W_KNIGHT, SQ_F3), 0) << back;
    (*(path.ss - 4)->continuation)[W_KNIGHT][SQ_F3] = 777;
    EXPECT_EQ(quiet_history(off, *path.h, path.ss, WHITE, W_KNIGHT, m), 3000);
}

TEST(ContinuationHistory4, ACutoffUpdatesFourAndSixPliesBackWithTheirShare) {
    Path path;
    ContinuationHistory4Params p = switched_on<ContinuationHistory4Params>();
    ASSERT_TRUE(p.enabled);
    p.ply6BonusPercent = 25;
    const Move m(SQ_G1, SQ_F3);
    update_quiet_histories(p, *path.h, path.ss, WHITE, W_KNIGHT, m, 1000);
    EXPECT_EQ(path.entry(1, W_KNIGHT, SQ_F3), 1000);
    EXPECT_EQ(path.entry(2, W_KNIGHT, SQ_F3), 1000);
    EXPECT_EQ(path.entry(3, W_KNIGHT, SQ_F3), 0);
    EXPECT_EQ(path.entry(4, W_KNIGHT, SQ_F3), 500); // 50 % by default
    EXPECT_EQ(path.entry(5, W_KNIGHT, SQ_F3), 0);
    EXPECT_EQ(path.entry(6, W_KNIGHT, SQ_F3), 250);
    // A malus takes the same share, with gravity: 500 - 500 - 500·500/16384.
    update_quiet_histories(p, *path.h, path.ss, WHITE, W_KNIGHT, m, -1000);
    EXPECT_EQ(path.entry(4, W_KNIGHT, SQ_F3), 500 - 500 - 500 * 500 / HISTORY_MAX);
    // The combined history (LMR, history leaf pruning) reads 4 plies back, not 6.
    Path fresh;
    (*(fresh.ss - 4)->continuation)[W_KNIGHT][SQ_F3] = 700;
    (*(fresh.ss - 6)->continuation)[W_KNIGHT][SQ_F3] = 300;
    (*(fresh.ss - 1)->continuation)[W_KNIGHT][SQ_F3] = 40;
    EXPECT_EQ(quiet_history(p, *fresh.h, fresh.ss, WHITE, W_KNIGHT, m), 740);
}

TEST(ContinuationHistory4, QuietOrderingReadsFourAndSixPliesBack) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(Position::START_FEN, false));
    auto h = std::make_unique<Histories>();
    PieceToHistory& none = h->continuation.sentinel();
    PieceToHistory& four = h->continuation.at(W_BISHOP, SQ_C4);
    PieceToHistory& six = h->continuation.at(W_PAWN, SQ_E4);
    const Move nf3(SQ_G1, SQ_F3), a3(SQ_A2, SQ_A3);
    // All quiets score 0 but these: the first one out is the best of them.
    const MovePicker::Context without{h.get(), &none, &none};
    const MovePicker::Context with{h.get(), &none, &none, &four, &six};
    ASSERT_NE(first_quiet(pos, without), nf3);
    four[W_KNIGHT][SQ_F3] = 2000;
    EXPECT_EQ(first_quiet(pos, with), nf3);
    EXPECT_NE(first_quiet(pos, without), nf3); // no pointers: the old order
    six[W_PAWN][SQ_A3] = 3000;
    EXPECT_EQ(first_quiet(pos, with), a3);
}

TEST(CaptureHistorySee, SwitchedOffKeepsTheThreshold) {
    CaptureHistorySeeParams off;
    off.enabled = false;
    for (int history : {-16000, -3200, 0, 3200, 16000})
        EXPECT_EQ(capture_see_threshold(off, -100, 2, history), -100) << history;
}

TEST(CaptureHistorySee, TheThresholdMovesWithCaptureHistoryWithinItsLimit) {
    const CaptureHistorySeeParams p = switched_on<CaptureHistorySeeParams>();
    ASSERT_TRUE(p.enabled);
    EXPECT_EQ(capture_see_threshold(p, -100, 2, 0), -100);
    EXPECT_EQ(capture_see_threshold(p, -100, 2, 3200), -200);  // good history: lower
    EXPECT_EQ(capture_see_threshold(p, -100, 2, 16000), -300); // at most 100·depth
    EXPECT_EQ(capture_see_threshold(p, -400, 4, -3200), -300); // bad history: higher
    EXPECT_EQ(capture_see_threshold(p, -100, 2, -16000), 0);   // but never above 0
    EXPECT_EQ(capture_see_threshold(p, -25, 1, -1600), 0);
}

// Bxd5 wins a pawn for the bishop (SEE −200): SEE pruning at depth 2 (threshold −100)
// skips it, unless its capture history has been good.
TEST(CaptureHistorySee, AGoodCaptureHistoryKeepsALosingCaptureFromSeePruning) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/2p5/3p4/8/8/6B1/4K3 w - - 0 1", false));
    const Move bxd5(SQ_G2, SQ_D5);
    const SeePruningParams see;
    const Value threshold = see_pruning_threshold(see, 2, false);
    ASSERT_EQ(threshold, -100);
    ASSERT_TRUE(see_ge(pos, bxd5, -200));
    ASSERT_FALSE(see_ge(pos, bxd5, -199));
    CaptureHistorySeeParams p = switched_on<CaptureHistorySeeParams>();
    EXPECT_FALSE(see_ge(pos, bxd5, capture_see_threshold(p, threshold, 2, 0)));   // pruned
    EXPECT_TRUE(see_ge(pos, bxd5, capture_see_threshold(p, threshold, 2, 3200))); // searched
    EXPECT_FALSE(see_ge(pos, bxd5, capture_see_threshold(p, threshold, 2, -3200)));
    p.enabled = false;
    EXPECT_FALSE(see_ge(pos, bxd5, capture_see_threshold(p, threshold, 2, 3200))); // as before
}
