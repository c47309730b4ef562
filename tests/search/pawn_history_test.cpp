// Pawn history (search/pawn_history.h): one slice per pawn structure, its part in the
// quiet move order, and its updates in a search, switched on and off.
#include "search/movepick.h"
#include "search/params.h"
#include "search_helpers.h"

#include <memory>
#include <vector>

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::first_quiet;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::position_at;
using flotilla::search::testing::run_search;

TEST(PawnHistory, TheSliceFollowsThePawnsOnly) {
    auto histories = std::make_unique<Histories>();
    PawnHistory& h = histories->pawnHistory;
    // The same pawns, the pieces elsewhere and the other side to move: the same slice.
    const Position a = position_at("4k3/pp3ppp/8/3p4/3P4/8/PP3PPP/R3K2R w KQ - 0 1");
    const Position b = position_at("r3k3/pp3ppp/8/3p4/3P4/5N2/PP3PPP/4K2R b K - 0 1");
    EXPECT_EQ(&pawn_history_slice(h, a), &pawn_history_slice(h, b));
    // One pawn elsewhere: another slice (these two do not collide).
    const Position c = position_at("4k3/pp3ppp/8/3p4/2PP4/8/PP4PP/R3K2R w KQ - 0 1");
    EXPECT_NE(&pawn_history_slice(h, a), &pawn_history_slice(h, c));
}

TEST(PawnHistory, OrdersTheQuietMovesWithTheOtherTables) {
    const Position pos = position_at("4k3/pp3ppp/8/3p4/3P4/8/PP3PPP/R3K2R w KQ - 0 1");
    auto histories = std::make_unique<Histories>();
    PieceToHistory& slice = pawn_history_slice(histories->pawnHistory, pos);
    const Move kingMove = pos.parse_uci_move("e1e2"); // a king move: generated late
    slice[W_KING][kingMove.to()] = 5000;
    PieceToHistory& cont = histories->continuation.sentinel();
    MovePicker::Context ctx{histories.get(), &cont, &cont};
    EXPECT_NE(first_quiet(pos, ctx), kingMove); // without the slice, all quiets score 0
    ctx.pawnHistory = &slice;
    EXPECT_EQ(first_quiet(pos, ctx), kingMove);
}

TEST(PawnHistory, UpdatedInSearchAndSwitchesOff) {
    Params on;
    on.pawnHistory.enabled = true;
    EXPECT_GT(run_search(MIDDLEGAME, depth_limit(9), on).stats.pawnHistoryUpdates, 0u);
    Params off;
    off.pawnHistory.enabled = false;
    EXPECT_EQ(run_search(MIDDLEGAME, depth_limit(9), off).stats.pawnHistoryUpdates, 0u);
}
