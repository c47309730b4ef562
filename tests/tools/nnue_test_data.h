// Synthetic training data for the NNUE trainer's tests: random legal positions
// labelled with their material balance, packed as the data files pack them.
#pragma once

#include "tools/packed_position.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace flotilla::tools::testing {

inline const std::vector<std::string> NNUE_TEST_FENS = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w Kq c6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2r3k1/pp3ppp/4p3/3n4/3P4/P3BN2/1P3PPP/2R3K1 b - - 1 22",
};

// A random legal position with kings and up to `extra` other pieces; score is the
// material balance (White's view) plus noise, result follows the score.
inline std::vector<PackedRecord> material_records(std::size_t count, std::uint64_t seed,
                                                  int extra = 20) {
    std::mt19937_64 rng(seed);
    const std::string pieces = "PNBRQpnbrq";
    const int values[] = {100, 300, 320, 500, 900, -100, -300, -320, -500, -900};
    std::vector<PackedRecord> out;
    while (out.size() < count) {
        char board[64] = {};
        int material = 0;
        board[rng() % 64] = 'K';
        for (int placed = 0; placed < 1;) {
            const int s = int(rng() % 64);
            if (!board[s]) board[s] = 'k', ++placed;
        }
        const int n = int(rng() % (extra + 1));
        for (int i = 0; i < n; ++i) {
            const int s = int(rng() % 64);
            const int p = int(rng() % pieces.size());
            if (board[s] || ((pieces[p] == 'P' || pieces[p] == 'p') && (s < 8 || s >= 56)))
                continue;
            board[s] = pieces[p];
            material += values[p];
        }
        std::string fen;
        for (int rank = 7; rank >= 0; --rank) {
            int empty = 0;
            for (int file = 0; file < 8; ++file) {
                const char c = board[rank * 8 + file];
                if (!c) {
                    ++empty;
                    continue;
                }
                if (empty) fen += char('0' + empty), empty = 0;
                fen += c;
            }
            if (empty) fen += char('0' + empty);
            if (rank) fen += '/';
        }
        fen += rng() % 2 ? " w - - 0 1" : " b - - 0 1";
        Position pos;
        if (!pos.set_fen(fen, false)) continue;
        const int score = material + int(rng() % 41) - 20;
        const GameResult result = score > 150    ? GameResult::WHITE_WIN
                                  : score < -150 ? GameResult::BLACK_WIN
                                                 : GameResult::DRAW;
        out.push_back(pack(pos, score, result));
    }
    return out;
}

} // namespace flotilla::tools::testing
