// Draw rules: repetitions, the fifty-move rule and insufficient material.
#include "core/movegen.h"
#include "core/position.h"

#include <gtest/gtest.h>

#include <initializer_list>

using namespace flotilla;

namespace {

void play(Position& pos, std::initializer_list<const char*> moves) {
    for (const char* uci : moves) {
        const Move m = pos.parse_uci_move(uci);
        ASSERT_TRUE(m) << uci << " is not legal in " << pos.fen();
        pos.make_move(m);
    }
}

constexpr auto KNIGHTS_OUT_AND_BACK = {"g1f3", "g8f6", "f3g1", "f6g8"};

} // namespace

TEST(Repetition, GameHistoryNeedsTwoEarlierOccurrences) {
    Position pos;
    EXPECT_FALSE(pos.is_repetition(0));
    ASSERT_NO_FATAL_FAILURE(play(pos, KNIGHTS_OUT_AND_BACK));
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3");
    EXPECT_FALSE(pos.is_repetition(0)); // second occurrence: not yet a draw
    ASSERT_NO_FATAL_FAILURE(play(pos, KNIGHTS_OUT_AND_BACK));
    EXPECT_TRUE(pos.is_repetition(0)); // third occurrence
}

TEST(Repetition, HasRepeatedSeesAnyRepeatSinceTheLastPawnMove) {
    Position pos;
    EXPECT_FALSE(pos.has_repeated());
    ASSERT_NO_FATAL_FAILURE(play(pos, {"g1f3", "g8f6", "f3g1"}));
    EXPECT_FALSE(pos.has_repeated());
    ASSERT_NO_FATAL_FAILURE(play(pos, {"f6g8"})); // the start position again
    EXPECT_TRUE(pos.has_repeated());
    ASSERT_NO_FATAL_FAILURE(play(pos, {"b1c3"})); // still: the repeat is in the window
    EXPECT_TRUE(pos.has_repeated());
    ASSERT_NO_FATAL_FAILURE(play(pos, {"e7e5"})); // a pawn move closes the window
    EXPECT_FALSE(pos.has_repeated());
}

TEST(Repetition, OneOccurrenceInsideTheSearchTreeCounts) {
    // Root: the start position after 1.e4 e5 (so nothing before it can repeat).
    Position pos;
    ASSERT_NO_FATAL_FAILURE(play(pos, {"e2e4", "e7e5"}));
    // Search plies 1-5: Nf3 Nf6 Ng1 Ng8 Nf3 repeats the position after ply 1.
    ASSERT_NO_FATAL_FAILURE(play(pos, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3"}));
    EXPECT_TRUE(pos.is_repetition(5));
    EXPECT_FALSE(pos.is_repetition(0)); // as game history it has occurred only twice
}

TEST(Repetition, ReturningToTheRootIsNotEnough) {
    // Root: the start position. Four search plies return to it: the root itself is the
    // only earlier occurrence, so this is just a second occurrence in the game.
    Position pos;
    ASSERT_NO_FATAL_FAILURE(play(pos, KNIGHTS_OUT_AND_BACK));
    EXPECT_FALSE(pos.is_repetition(4));
    // One ply further the position after Nf3 (search ply 1) repeats inside the tree.
    ASSERT_NO_FATAL_FAILURE(play(pos, {"g1f3"}));
    EXPECT_TRUE(pos.is_repetition(5));
}

TEST(Repetition, OneOccurrenceBeforeTheRootIsNotEnough) {
    Position pos;
    ASSERT_NO_FATAL_FAILURE(play(pos, KNIGHTS_OUT_AND_BACK)); // game history
    // Search ply 1 reaches a position seen once, four plies ago, before the root.
    ASSERT_NO_FATAL_FAILURE(play(pos, {"g1f3"}));
    EXPECT_FALSE(pos.is_repetition(1));
    EXPECT_FALSE(pos.is_repetition(0));
    // Two more cycles inside the search give two earlier occurrences in total.
    ASSERT_NO_FATAL_FAILURE(play(pos, {"g8f6", "f3g1", "f6g8", "g1f3"}));
    EXPECT_TRUE(pos.is_repetition(5));
    EXPECT_TRUE(pos.is_repetition(0));
}

TEST(Repetition, SideToMoveMatters) {
    // The same placement with the other side to move is a different position.
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false));
    ASSERT_NO_FATAL_FAILURE(play(pos, {"a1a2", "e8d8", "a2a1", "d8e8"}));
    EXPECT_FALSE(pos.is_repetition(0));
    ASSERT_NO_FATAL_FAILURE(play(pos, {"a1a3", "e8d8", "a3a2", "d8e8", "a2a1"}));
    // Same placement as the start but black to move: no earlier occurrence with black to move.
    EXPECT_FALSE(pos.is_repetition(0));
    EXPECT_FALSE(pos.is_repetition(100));
}

