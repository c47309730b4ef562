// Continuation correction history (search/selectivity/continuation_correction.h): the
// table's index from the last two moves, its weighted share of the correction, and its
// updates in a search, switched on, off, and off with the correction history itself.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

#include <set>

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

namespace {

// A stack whose entries 0 and 1 hold the moves before the node at entry 2.
struct TwoMoves {
    StackEntry stack[3];
    TwoMoves(Piece before, Move beforeMove, Piece last, Move lastMove) {
        stack[0].movedPiece = before;
        stack[0].move = beforeMove;
        stack[1].movedPiece = last;
        stack[1].move = lastMove;
    }
    const StackEntry* node() const { return stack + 2; }
};
} // namespace

TEST(ContinuationCorrection, EachPairOfMovesHasItsOwnEntryAndOnlyRealMovesHaveOne) {
    const ContinuationCorrectionParams p = switched_on<ContinuationCorrectionParams>();
    const Move e4(SQ_E2, SQ_E4), e5(SQ_E7, SQ_E5), d5(SQ_D7, SQ_D5);
    std::set<int> slots;
    for (const TwoMoves& m :
         {TwoMoves(W_PAWN, e4, B_PAWN, e5), TwoMoves(W_PAWN, e4, B_PAWN, d5),
          TwoMoves(B_PAWN, e5, W_PAWN, e4), TwoMoves(W_PAWN, e4, B_QUEEN, e5)}) {
        const int slot = continuation_correction_slot(p, m.node());
        EXPECT_GE(slot, 0);
        EXPECT_LT(slot, CONTINUATION_CORRECTION_SIZE);
        slots.insert(slot);
    }
    EXPECT_EQ(slots.size(), 4u); // the order, the squares and the pieces all count
    EXPECT_EQ(continuation_correction_slot(p, TwoMoves(W_PAWN, e4, B_PAWN, Move::null()).node()),
              -1);
    EXPECT_EQ(continuation_correction_slot(p, TwoMoves(NO_PIECE, Move::none(), B_PAWN, e5).node()),
              -1);
    ContinuationCorrectionParams off;
    off.enabled = false;
    EXPECT_EQ(continuation_correction_slot(off, TwoMoves(W_PAWN, e4, B_PAWN, e5).node()), -1);
}

TEST(ContinuationCorrection, ItsWeightedEntryJoinsTheCorrection) {
    const CorrectionHistoryParams p;
    const int unit = p.grain * p.weightScale; // one cp of weighted sum
    EXPECT_EQ(corrected_eval(p, 100, 0, 0, 0, 7 * unit), 107);
    EXPECT_EQ(corrected_eval(p, 100, 0, 0, 0, -7 * unit), 93);
    CorrectionHistoryParams off = p;
    off.enabled = false;
    EXPECT_EQ(corrected_eval(off, 100, 0, 0, 0, 7 * unit), 100);
}

TEST(ContinuationCorrection, UpdatedInSearchOnlyWhenItAndTheCorrectionHistoryAreOn) {
    Params switchedOn;
    switchedOn.continuationCorrection.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(10), switchedOn);
    EXPECT_GT(on.stats.continuationCorrectionUpdates, 0u);
    EXPECT_LE(on.stats.continuationCorrectionUpdates, on.stats.correctionHistoryUpdates);
    Params none;
    none.continuationCorrection.enabled = false;
    const auto off = run_search(MIDDLEGAME, depth_limit(10), none);
    EXPECT_EQ(off.stats.continuationCorrectionUpdates, 0u);
    EXPECT_GT(off.stats.correctionHistoryUpdates, 0u);
    Params noCorrection;
    noCorrection.correctionHistory.enabled = false;
    EXPECT_EQ(
        run_search(MIDDLEGAME, depth_limit(10), noCorrection).stats.continuationCorrectionUpdates,
        0u);
}
