// Helpers for the evaluation tests: FEN transforms and random legal positions.
#pragma once

#include "core/movegen.h"
#include "core/position.h"

#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace flotilla::eval_test {

inline std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, sep)) parts.push_back(part);
    return parts;
}

inline char swap_case(char c) {
    return std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                       : char(std::toupper(c));
}

// Colour flip: ranks mirrored, colours, side to move, castling rights and the
// en-passant square swapped. The evaluation from the side to move's view must
// not change.
inline std::string flip_colours(const std::string& fen) {
    const auto fields = split(fen, ' ');
    const auto ranks = split(fields[0], '/');
    std::string board;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        if (!board.empty()) board += '/';
        for (char c : *it) board += swap_case(c);
    }
    const std::string side = fields[1] == "w" ? "b" : "w";
    std::string castling = "-";
    if (fields[2] != "-") {
        std::string upper, lower;
        for (char c : fields[2])
            (std::islower(static_cast<unsigned char>(c)) ? upper : lower) += swap_case(c);
        castling = upper + lower;
    }
    std::string ep = fields[3];
    if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
    return board + " " + side + " " + castling + " " + ep + " " + fields[4] + " " + fields[5];
}

// Left-right mirror (a-file <-> h-file); castling rights are dropped, since
// they do not survive the mirror.
inline std::string mirror_files(const std::string& fen) {
    const auto fields = split(fen, ' ');
    std::string board;
    for (const auto& rank : split(fields[0], '/')) {
        if (!board.empty()) board += '/';
        board += std::string(rank.rbegin(), rank.rend());
    }
    std::string ep = fields[3];
    if (ep != "-") ep[0] = char('a' + ('h' - ep[0]));
    return board + " " + fields[1] + " - " + ep + " " + fields[4] + " " + fields[5];
}

inline std::string without_castling(const std::string& fen) {
    auto fields = split(fen, ' ');
    fields[2] = "-";
    std::string out;
    for (const auto& f : fields) out += (out.empty() ? "" : " ") + f;
    return out;
}

inline Position position(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set_fen(fen, false, &error)) << fen << ": " << error;
    return pos;
}

// Positions reached by random legal play (seeded, so the same every run) from
// openings, middlegames and endgames, sampled every other ply.
inline std::vector<std::string> random_positions(int gamesPerStart = 8, int maxPlies = 70) {
    static const char* const STARTS[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "4k3/pp3ppp/2n5/8/3P4/2B5/PP3PPP/4K3 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
        "rnbqkb1r/pp1p1ppp/4pn2/2pP4/2P5/8/PP2PPPP/RNBQKBNR w KQkq c6 0 4",
    };
    std::mt19937_64 rng(20261129);
    std::vector<std::string> fens;
    for (const char* start : STARTS) {
        for (int game = 0; game < gamesPerStart; ++game) {
            Position pos = position(start);
            for (int ply = 0; ply < maxPlies; ++ply) {
                const MoveList moves(pos);
                if (moves.size() == 0) break;
                pos.make_move(*(moves.begin() + rng() % moves.size()));
                if (ply % 2 == 0) fens.push_back(pos.fen());
            }
        }
    }
    return fens;
}

} // namespace flotilla::eval_test