TEST(Repetition, IrreversibleMoveEndsTheHistory) {
    Position pos;
    ASSERT_NO_FATAL_FAILURE(play(pos, KNIGHTS_OUT_AND_BACK));
    ASSERT_NO_FATAL_FAILURE(play(pos, KNIGHTS_OUT_AND_BACK));
    ASSERT_TRUE(pos.is_repetition(0));
    ASSERT_NO_FATAL_FAILURE(play(pos, {"e2e4"}));
    EXPECT_FALSE(pos.is_repetition(0));
    EXPECT_EQ(pos.rule50_count(), 0);
}

TEST(FiftyMoveRule, DrawFromTheHundredthHalfMove) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", false));
    EXPECT_FALSE(pos.is_fifty_move_draw());
    ASSERT_NO_FATAL_FAILURE(play(pos, {"a1a2"}));
    EXPECT_EQ(pos.rule50_count(), 100);
    EXPECT_TRUE(pos.is_fifty_move_draw());
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/8/8/R3K3 b - - 150 80", false));
    EXPECT_TRUE(pos.is_fifty_move_draw());
}

TEST(FiftyMoveRule, CheckmateTakesPrecedence) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 100 80", false));
    ASSERT_TRUE(pos.in_check());
    ASSERT_EQ(MoveList(pos).size(), 0u);
    EXPECT_FALSE(pos.is_fifty_move_draw());
    // A check with an escape is still a draw.
    ASSERT_TRUE(pos.set_fen("7k/8/8/8/8/8/8/K6Q b - - 100 80", false));
    ASSERT_TRUE(pos.in_check());
    EXPECT_TRUE(pos.is_fifty_move_draw());
    // Reaching the hundredth half-move with a mating move: mate, not a draw.
    ASSERT_TRUE(pos.set_fen("7k/Q7/6K1/8/8/8/8/8 w - - 99 80", false));
    ASSERT_NO_FATAL_FAILURE(play(pos, {"a7g7"}));
    ASSERT_EQ(MoveList(pos).size(), 0u);
    EXPECT_FALSE(pos.is_fifty_move_draw());
}

TEST(InsufficientMaterial, DeadPositions) {
    const char* dead[] = {
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",    // KK
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",   // KNK
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",  // KBK
        "4kn2/8/8/8/8/8/8/4K3 b - - 0 1",   // KKN
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", // KB vs KB, both bishops on dark squares (c1, f8)
        "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", // two bishops of one side on dark squares
    };
    for (const char* fen : dead) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false)) << fen;
        EXPECT_TRUE(pos.has_insufficient_material()) << fen;
    }
}

TEST(InsufficientMaterial, MatePossible) {
    const char* alive[] = {
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", // KB vs KB, opposite colours (c1 dark, c8 light)
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",  // KNN
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",   // KP
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",    // KR
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",    // KQ
        "4kb2/8/8/8/8/8/8/4KN2 w - - 0 1",   // KN vs KB
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",  // bishop pair
        "4k3/p7/8/8/8/8/8/4K3 w - - 0 1",    // a black pawn
    };
    for (const char* fen : alive) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false)) << fen;
        EXPECT_FALSE(pos.has_insufficient_material()) << fen;
    }
}
