// Attack tables against the slow ray-walking reference and hand-derived facts.
#include "core/attacks.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <initializer_list>
#include <random>
#include <type_traits>
#include <utility>

using namespace flotilla;

namespace {

Bitboard squares(std::initializer_list<Square> list) {
    Bitboard b = 0;
    for (Square s : list) b |= square_bb(s);
    return b;
}

int sign(int x) { return (x > 0) - (x < 0); }

// Direction from a to b as (file step, rank step), or (0, 0) when not on one line.
std::pair<int, int> direction(Square a, Square b) {
    const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
    if (a == b || (df != 0 && dr != 0 && std::abs(df) != std::abs(dr))) return {0, 0};
    return {sign(df), sign(dr)};
}

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

} // namespace

TEST(Attacks, SlidersMatchReferenceOnRandomOccupancies) {
    std::mt19937_64 rng(20261129);
    for (int i = 0; i < 4000; ++i) {
        // Mix dense, medium and sparse boards so long and short rays are both exercised.
        Bitboard occ = rng();
        if (i % 3 >= 1) occ &= rng();
        if (i % 3 == 2) occ &= rng();
        for (int sq = 0; sq < 64; ++sq) {
            const Square s = Square(sq);
            ASSERT_EQ(bishop_attacks(s, occ), sliding_attacks_reference(BISHOP, s, occ))
                << "square " << square_to_string(s) << " occupancy " << occ;
            ASSERT_EQ(rook_attacks(s, occ), sliding_attacks_reference(ROOK, s, occ))
                << "square " << square_to_string(s) << " occupancy " << occ;
            ASSERT_EQ(queen_attacks(s, occ), sliding_attacks_reference(QUEEN, s, occ))
                << "square " << square_to_string(s) << " occupancy " << occ;
        }
    }
}

TEST(Attacks, SlidersOnEmptyAndFullBoards) {
    EXPECT_EQ(popcount(rook_attacks(SQ_D4, 0)), 14);
    EXPECT_EQ(popcount(bishop_attacks(SQ_D4, 0)), 13);
    EXPECT_EQ(popcount(bishop_attacks(SQ_A1, 0)), 7);
    EXPECT_EQ(popcount(queen_attacks(SQ_D4, 0)), 27);
    EXPECT_EQ(rook_attacks(SQ_D4, ALL_SQUARES), squares({SQ_D3, SQ_D5, SQ_C4, SQ_E4}));
    EXPECT_EQ(bishop_attacks(SQ_D4, ALL_SQUARES), squares({SQ_C3, SQ_E3, SQ_C5, SQ_E5}));
    // The blocker is attacked; squares behind it are not.
    EXPECT_EQ(rook_attacks(SQ_A1, square_bb(SQ_A3) | square_bb(SQ_C1)),
              squares({SQ_A2, SQ_A3, SQ_B1, SQ_C1}));
}

TEST(Attacks, KnightTable) {
    EXPECT_EQ(knight_attacks(SQ_A1), squares({SQ_B3, SQ_C2}));
    EXPECT_EQ(knight_attacks(SQ_H8), squares({SQ_G6, SQ_F7}));
    EXPECT_EQ(knight_attacks(SQ_B1), squares({SQ_A3, SQ_C3, SQ_D2}));
    EXPECT_EQ(knight_attacks(SQ_D4),
              squares({SQ_C2, SQ_E2, SQ_B3, SQ_F3, SQ_B5, SQ_F5, SQ_C6, SQ_E6}));
    EXPECT_EQ(popcount(knight_attacks(SQ_G7)), 4);
}

