// Attack tables: leapers computed at compile time, sliders indexed by BMI2 PEXT
// on builds that have it and by fancy magic bitboards otherwise.
#pragma once

#include "core/bitboard.h"
#include "simd/bmi2.h"

#include <array>

namespace flotilla {

namespace detail {

constexpr Bitboard leaper_attacks(Square s, const int (*deltas)[2], int count) {
    Bitboard b = 0;
    for (int i = 0; i < count; ++i) {
        const int f = file_of(s) + deltas[i][0], r = rank_of(s) + deltas[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= square_bb(make_square(f, r));
    }
    return b;
}

constexpr int KNIGHT_DELTAS[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KING_DELTAS[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int WHITE_PAWN_DELTAS[2][2] = {{-1, 1}, {1, 1}};
constexpr int BLACK_PAWN_DELTAS[2][2] = {{-1, -1}, {1, -1}};

template <int N> constexpr std::array<Bitboard, 64> leaper_table(const int (&d)[N][2]) {
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s) t[s] = leaper_attacks(Square(s), d, N);
    return t;
}

inline constexpr auto KNIGHT_ATTACKS = leaper_table(KNIGHT_DELTAS);
inline constexpr auto KING_ATTACKS = leaper_table(KING_DELTAS);
inline constexpr std::array<std::array<Bitboard, 64>, 2> PAWN_ATTACKS = {
    leaper_table(WHITE_PAWN_DELTAS), leaper_table(BLACK_PAWN_DELTAS)};

// Per-square slider lookup entry: relevant-occupancy mask, start of this square's
// slice of the shared attack table, and (magic builds only) multiplier and shift.
struct SliderEntry {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;

    Bitboard index(Bitboard occupied) const {
#if defined(__BMI2__)
        return simd::pext(occupied, mask);
#else
        return ((occupied & mask) * magic) >> shift;
#endif
    }
};

// Every slider table, built once by the constructor during static initialisation
// and const from then on: no code can write to them afterwards.
struct SliderTables {
    SliderEntry bishop[64];
    SliderEntry rook[64];
    Bitboard between[64][64];       // squares strictly between two aligned squares, plus the second
    Bitboard line[64][64];          // the whole line through two aligned squares, 0 otherwise
    Bitboard rookAttacks[0x19000];  // every rook square's slice, one after another
    Bitboard bishopAttacks[0x1480]; // the same for bishops

    SliderTables();
    SliderTables(const SliderTables&) = delete;
    SliderTables& operator=(const SliderTables&) = delete;
};

extern const SliderTables SLIDERS;

} // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::PAWN_ATTACKS[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::KNIGHT_ATTACKS[s]; }
inline Bitboard king_attacks(Square s) { return detail::KING_ATTACKS[s]; }

inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const auto& e = detail::SLIDERS.bishop[s];
    return e.attacks[e.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const auto& e = detail::SLIDERS.rook[s];
    return e.attacks[e.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}

// Attacks of a non-pawn piece type from s.
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
    }
}

// Squares between a and b (exclusive of a, inclusive of b); just b when not aligned.
inline Bitboard between_bb(Square a, Square b) { return detail::SLIDERS.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return detail::SLIDERS.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

// Slow ray-walking reference, used to build the tables and by tests.
Bitboard sliding_attacks_reference(PieceType pt, Square s, Bitboard occupied);

// True when this build indexes sliders with PEXT rather than magics.
constexpr bool uses_pext() { return simd::HAS_PEXT; }

} // namespace flotilla
