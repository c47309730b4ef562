// UCI move text: printing (castling as e1g1, or king-takes-rook in Chess960 mode)
// and parsing, which accepts only legal moves and rejects any garbage.
#include "core/movegen.h"
#include "core/position.h"
#include "test_positions.h"

#include <gtest/gtest.h>

#include <string>

using namespace flotilla;

TEST(UciNotation, PrintsStandardCastlingAsKingTwoSquares) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(test::KIWIPETE, false));
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_E1, SQ_H1, CASTLING)), "e1g1");
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_E1, SQ_A1, CASTLING)), "e1c1");
    pos.make_move(Move(SQ_A2, SQ_A3));
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_E8, SQ_H8, CASTLING)), "e8g8");
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_E8, SQ_A8, CASTLING)), "e8c8");
}

TEST(UciNotation, PrintsChess960CastlingAsKingTakesRook) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/8/8/RK5R w KQ - 0 1", true));
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_B1, SQ_A1, CASTLING)), "b1a1");
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_B1, SQ_H1, CASTLING)), "b1h1");
    ASSERT_TRUE(pos.set_fen(test::KIWIPETE, true));
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_E1, SQ_H1, CASTLING)), "e1h1");
}

TEST(UciNotation, PrintsOrdinaryMovesPromotionsAndNone) {
    Position pos;
    EXPECT_EQ(pos.move_to_uci(Move(SQ_E2, SQ_E4)), "e2e4");
    EXPECT_EQ(pos.move_to_uci(Move(SQ_G1, SQ_F3)), "g1f3");
    EXPECT_EQ(pos.move_to_uci(Move::none()), "0000");
    EXPECT_EQ(pos.move_to_uci(Move::null()), "0000");
    ASSERT_TRUE(pos.set_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", false));
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_B7, SQ_B8, PROMOTION, QUEEN)), "b7b8q");
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_B7, SQ_A8, PROMOTION, KNIGHT)), "b7a8n");
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_B7, SQ_C8, PROMOTION, ROOK)), "b7c8r");
    EXPECT_EQ(pos.move_to_uci(Move::make(SQ_B7, SQ_B8, PROMOTION, BISHOP)), "b7b8b");
}

TEST(UciNotation, ParsesEveryLegalMoveBack) {
    const std::pair<const char*, bool> fens[] = {
        {Position::START_FEN, false},
        {test::KIWIPETE, false},
        {test::KIWIPETE, true},
        {test::PROMOTIONS, false},
        {test::EN_PASSANT, false},
        {test::CHESS960, true},
        {"4k3/8/8/8/8/8/8/RK5R w KQ - 0 1", true},
        {"4k3/8/8/8/8/8/8/5KR1 w K - 0 1", true},
    };
    for (const auto& [fen, chess960] : fens) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, chess960));
        for (Move m : MoveList(pos))
            EXPECT_EQ(pos.parse_uci_move(pos.move_to_uci(m)), m)
                << pos.move_to_uci(m) << " in " << fen;
    }
}

TEST(UciNotation, ParsesBothCastlingNotations) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(test::KIWIPETE, false));
    EXPECT_EQ(pos.parse_uci_move("e1g1"), Move::make(SQ_E1, SQ_H1, CASTLING));
    EXPECT_EQ(pos.parse_uci_move("e1c1"), Move::make(SQ_E1, SQ_A1, CASTLING));
    // In Chess960 mode, king-takes-rook is the native notation.
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/8/8/RK5R w KQ - 0 1", true));
    EXPECT_EQ(pos.parse_uci_move("b1a1"), Move::make(SQ_B1, SQ_A1, CASTLING));
    EXPECT_EQ(pos.parse_uci_move("b1h1"), Move::make(SQ_B1, SQ_H1, CASTLING));
    // b1c1 is also an ordinary king move here, and the ordinary move wins.
    EXPECT_EQ(pos.parse_uci_move("b1c1"), Move(SQ_B1, SQ_C1));
    // A king already on g1: castling is g1h1, a plain king step is not g1g1.
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/8/8/6KR w K - 0 1", true));
    EXPECT_EQ(pos.parse_uci_move("g1h1"), Move::make(SQ_G1, SQ_H1, CASTLING));
}

TEST(UciNotation, ParsesPromotionsAndEnPassant) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", false));
    EXPECT_EQ(pos.parse_uci_move("b7b8q"), Move::make(SQ_B7, SQ_B8, PROMOTION, QUEEN));
    EXPECT_EQ(pos.parse_uci_move("b7c8n"), Move::make(SQ_B7, SQ_C8, PROMOTION, KNIGHT));
    EXPECT_EQ(pos.parse_uci_move("b7b8"), Move::none()); // a promotion needs its piece
    EXPECT_EQ(pos.parse_uci_move("b7b8k"), Move::none());
    EXPECT_EQ(pos.parse_uci_move("b7b8p"), Move::none());
    EXPECT_EQ(pos.parse_uci_move("a7a8q"), Move::none()); // blocked
    ASSERT_TRUE(pos.set_fen(test::EN_PASSANT, false));
    EXPECT_EQ(pos.parse_uci_move("e5f6"), Move::make(SQ_E5, SQ_F6, EN_PASSANT));
    EXPECT_EQ(pos.parse_uci_move("e5d6"), Move::none()); // d5 was not just pushed
}

TEST(UciNotation, RejectsGarbageAndIllegalMoves) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", false));
    const std::string garbage[] = {
        "",
        "e",
        "e2",
        "e2e",
        "e2e9",
        "z1a1",
        "e7e8x",
        "e7e8qq",
        "E7E8q",
        "e7 e8",
        "e1e1",
        "e1e3",
        "0000",
        "e1d1 ",
        " e1d1",
        "\xff\xff\xff\xff",
        std::string(4, '\0'),
        std::string(1024, 'e'),
        "e7e8q" + std::string(1019, 'q'),
    };
    for (const auto& text : garbage)
        EXPECT_EQ(pos.parse_uci_move(text), Move::none()) << "'" << text << "'";
    EXPECT_EQ(pos.parse_uci_move("e7e8q"), Move::make(SQ_E7, SQ_E8, PROMOTION, QUEEN));
    EXPECT_EQ(pos.parse_uci_move("e1d1"), Move(SQ_E1, SQ_D1));
}
