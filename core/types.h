// Basic chess types: squares, pieces, colours, moves, castling rights, scores.
#pragma once

#include <cstdint>
#include <string>

namespace flotilla {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t {
    NO_PIECE_TYPE,
    PAWN,
    KNIGHT,
    BISHOP,
    ROOK,
    QUEEN,
    KING,
    PIECE_TYPE_NB = 7
};

// Piece = colour * 8 + type, so both are recovered with a shift and a mask.
enum Piece : std::uint8_t {
    NO_PIECE,
    W_PAWN = 1,
    W_KNIGHT,
    W_BISHOP,
    W_ROOK,
    W_QUEEN,
    W_KING,
    B_PAWN = 9,
    B_KNIGHT,
    B_BISHOP,
    B_ROOK,
    B_QUEEN,
    B_KING,
    PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// clang-format off
enum Square : std::uint8_t {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NONE, SQUARE_NB = 64
};
// clang-format on

enum File : std::uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H };
enum Rank : std::uint8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8 };

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s < SQUARE_NB; }
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
constexpr Square relative_square(Color c, Square s) { return c == WHITE ? s : flip_rank(s); }
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }

// Castling rights: one bit per (colour, side).
enum CastlingRights : std::uint8_t {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    WHITE_CASTLING = WHITE_OO | WHITE_OOO,
    BLACK_CASTLING = BLACK_OO | BLACK_OOO,
    ANY_CASTLING = 15,
    CASTLING_RIGHT_NB = 16
};
constexpr CastlingRights castling_right(Color c, bool kingSide) {
    return CastlingRights((kingSide ? WHITE_OO : WHITE_OOO) << (2 * c));
}
// Index 0..3 of a single right, for per-right tables.
constexpr int castling_index(CastlingRights cr) {
    return cr == WHITE_OO ? 0 : cr == WHITE_OOO ? 1 : cr == BLACK_OO ? 2 : 3;
}

enum MoveType : std::uint16_t {
    NORMAL = 0,
    PROMOTION = 1 << 14,
    EN_PASSANT = 2 << 14,
    CASTLING = 3 << 14
};

// A 16-bit move: bits 0-5 destination, 6-11 origin, 12-13 promotion piece
// (knight..queen), 14-15 move type. Castling is encoded king-takes-own-rook so
// that one encoding serves standard chess and Chess960. Any 16-bit value is a
// valid Move object; whether it is playable is Position::is_pseudo_legal's job.
class Move {
  public:
    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : data(raw) {}
    constexpr Move(Square from, Square to) : data(std::uint16_t((from << 6) | to)) {}

    static constexpr Move make(Square from, Square to, MoveType type = NORMAL,
                               PieceType promo = KNIGHT) {
        return Move(std::uint16_t(type | ((promo - KNIGHT) << 12) | (from << 6) | to));
    }
    static constexpr Move none() { return Move(); }
    // from == to == b1 can never be a real move, so it marks a null move.
    static constexpr Move null() { return Move(65); }

    constexpr Square from() const { return Square((data >> 6) & 0x3F); }
    constexpr Square to() const { return Square(data & 0x3F); }
    constexpr MoveType type() const { return MoveType(data & (3 << 14)); }
    constexpr PieceType promotion_type() const { return PieceType(((data >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return data; }
    constexpr bool is_ok() const { return data != none().data && data != null().data; }
    constexpr explicit operator bool() const { return data != 0; }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data = 0;
};

using Value = int;
using Depth = int;

constexpr int MAX_PLY = 246;
constexpr int MAX_MOVES = 256;

constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_INFINITE = 32001;
constexpr Value VALUE_NONE = 32002;
constexpr Value VALUE_MATE = 32000;
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }

// Tablebase wins and losses: a band just below the mate scores, ordered by distance from
// the root as they are, and above every evaluation (|eval| <= VALUE_EVAL_MAX).
constexpr Value VALUE_TB_WIN = VALUE_MATE_IN_MAX_PLY - 1;
constexpr Value VALUE_TB_WIN_IN_MAX_PLY = VALUE_TB_WIN - MAX_PLY;
constexpr Value VALUE_TB_LOSS_IN_MAX_PLY = -VALUE_TB_WIN_IN_MAX_PLY;
constexpr Value VALUE_EVAL_MAX = VALUE_TB_WIN_IN_MAX_PLY - 1;
constexpr Value tb_win_in(int ply) { return VALUE_TB_WIN - ply; }
constexpr Value tb_loss_in(int ply) { return -VALUE_TB_WIN + ply; }
// A proven result (mate or tablebase), which pruning margins must not touch.
constexpr bool is_decisive(Value v) {
    return v >= VALUE_TB_WIN_IN_MAX_PLY || v <= VALUE_TB_LOSS_IN_MAX_PLY;
}

// Centipawn piece values used by SEE and move ordering (P=100, N=B=300, R=500, Q=900).
constexpr Value PIECE_VALUE[PIECE_TYPE_NB] = {0, 100, 300, 300, 500, 900, 0};

std::string square_to_string(Square s);

} // namespace flotilla
