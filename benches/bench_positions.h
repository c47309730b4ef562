// Positions shared by the micro benchmarks: one per phase of the game.
#pragma once

#include "core/position.h"

#include <string_view>

namespace flotilla::bench {

struct NamedPosition {
    std::string_view name;
    const char* fen;
};

// Start, Kiwipete (CPW perft position 2), a quiet middlegame, a rook-and-pawn endgame.
inline constexpr NamedPosition POSITIONS[] = {
    {"start", Position::START_FEN},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"middlegame", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
    {"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
};

// The position with this index; aborts the benchmark run on a bad FEN.
Position load(int index);

} // namespace flotilla::bench
