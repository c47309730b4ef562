// Castling with the king and rook on any files (Chess960), and in standard chess.
#include "core/movegen.h"
#include "core/position.h"

#include <gtest/gtest.h>

using namespace flotilla;

namespace {

struct Castle {
    const char* fen;
    Square king;
    Square rook;
    const char* after; // hand-derived: king on c/g, rook on d/f of its back rank
    const char* what;
};

const Castle LEGAL_CASTLES[] = {
    {"4k3/8/8/8/8/8/8/RK5R w KQ - 0 1", SQ_B1, SQ_A1, "4k3/8/8/8/8/8/8/2KR3R b - - 1 1",
     "king on b1 castles long: king moves right"},
    {"4k3/8/8/8/8/8/8/RK5R w KQ - 0 1", SQ_B1, SQ_H1, "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1",
     "king on b1 castles short across the board"},
    {"4k3/8/8/8/8/8/8/4KR2 w K - 0 1", SQ_E1, SQ_F1, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
     "rook adjacent to the king, rook stays on f1"},
    {"4k3/8/8/8/8/8/8/3RK3 w Q - 0 1", SQ_E1, SQ_D1, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
     "rook adjacent to the king, rook stays on d1"},
    {"4k3/8/8/8/8/8/8/6KR w K - 0 1", SQ_G1, SQ_H1, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
     "king already on g1: only the rook moves"},
    {"4k3/8/8/8/8/8/8/5KR1 w K - 0 1", SQ_F1, SQ_G1, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
     "rook on the king's target square: they swap"},
    {"4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", SQ_D1, SQ_C1, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
     "rook on the king's target square, long side"},
    {"4k3/8/8/8/8/8/8/R5K1 w Q - 0 1", SQ_G1, SQ_A1, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
     "king on g1 castles long"},
    {"1rk4r/8/8/8/8/8/8/4K3 b kq - 0 1", SQ_C8, SQ_B8, "2kr3r/8/8/8/8/8/8/4K3 w - - 1 2",
     "black, king stays on c8"},
    {"1rk4r/8/8/8/8/8/8/4K3 b kq - 0 1", SQ_C8, SQ_H8, "1r3rk1/8/8/8/8/8/8/4K3 w - - 1 2",
     "black short castling"},
    {"3rk3/8/8/8/8/8/8/RK5R w KQ - 0 1", SQ_B1, SQ_A1, "3rk3/8/8/8/8/8/8/2KR3R b - - 1 1",
     "the rook's target may be attacked"},
    {"4k3/8/8/8/8/8/8/RK2N2R w KQ - 0 1", SQ_B1, SQ_A1, "4k3/8/8/8/8/8/8/2KRN2R b - - 1 1",
     "long castling with the short side blocked"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", SQ_E1, SQ_H1, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1",
     "standard start squares in Chess960 mode"},
};

const Castle ILLEGAL_CASTLES[] = {
    {"4k3/8/8/8/8/8/8/RK2N2R w KQ - 0 1", SQ_B1, SQ_H1, "", "a knight on the king's path"},
    {"4r1k1/8/8/8/8/8/8/RK5R w KQ - 0 1", SQ_B1, SQ_H1, "", "the king passes an attacked e1"},
    {"4k3/8/8/8/8/8/8/qRK5 w Q - 0 1", SQ_C1, SQ_B1, "",
     "the castling rook shields the king from a queen on a1"},
    {"1r2k3/8/8/8/8/8/8/RK5R w KQ - 0 1", SQ_B1, SQ_A1, "", "in check, long"},
    {"1r2k3/8/8/8/8/8/8/RK5R w KQ - 0 1", SQ_B1, SQ_H1, "", "in check, short"},
    {"3rk3/8/8/8/8/8/8/RK5R w KQ - 0 1", SQ_B1, SQ_H1, "", "the king passes an attacked d1"},
    {"4k3/8/8/8/8/8/8/RK1N3R w KQ - 0 1", SQ_B1, SQ_A1, "", "a knight on the rook's target"},
    {"4k3/8/8/8/8/8/8/RK1N3R w KQ - 0 1", SQ_B1, SQ_H1, "", "a knight on the king's path"},
    {"4k3/8/8/8/8/8/8/5KR1 w - - 0 1", SQ_F1, SQ_G1, "", "no castling right"},
    {"4k3/8/8/8/8/8/8/RK5R w K - 0 1", SQ_B1, SQ_A1, "", "only the other right"},
    {"4k3/8/8/8/8/8/6p1/4K2R w K - 0 1", SQ_E1, SQ_H1, "", "a pawn attacks f1"},
};

} // namespace

