#include "uci/board_display.h"

#include <cstdio>

namespace flotilla::uci {

namespace {
constexpr const char* PIECE_LETTERS = " PNBRQK  pnbrqk";
constexpr const char* RANK_SEPARATOR = " +---+---+---+---+---+---+---+---+\n";
} // namespace

std::string board_display(const Position& pos) {
    std::string out = "\n";
    out += RANK_SEPARATOR;
    for (int r = RANK_8; r >= RANK_1; --r) {
        for (int f = FILE_A; f <= FILE_H; ++f) {
            out += " | ";
            out += PIECE_LETTERS[pos.piece_on(make_square(f, r))];
        }
        out += " | ";
        out += char('1' + r);
        out += '\n';
        out += RANK_SEPARATOR;
    }
    out += "   a   b   c   d   e   f   g   h\n\n";

    out += "Fen: " + pos.fen() + "\n";
    char key[24];
    std::snprintf(key, sizeof key, "%016llX", static_cast<unsigned long long>(pos.key()));
    out += std::string("Key: ") + key + "\n";
    out += "Checkers:";
    for (Bitboard b = pos.checkers(); b;) out += " " + square_to_string(pop_lsb(b));
    out += "\n";
    return out;
}

} // namespace flotilla::uci
