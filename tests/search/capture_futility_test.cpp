// Capture futility (search/selectivity/capture_futility.h): the capture's reduced depth,
// the margin with the captured piece and the capture's history, the moves it never
// touches, and its counter in a search only when it is on.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::on_and_off;
using flotilla::search::testing::switched_on;

TEST(CaptureFutility, TheDepthIsTheReducedOneAndNeverNegative) {
    EXPECT_EQ(capture_futility_depth(6, 2), 3);
    EXPECT_EQ(capture_futility_depth(3, 1), 1);
    EXPECT_EQ(capture_futility_depth(2, 3), 0);
}

TEST(CaptureFutility, AFutileCaptureIsOneEvenItsPieceAndHistoryCannotLift) {
    const CaptureFutilityParams p = switched_on<CaptureFutilityParams>();
    // lmrDepth 2: eval 0 + 88 + 110·2 + a pawn (100) = 408.
    MovePruningContext c{.depth = 4, .eval = 0, .alpha = 408, .quiet = false};
    EXPECT_TRUE(capture_futility_prunes(p, c, 2, PIECE_VALUE[PAWN]));
    c.alpha = 407;
    EXPECT_FALSE(capture_futility_prunes(p, c, 2, PIECE_VALUE[PAWN]));
    // A knight instead of the pawn lifts it above alpha 500; a poor history sinks it again.
    c.alpha = 500;
    EXPECT_FALSE(capture_futility_prunes(p, c, 2, PIECE_VALUE[KNIGHT]));
    c.history = -7 * 200;
    EXPECT_TRUE(capture_futility_prunes(p, c, 2, PIECE_VALUE[KNIGHT]));
    // A good history keeps the pawn capture.
    c.alpha = 408;
    c.history = 7 * 10;
    EXPECT_FALSE(capture_futility_prunes(p, c, 2, PIECE_VALUE[PAWN]));
}

TEST(CaptureFutility, NeverAtPvNodesForChecksQuietsDeepMovesOrWhenOff) {
    const CaptureFutilityParams p = switched_on<CaptureFutilityParams>();
    const MovePruningContext futile{.depth = 4, .eval = -1000, .alpha = 0, .quiet = false};
    ASSERT_TRUE(capture_futility_prunes(p, futile, 1, 0));
    MovePruningContext c = futile;
    c.pvNode = true;
    EXPECT_FALSE(capture_futility_prunes(p, c, 1, 0));
    c = futile;
    c.givesCheck = true;
    EXPECT_FALSE(capture_futility_prunes(p, c, 1, 0));
    c = futile;
    c.quiet = true;
    EXPECT_FALSE(capture_futility_prunes(p, c, 1, 0));
    EXPECT_FALSE(capture_futility_prunes(p, futile, p.maxLmrDepth + 1, 0));
    EXPECT_TRUE(capture_futility_prunes(p, futile, p.maxLmrDepth, 0));
    EXPECT_FALSE(capture_futility_prunes(CaptureFutilityParams{}, futile, 1, 0)); // off
}

TEST(CaptureFutility, FiresInSearchOnlyWhenOn) {
    const auto [on, off] = on_and_off(&Params::captureFutility, 11);
    EXPECT_GT(on.stats.captureFutilityPruned, 0u);
    EXPECT_EQ(off.stats.captureFutilityPruned, 0u);
    EXPECT_NE(on.result.nodes, off.result.nodes);
}