TEST(Attacks, KingTable) {
    EXPECT_EQ(king_attacks(SQ_A1), squares({SQ_A2, SQ_B1, SQ_B2}));
    EXPECT_EQ(king_attacks(SQ_H8), squares({SQ_G8, SQ_G7, SQ_H7}));
    EXPECT_EQ(king_attacks(SQ_E1), squares({SQ_D1, SQ_F1, SQ_D2, SQ_E2, SQ_F2}));
    EXPECT_EQ(king_attacks(SQ_E4),
              squares({SQ_D3, SQ_E3, SQ_F3, SQ_D4, SQ_F4, SQ_D5, SQ_E5, SQ_F5}));
}

TEST(Attacks, PawnTables) {
    EXPECT_EQ(pawn_attacks(WHITE, SQ_E2), squares({SQ_D3, SQ_F3}));
    EXPECT_EQ(pawn_attacks(WHITE, SQ_A2), squares({SQ_B3}));
    EXPECT_EQ(pawn_attacks(WHITE, SQ_H5), squares({SQ_G6}));
    EXPECT_EQ(pawn_attacks(WHITE, SQ_C8), Bitboard(0));
    EXPECT_EQ(pawn_attacks(BLACK, SQ_E7), squares({SQ_D6, SQ_F6}));
    EXPECT_EQ(pawn_attacks(BLACK, SQ_H7), squares({SQ_G6}));
    EXPECT_EQ(pawn_attacks(BLACK, SQ_A1), Bitboard(0));
    // The set-wise version agrees with the per-square table.
    for (int sq = 0; sq < 64; ++sq) {
        EXPECT_EQ(pawn_attacks_bb<WHITE>(square_bb(Square(sq))), pawn_attacks(WHITE, Square(sq)));
        EXPECT_EQ(pawn_attacks_bb<BLACK>(square_bb(Square(sq))), pawn_attacks(BLACK, Square(sq)));
    }
}

TEST(Attacks, AttacksByPieceType) {
    const Bitboard occ = squares({SQ_D6, SQ_F4});
    EXPECT_EQ(attacks_bb(KNIGHT, SQ_D4, occ), knight_attacks(SQ_D4));
    EXPECT_EQ(attacks_bb(BISHOP, SQ_D4, occ), bishop_attacks(SQ_D4, occ));
    EXPECT_EQ(attacks_bb(ROOK, SQ_D4, occ), rook_attacks(SQ_D4, occ));
    EXPECT_EQ(attacks_bb(QUEEN, SQ_D4, occ), queen_attacks(SQ_D4, occ));
    EXPECT_EQ(attacks_bb(KING, SQ_D4, occ), king_attacks(SQ_D4));
    EXPECT_EQ(attacks_bb(PAWN, SQ_D4, occ), Bitboard(0));
}

// between_bb and line_bb against a direct walk along the ray from a to b.
TEST(Attacks, BetweenAndLineMatchRayWalk) {
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const Square sa = Square(a), sb = Square(b);
            const auto [df, dr] = direction(sa, sb);
            Bitboard between = square_bb(sb), line = 0;
            if (df || dr) {
                for (int f = file_of(sa) + df, r = rank_of(sa) + dr; make_square(f, r) != sb;
                     f += df, r += dr)
                    between |= square_bb(make_square(f, r));
                line = square_bb(sa);
                for (int dir : {1, -1})
                    for (int f = file_of(sa) + dir * df, r = rank_of(sa) + dir * dr; on_board(f, r);
                         f += dir * df, r += dir * dr)
                        line |= square_bb(make_square(f, r));
            }
            ASSERT_EQ(between_bb(sa, sb), between)
                << square_to_string(sa) << " " << square_to_string(sb);
            ASSERT_EQ(line_bb(sa, sb), line) << square_to_string(sa) << " " << square_to_string(sb);
        }
}

