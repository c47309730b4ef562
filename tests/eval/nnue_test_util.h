// Helpers for the neural-evaluation tests: seeded random networks (no file needed) and
// random legal games with every kind of move.
#pragma once

#include "core/movegen.h"
#include "core/position.h"
#include "eval/nnue/network.h"
#include "nnue_random_network.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace flotilla::nnue_test {

// Start positions for random games: castling both ways, en passant, promotions, and
// Chess960 castling where king or rook stays put or they cross.
struct Start {
    const char* fen;
    bool chess960;
};
inline const std::vector<Start>& game_starts() {
    static const std::vector<Start> starts = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
        {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true},
        {"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", true},
        {"r1k4r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R w HAha - 0 1", true},
        {"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", true},
    };
    return starts;
}

inline Position position(const std::string& fen, bool chess960 = false) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set_fen(fen, chess960, &error)) << fen << ": " << error;
    return pos;
}

// A legal move chosen with a preference for the rare kinds (castling, en passant,
// promotion, capture), so short games still contain them.
inline Move pick_move(const Position& pos, std::mt19937_64& rng) {
    const MoveList moves(pos);
    std::vector<Move> special;
    for (Move m : moves)
        if (m.type() != NORMAL || pos.piece_on(m.to()) != NO_PIECE) special.push_back(m);
    if (!special.empty() && rng() % 3 == 0) return special[rng() % special.size()];
    return *(moves.begin() + rng() % moves.size());
}

} // namespace flotilla::nnue_test
