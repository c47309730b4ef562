// Zobrist hashing keys, generated at compile time from a fixed seed.
#pragma once

#include "core/splitmix.h"
#include "core/types.h"

#include <array>

namespace flotilla::zobrist {

namespace detail {

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
        for (auto& key : row) key = splitmix64(state);
    for (auto& key : k.enPassantFile) key = splitmix64(state);
    // Castling keys are the XOR of one key per right, so updating rights is one XOR.
    Key single[4];
    for (auto& key : single) key = splitmix64(state);
    for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr)
        for (int i = 0; i < 4; ++i)
            if (cr & (1 << i)) k.castling[cr] ^= single[i];
    k.side = splitmix64(state);
    return k;
}
} // namespace detail

inline constexpr detail::Keys KEYS = detail::make_keys();

inline Key piece_square(Piece p, Square s) { return KEYS.psq[p][s]; }
inline Key en_passant(Square s) { return KEYS.enPassantFile[file_of(s)]; }
inline Key castling(int rights) { return KEYS.castling[rights]; }
inline Key side() { return KEYS.side; }

} // namespace flotilla::zobrist
