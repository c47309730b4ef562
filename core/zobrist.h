// Zobrist hashing keys, generated at compile time from a fixed seed.
#pragma once

#include "core/types.h"

#include <array>

namespace flotilla::zobrist {

namespace detail {
// splitmix64: a well-mixed, constexpr-friendly generator.
constexpr Key splitmix(Key& state) {
    Key z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Keys {
    std::array<std::array<Key, SQUARE_NB>, PIECE_NB> psq{};
    std::array<Key, 8> enPassantFile{};
    std::array<Key, CASTLING_RIGHT_NB> castling{};
    Key side = 0;
};

constexpr Keys make_keys() {
    Keys k;
    Key state = 0x5EED'F107'11A0'2026ULL;
    for (auto& row : k.psq)
        for (auto& key : row) key = splitmix(state);
    for (auto& key : k.enPassantFile) key = splitmix(state);
    // Castling keys are the XOR of one key per right, so updating rights is one XOR.
    Key single[4];
    for (auto& key : single) key = splitmix(state);
    for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr)
        for (int i = 0; i < 4; ++i)
            if (cr & (1 << i)) k.castling[cr] ^= single[i];
    k.side = splitmix(state);
    return k;
}
} // namespace detail

inline constexpr detail::Keys KEYS = detail::make_keys();

inline Key piece_square(Piece p, Square s) { return KEYS.psq[p][s]; }
inline Key en_passant(Square s) { return KEYS.enPassantFile[file_of(s)]; }
inline Key castling(int rights) { return KEYS.castling[rights]; }
inline Key side() { return KEYS.side; }

} // namespace flotilla::zobrist