TEST(Chess960Castling, LegalCastlesMoveKingAndRook) {
    for (const auto& c : LEGAL_CASTLES) {
        SCOPED_TRACE(c.what);
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(c.fen, true, &error)) << c.fen << ": " << error;
        const Move castle = Move::make(c.king, c.rook, CASTLING);
        ASSERT_TRUE(MoveList(pos).contains(castle)) << c.fen;
        EXPECT_TRUE(pos.is_pseudo_legal(castle));
        EXPECT_TRUE(pos.is_legal(castle));
        pos.make_move(castle);
        EXPECT_EQ(pos.fen(), c.after);
        EXPECT_EQ(pos.key(), pos.compute_key());
        pos.unmake_move(castle);
        EXPECT_EQ(pos.fen(), c.fen);
    }
}

TEST(Chess960Castling, IllegalCastlesAreNotGenerated) {
    for (const auto& c : ILLEGAL_CASTLES) {
        SCOPED_TRACE(c.what);
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(c.fen, true, &error)) << c.fen << ": " << error;
        const Move castle = Move::make(c.king, c.rook, CASTLING);
        EXPECT_FALSE(MoveList(pos).contains(castle)) << c.fen;
        EXPECT_FALSE(pos.is_pseudo_legal(castle) && pos.is_legal(castle)) << c.fen;
    }
}

TEST(Chess960Castling, MovingKingOrRookDropsRights) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("r1r1k2r/8/8/8/8/8/8/RK5R w KQkc - 0 1", true));
    pos.make_move(Move(SQ_H1, SQ_H2)); // the short-side rook leaves: K is lost
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO | BLACK_OO | BLACK_OOO);
    pos.make_move(Move(SQ_A8, SQ_A7)); // the outer a8 rook is not a castling rook
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO | BLACK_OO | BLACK_OOO);
    EXPECT_EQ(pos.fen(), "2r1k2r/r7/8/8/8/8/7R/RK6 w Qkq - 2 2");
    pos.make_move(Move(SQ_H2, SQ_H8)); // capturing the h8 rook removes black's short right
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO | BLACK_OOO);
    pos.make_move(Move(SQ_E8, SQ_D7)); // the king moves: black loses everything
    EXPECT_EQ(pos.castling_rights(), WHITE_OOO);
    EXPECT_EQ(pos.key(), pos.compute_key());
}

TEST(StandardCastling, BothSidesBothColours) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false));
    const Move whiteShort = Move::make(SQ_E1, SQ_H1, CASTLING);
    const Move whiteLong = Move::make(SQ_E1, SQ_A1, CASTLING);
    ASSERT_TRUE(MoveList(pos).contains(whiteShort));
    ASSERT_TRUE(MoveList(pos).contains(whiteLong));
    pos.make_move(whiteLong);
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    const Move blackShort = Move::make(SQ_E8, SQ_H8, CASTLING);
    ASSERT_TRUE(MoveList(pos).contains(blackShort));
    pos.make_move(blackShort);
    EXPECT_EQ(pos.fen(), "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2");
    pos.unmake_move(blackShort);
    pos.unmake_move(whiteLong);
    pos.make_move(whiteShort);
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}
