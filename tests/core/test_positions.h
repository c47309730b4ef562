// Test helper: well-known positions that stress particular move-generation rules.
#pragma once

namespace flotilla::test {

// Chessprogramming wiki perft position 2, "Kiwipete": castling, pins, en passant.
inline constexpr const char* KIWIPETE =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
// Chessprogramming wiki perft position 3: en passant and rook checks along ranks.
inline constexpr const char* CPW_POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
// Chessprogramming wiki perft position 4: promotions and checks.
inline constexpr const char* CPW_POSITION_4 =
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
// Chessprogramming wiki perft position 5.
inline constexpr const char* CPW_POSITION_5 =
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
// Promotions on both sides, with knights guarding the promotion squares.
inline constexpr const char* PROMOTIONS = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
// En passant f6 available after 1.e4 d5 2.e5 f5.
inline constexpr const char* EN_PASSANT =
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
// En passant c6 stored but illegal: both pawns leave the fifth rank, exposing the king.
inline constexpr const char* EN_PASSANT_PINNED = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1";
// A Chess960 start-like position (Fischer suite), X-FEN castling: king g1, rooks f1 and h1.
inline constexpr const char* CHESS960 =
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";

} // namespace flotilla::test