TEST(Attacks, BetweenAndLineProperties) {
    EXPECT_EQ(between_bb(SQ_A1, SQ_D4), squares({SQ_B2, SQ_C3, SQ_D4}));
    EXPECT_EQ(between_bb(SQ_E1, SQ_E4), squares({SQ_E2, SQ_E3, SQ_E4}));
    EXPECT_EQ(between_bb(SQ_E1, SQ_E2), squares({SQ_E2}));
    EXPECT_EQ(between_bb(SQ_A1, SQ_B3), squares({SQ_B3})); // not aligned: just the target
    EXPECT_EQ(line_bb(SQ_A1, SQ_B3), Bitboard(0));
    EXPECT_EQ(line_bb(SQ_C1, SQ_C5), file_bb(FILE_C));
    EXPECT_EQ(line_bb(SQ_B4, SQ_G4), rank_bb(RANK_4));
    EXPECT_EQ(line_bb(SQ_A1, SQ_H8), 0x8040201008040201ULL);
    EXPECT_TRUE(aligned(SQ_A1, SQ_C3, SQ_H8));
    EXPECT_FALSE(aligned(SQ_A1, SQ_C3, SQ_H7));
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const Square sa = Square(a), sb = Square(b);
            EXPECT_EQ(line_bb(sa, sb), line_bb(sb, sa));
            if (!line_bb(sa, sb)) continue;
            // The open segment is the same from both ends.
            EXPECT_EQ(between_bb(sa, sb) & ~square_bb(sb), between_bb(sb, sa) & ~square_bb(sa));
            EXPECT_EQ(between_bb(sa, sb) & ~line_bb(sa, sb), Bitboard(0));
            EXPECT_TRUE(line_bb(sa, sb) & square_bb(sa));
            EXPECT_TRUE(line_bb(sa, sb) & square_bb(sb));
            // A rank, file or diagonal holds 2 to 8 squares.
            EXPECT_GE(popcount(line_bb(sa, sb)), 2);
            EXPECT_LE(popcount(line_bb(sa, sb)), 8);
        }
}

TEST(Attacks, PextPortableHandFacts) {
    EXPECT_EQ(simd::pext_portable(0, 0), 0u);
    EXPECT_EQ(simd::pext_portable(~0ULL, 0), 0u);
    EXPECT_EQ(simd::pext_portable(0b1010, 0b1110), 0b101u);
    EXPECT_EQ(simd::pext_portable(0xFF00, 0xF0F0), 0xF0u);
    EXPECT_EQ(simd::pext_portable(0x8000000000000001ULL, 0x8000000000000001ULL), 0b11u);
    EXPECT_EQ(simd::pext_portable(~0ULL, ~0ULL), ~0ULL);
}

TEST(Attacks, PextPortableMatchesInstruction) {
#if defined(__BMI2__)
    EXPECT_TRUE(uses_pext());
    std::mt19937_64 rng(7);
    for (int i = 0; i < 100000; ++i) {
        const std::uint64_t value = rng(), mask = i % 2 ? rng() : rng() & rng();
        ASSERT_EQ(simd::pext_portable(value, mask), simd::pext(value, mask))
            << value << " " << mask;
    }
#else
    EXPECT_FALSE(uses_pext());
    GTEST_SKIP() << "this build has no PEXT instruction (magic sliders)";
#endif
}

// No mutable globals: the slider tables and every slice they point to can only be read.
TEST(Attacks, TablesAreReadOnlyAfterInitialisation) {
    static_assert(std::is_const_v<decltype(detail::SLIDERS)>);
    static_assert(std::is_const_v<std::remove_pointer_t<decltype(detail::SliderEntry::attacks)>>);
    static_assert(std::is_const_v<decltype(detail::KNIGHT_ATTACKS)>);
    // Each entry's slice lies inside the one const object.
    const auto* begin = reinterpret_cast<const char*>(&detail::SLIDERS);
    const auto* end = begin + sizeof(detail::SLIDERS);
    for (int s = 0; s < 64; ++s)
        for (const detail::SliderEntry* e :
             {&detail::SLIDERS.rook[s], &detail::SLIDERS.bishop[s]}) {
            const auto* p = reinterpret_cast<const char*>(e->attacks);
            EXPECT_TRUE(p >= begin && p < end) << s;
        }
}
