// The move ranking of game files (version 2): a one-to-one map between a position's
// legal moves and 0 .. n-1, the same both ways, with the likely moves first.
#include "core/movegen.h"
#include "game_samples.h"
#include "tools/move_rank.h"

#include <gtest/gtest.h>

#include <set>

namespace flotilla::tools {
namespace {

void expect_one_to_one(const Position& pos, Square previousTo) {
    const MoveList moves(pos);
    std::set<int> ranks;
    for (Move m : moves) {
        const int rank = move_rank(pos, previousTo, m);
        ASSERT_GE(rank, 0) << pos.fen() << " " << pos.move_to_uci(m);
        ASSERT_LT(rank, int(moves.size()));
        EXPECT_EQ(move_at_rank(pos, previousTo, rank), m) << pos.fen();
        ranks.insert(rank);
    }
    EXPECT_EQ(ranks.size(), moves.size()) << pos.fen();
    EXPECT_EQ(move_at_rank(pos, previousTo, int(moves.size())), Move::none());
    EXPECT_EQ(move_at_rank(pos, previousTo, -1), Move::none());
}

TEST(MoveRank, EveryLegalMoveHasItsOwnRankBothWays) {
    for (const GameRecord& game : testing::edge_games()) {
        Position pos;
        ASSERT_TRUE(unpack_position(game.start, &pos));
        Square previousTo = SQ_NONE;
        for (Move m : game.moves) {
            expect_one_to_one(pos, previousTo);
            pos.make_move(m);
            previousTo = m.to();
        }
    }
}

TEST(MoveRank, MovesThatAreNotLegalHaveNoRank) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(Position::START_FEN, false));
    EXPECT_EQ(move_rank(pos, SQ_NONE, Move::make(SQ_E2, SQ_E5)), -1);
    EXPECT_EQ(move_rank(pos, SQ_NONE, Move::none()), -1);
    EXPECT_EQ(move_rank(pos, SQ_NONE, Move::null()), -1);
}

TEST(MoveRank, LikelyMovesComeFirst) {
    Position pos;
    // White: a7 promotes; Nc3 can take the queen on e4 or the pawn on b5; Ra1 can castle.
    ASSERT_TRUE(pos.set_fen("4k3/P7/8/1p6/4q3/2N5/4P3/R3K3 w Q - 0 1", false));
    const auto rank = [&](const char* uci, Square previousTo = SQ_NONE) {
        return move_rank(pos, previousTo, pos.parse_uci_move(uci));
    };
    EXPECT_EQ(rank("a7a8q"), 0);
    EXPECT_EQ(rank("c3e4"), 1); // the queen before the pawn
    EXPECT_EQ(rank("c3b5"), 2);
    EXPECT_EQ(rank("c3b5", SQ_B5), 1); // a recapture comes before other captures
    EXPECT_EQ(rank("e1c1"), 3);        // castling before the quiet moves
    const int moves = int(MoveList(pos).size());
    EXPECT_GE(rank("a7a8n"), moves - 3); // under-promotions last
    EXPECT_GE(rank("a7a8r"), moves - 3);
    EXPECT_GE(rank("a7a8b"), moves - 3);
}

} // namespace
} // namespace flotilla::tools
