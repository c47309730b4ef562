// Feature indices per docs/nnue-format.md, and the changes a move makes: checked against
// the difference of the boards before and after every legal move of many positions.
#include "eval/nnue/features.h"
#include "nnue_test_util.h"

#include <algorithm>
#include <set>
#include <utility>

namespace flotilla {
namespace {

using nnue::feature_index;

TEST(NnueFeatures, IndexFollowsTheSpec) {
    EXPECT_EQ(feature_index(WHITE, W_PAWN, SQ_A1), 0);
    EXPECT_EQ(feature_index(WHITE, W_KING, SQ_H8), (0 * 6 + 5) * 64 + 63);
    EXPECT_EQ(feature_index(WHITE, B_PAWN, SQ_E7), (1 * 6 + 0) * 64 + SQ_E7);
    EXPECT_EQ(feature_index(BLACK, B_PAWN, SQ_E7), (0 * 6 + 0) * 64 + (SQ_E7 ^ 56));
    EXPECT_EQ(feature_index(BLACK, W_QUEEN, SQ_D1), (1 * 6 + 4) * 64 + (SQ_D1 ^ 56));
    // A white pawn on a2 seen by White, a black pawn on a7 seen by Black: both "own pawn".
    EXPECT_EQ(feature_index(WHITE, W_PAWN, SQ_A2), 8);
    EXPECT_EQ(feature_index(BLACK, B_PAWN, SQ_A7), 8);
    EXPECT_EQ(feature_index(WHITE, B_KING, SQ_E8), (6 + 5) * 64 + 60);
    EXPECT_EQ(feature_index(BLACK, W_KING, SQ_E1), (6 + 5) * 64 + 60);
    // Every (perspective, piece, square) gets a distinct index below 768.
    std::set<int> seen;
    for (Color p : {WHITE, BLACK}) {
        seen.clear();
        for (Color c : {WHITE, BLACK})
            for (int t = PAWN; t <= KING; ++t)
                for (int s = 0; s < 64; ++s) {
                    const int f = feature_index(p, make_piece(c, PieceType(t)), Square(s));
                    EXPECT_GE(f, 0);
                    EXPECT_LT(f, nnue::FEATURE_COUNT);
                    seen.insert(f);
                }
        EXPECT_EQ(seen.size(), 768u);
    }
    // Colour flip: white's view of a piece is black's view of the flipped piece.
    EXPECT_EQ(feature_index(WHITE, W_KNIGHT, SQ_G1), feature_index(BLACK, B_KNIGHT, SQ_G8));
}

using Board = std::multiset<std::pair<int, int>>; // (piece, square)

Board board_of(const Position& pos) {
    Board b;
    for (int s = 0; s < 64; ++s)
        if (pos.piece_on(Square(s)) != NO_PIECE) b.insert({pos.piece_on(Square(s)), s});
    return b;
}

// before - removed + added == after, as multisets.
void expect_changes_match(Position& pos, Move m) {
    const nnue::DirtyPiece d = nnue::changes_of(pos, m);
    Board expected = board_of(pos);
    for (int i = 0; i < d.removedCount; ++i) {
        auto it = expected.find({d.removed[i].piece, d.removed[i].square});
        ASSERT_NE(it, expected.end()) << pos.fen() << " " << pos.move_to_uci(m);
        expected.erase(it);
    }
    for (int i = 0; i < d.addedCount; ++i) expected.insert({d.added[i].piece, d.added[i].square});
    pos.make_move(m);
    EXPECT_EQ(expected, board_of(pos)) << pos.fen();
    pos.unmake_move(m);
}

TEST(NnueFeatures, ChangesOfEveryMoveKindMatchTheBoard) {
    std::mt19937_64 rng(7);
    int castlings = 0, enPassants = 0, promotions = 0, capturePromotions = 0, captures = 0;
    for (const auto& start : nnue_test::game_starts()) {
        for (int game = 0; game < 6; ++game) {
            Position pos = nnue_test::position(start.fen, start.chess960);
            for (int ply = 0; ply < 60; ++ply) {
                const MoveList moves(pos);
                if (moves.size() == 0) break;
                for (Move m : moves) {
                    castlings += m.type() == CASTLING;
                    enPassants += m.type() == EN_PASSANT;
                    promotions += m.type() == PROMOTION;
                    capturePromotions += m.type() == PROMOTION && pos.piece_on(m.to()) != NO_PIECE;
                    captures += m.type() == NORMAL && pos.piece_on(m.to()) != NO_PIECE;
                    expect_changes_match(pos, m);
                    if (HasFatalFailure()) return;
                }
                pos.make_move(nnue_test::pick_move(pos, rng));
            }
        }
    }
    EXPECT_GT(castlings, 0);
    EXPECT_GT(enPassants, 0);
    EXPECT_GT(promotions, 0);
    EXPECT_GT(capturePromotions, 0);
    EXPECT_GT(captures, 0);
}

TEST(NnueFeatures, Chess960CastlingMovesKingAndRookToTheirFiles) {
    // King b1, rooks a1 and h1: on O-O-O the king goes to c1 and the a1 rook to d1.
    Position pos = nnue_test::position("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", true);
    const Move queenSide = Move::make(SQ_B1, SQ_A1, CASTLING);
    const nnue::DirtyPiece d = nnue::changes_of(pos, queenSide);
    ASSERT_EQ(d.removedCount, 2);
    ASSERT_EQ(d.addedCount, 2);
    EXPECT_EQ(d.added[0].piece, W_KING);
    EXPECT_EQ(d.added[0].square, SQ_C1);
    EXPECT_EQ(d.added[1].piece, W_ROOK);
    EXPECT_EQ(d.added[1].square, SQ_D1);
    expect_changes_match(pos, queenSide);
}

TEST(NnueFeatures, NullMoveChangesNothing) {
    Position pos = nnue_test::position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const nnue::DirtyPiece d = nnue::changes_of(pos, Move::null());
    EXPECT_EQ(d.removedCount, 0);
    EXPECT_EQ(d.addedCount, 0);
}

} // namespace
} // namespace flotilla
