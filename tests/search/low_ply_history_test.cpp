// Low-ply history (search/low_ply_history.h): the rows it applies at, its part in the
// quiet move order, its updates in a search, and its clearing at each search.
#include "search/low_ply_history.h"
#include "search/movepick.h"
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

#include <algorithm>
#include <memory>

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::first_quiet;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::position_at;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

namespace {

bool all_zero(const LowPlyHistory& h) {
    return std::all_of(h.table.begin(), h.table.end(), [](const LowPlyHistory::Row& row) {
        return std::all_of(row.begin(), row.end(), [](std::int16_t v) { return v == 0; });
    });
}
} // namespace

TEST(LowPlyHistory, ARowForEachOfTheFirstPliesOnlyWhenOn) {
    auto histories = std::make_unique<Histories>();
    LowPlyHistory& h = histories->lowPly;
    const LowPlyHistoryParams on = switched_on(LowPlyHistoryParams{});
    for (int ply = 0; ply < LOW_PLY_HISTORY_PLIES; ++ply)
        EXPECT_EQ(low_ply_row(on, h, ply), &h.table[ply]);
    EXPECT_EQ(low_ply_row(on, h, LOW_PLY_HISTORY_PLIES), nullptr);
    EXPECT_EQ(low_ply_row(on, h, -1), nullptr); // the sentinels before the root
    EXPECT_EQ(low_ply_row(LowPlyHistoryParams{}, h, 0), nullptr);
}

TEST(LowPlyHistory, WeighsMoreNearerTheRoot) {
    EXPECT_EQ(low_ply_score(8, 1000, 0), 8000);
    EXPECT_EQ(low_ply_score(8, 1000, 1), 2666);
    EXPECT_EQ(low_ply_score(8, -1000, 3), -1142);
    EXPECT_EQ(low_ply_score(0, 1000, 0), 0);
}

TEST(LowPlyHistory, OrdersTheQuietMovesWithTheOtherTables) {
    const Position pos = position_at("4k3/pp3ppp/8/3p4/3P4/8/PP3PPP/R3K2R w KQ - 0 1");
    auto histories = std::make_unique<Histories>();
    LowPlyHistory::Row& row = histories->lowPly.table[1];
    const Move kingMove = pos.parse_uci_move("e1e2"); // a king move: generated late
    row[kingMove.from() * 64 + kingMove.to()] = 3000;
    PieceToHistory& cont = histories->continuation.sentinel();
    MovePicker::Context ctx{histories.get(), &cont, &cont};
    EXPECT_NE(first_quiet(pos, ctx), kingMove); // without the row, all quiets score 0
    ctx.lowPlyRow = &row;
    ctx.lowPlyWeight = 8;
    ctx.lowPly = 1;
    EXPECT_EQ(first_quiet(pos, ctx), kingMove);
    // Another quiet with a butterfly score above the row's share (8·3000/3 = 8000) goes first.
    const Move rookMove = pos.parse_uci_move("a1d1");
    histories->butterfly.at(WHITE, rookMove) = 9000;
    EXPECT_EQ(first_quiet(pos, ctx), rookMove);
    ctx.lowPly = 0; // at the root the same entry weighs 24,000
    EXPECT_EQ(first_quiet(pos, ctx), kingMove);
}

TEST(LowPlyHistory, UpdatedInSearchAndSwitchesOff) {
    Params on;
    on.lowPlyHistory = switched_on(LowPlyHistoryParams{});
    EXPECT_GT(run_search(MIDDLEGAME, depth_limit(9), on).stats.lowPlyHistoryUpdates, 0u);
    Params off;
    EXPECT_EQ(run_search(MIDDLEGAME, depth_limit(9), off).stats.lowPlyHistoryUpdates, 0u);
}

// Its plies count from the root, so each search starts with an empty table: a depth-1
// search (whose children are quiescence nodes, which never update it) leaves it empty
// after a deep search had filled it.
TEST(LowPlyHistory, ClearedAtEachSearch) {
    Params on;
    on.lowPlyHistory = switched_on(LowPlyHistoryParams{});
    Position pos = position_at(MIDDLEGAME);
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    std::atomic<bool> stop{false};
    worker->iterative_deepening(pos, depth_limit(9), on, stop);
    EXPECT_FALSE(all_zero(worker->history_tables().lowPly));
    worker->iterative_deepening(pos, depth_limit(1), on, stop);
    EXPECT_TRUE(all_zero(worker->history_tables().lowPly));
}
