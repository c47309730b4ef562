// Move validation: is_pseudo_legal + is_legal over every 16-bit value agree with
// the legal generator; the staged generators partition the legal moves; and
// gives_check agrees with making the move.
#include "core/movegen.h"
#include "core/position.h"
#include "move_checks.h"
#include "test_positions.h"
#include "tree_walk.h"

#include <gtest/gtest.h>

using namespace flotilla;

namespace {

struct Case {
    const char* fen;
    bool chess960;
    const char* why;
};

const Case CASES[] = {
    {Position::START_FEN, false, "start"},
    {test::KIWIPETE, false, "castling both ways, pins, en passant below"},
    {"rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3", false, "check by bishop"},
    {"4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1", false, "double check, castling right while in check"},
    {"4k3/4r3/8/8/1b6/2b1R3/3P4/4K2R w K - 0 1", false, "pinned rook and pawn, castling"},
    {"4k3/4r3/8/8/8/8/4B3/r3K2R w K - 0 1", false, "pinned bishop, king in check by rook"},
    {test::EN_PASSANT, false, "en passant available"},
    {"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3", false, "black en passant"},
    {test::EN_PASSANT_PINNED, false, "en passant stored but illegal"},
    {"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", false, "en passant exposing the king on a rank"},
    {"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", false, "en passant captures the checking pawn"},
    {test::PROMOTIONS, false, "promotions by push and capture, black"},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", false, "promotions by push and capture, white"},
    {test::CPW_POSITION_4, false, "promotions and checks"},
    {test::CPW_POSITION_5, false, "promotion with capture"},
    {test::CHESS960, true, "Chess960 castling"},
    {"r1r1k2r/8/8/8/8/8/8/RK5R w KQkc - 0 1", true, "Chess960 king on b1, inner rook"},
    {"4k3/8/8/8/8/8/8/qRK5 w Q - 0 1", true, "Chess960 castling rook shields the king"},
    {"4k3/8/8/8/8/8/8/5KR1 w K - 0 1", true, "Chess960 rook on the king's target"},
    {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", false, "checkmate: no legal moves"},
    {"7k/8/6Q1/8/8/8/8/K7 b - - 0 1", false, "stalemate: no legal moves"},
};

} // namespace

TEST(MoveValidation, AllSixteenBitValuesMatchLegalList) {
    for (const auto& c : CASES) {
        SCOPED_TRACE(c.why);
        Position pos;
        ASSERT_TRUE(pos.set_fen(c.fen, c.chess960)) << c.fen;
        test::expect_validation_matches_generator(pos);
    }
}

// The same check at every node one and two plies below a few rich positions.
TEST(MoveValidation, AllSixteenBitValuesMatchLegalListInsideTrees) {
    const Case roots[] = {
        {test::KIWIPETE, false, "Kiwipete"},
        {test::CPW_POSITION_4, false, "position 4"},
        {test::PROMOTIONS, false, "promotions"},
        {test::CHESS960, true, "Chess960"},
    };
    for (const auto& c : roots) {
        SCOPED_TRACE(c.why);
        Position pos;
        ASSERT_TRUE(pos.set_fen(c.fen, c.chess960));
        test::walk_tree(pos, 2, [](const Position& p) {
            if (!::testing::Test::HasFailure()) test::expect_validation_matches_generator(p);
        });
    }
}

TEST(MoveValidation, ExpectedCountsInSpecialPositions) {
    // Hand-counted facts: only king moves in double check, no en passant when illegal.
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1", false));
    for (Move m : MoveList(pos)) EXPECT_EQ(m.from(), SQ_E1) << pos.move_to_uci(m);
    // Ke2 and Kf2: d1 and f1 are on the rook's rank, d2 is covered by the knight.
    EXPECT_EQ(MoveList(pos).size(), 2u);
    ASSERT_TRUE(pos.set_fen(test::EN_PASSANT_PINNED, false));
    EXPECT_EQ(pos.ep_square(), SQ_C6);
    EXPECT_FALSE(MoveList(pos).contains(Move::make(SQ_B5, SQ_C6, EN_PASSANT)));
    EXPECT_TRUE(pos.is_pseudo_legal(Move::make(SQ_B5, SQ_C6, EN_PASSANT)));
    EXPECT_FALSE(pos.is_legal(Move::make(SQ_B5, SQ_C6, EN_PASSANT)));
    ASSERT_TRUE(pos.set_fen(test::EN_PASSANT, false));
    EXPECT_TRUE(MoveList(pos).contains(Move::make(SQ_E5, SQ_F6, EN_PASSANT)));
    ASSERT_TRUE(pos.set_fen("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", false));
    EXPECT_TRUE(MoveList(pos).contains(Move::make(SQ_E4, SQ_D3, EN_PASSANT)));
    ASSERT_TRUE(pos.set_fen(test::PROMOTIONS, false));
    int promotions = 0;
    for (Move m : MoveList(pos)) promotions += m.type() == PROMOTION;
    EXPECT_EQ(promotions, 12); // g1, gxf1 and gxh1, each to Q, R, B, N; f1 and h1 are blocked
}

TEST(MoveValidation, StagedGeneratorsPartitionLegalMoves) {
    for (const auto& c : CASES) {
        SCOPED_TRACE(c.why);
        Position pos;
        ASSERT_TRUE(pos.set_fen(c.fen, c.chess960)) << c.fen;
        test::walk_tree(pos, 2, [](const Position& p) {
            if (!::testing::Test::HasFailure()) test::expect_staged_generators_partition_legal(p);
        });
    }
}

TEST(MoveValidation, GivesCheckAgreesWithMaking) {
    const Case roots[] = {
        {test::KIWIPETE, false, "Kiwipete"},
        {test::CPW_POSITION_3, false, "position 3"},
        {test::CPW_POSITION_4, false, "position 4"},
        {test::CPW_POSITION_5, false, "position 5"},
        {test::PROMOTIONS, false, "promotions"},
        {test::EN_PASSANT, false, "en passant"},
        {test::CHESS960, true, "Chess960"},
        {"r1r1k2r/8/8/8/8/8/8/RK5R w KQkc - 0 1", true, "Chess960 inner rook"},
        {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false, "castling gives check"},
    };
    for (const auto& c : roots) {
        SCOPED_TRACE(c.why);
        Position pos;
        ASSERT_TRUE(pos.set_fen(c.fen, c.chess960));
        int checks = 0;
        test::walk_tree(pos, 2, [&](Position& p) {
            if (!::testing::Test::HasFailure())
                checks += test::expect_gives_check_matches_making(p);
        });
        EXPECT_GT(checks, 0);
    }
}

TEST(MoveValidation, CastlingGivesCheckThroughTheRook) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1", false));
    const Move castle = Move::make(SQ_E1, SQ_H1, CASTLING);
    ASSERT_TRUE(MoveList(pos).contains(castle));
    EXPECT_TRUE(pos.gives_check(castle)); // the rook lands on f1, on the king's file
}
