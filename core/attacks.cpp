#include "core/attacks.h"

#include <cstdint>
#include <vector>

namespace flotilla {

Bitboard sliding_attacks_reference(PieceType pt, Square s, Bitboard occupied) {
    static constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    Bitboard attacks = 0;
    for (int pass = 0; pass < 2; ++pass) {
        const bool rookPass = pass == 0;
        if (rookPass && pt != ROOK && pt != QUEEN) continue;
        if (!rookPass && pt != BISHOP && pt != QUEEN) continue;
        const auto& dirs = rookPass ? ROOK_DIRS : BISHOP_DIRS;
        for (const auto& d : dirs) {
            int f = file_of(s) + d[0], r = rank_of(s) + d[1];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                const Bitboard b = square_bb(make_square(f, r));
                attacks |= b;
                if (occupied & b) break;
                f += d[0];
                r += d[1];
            }
        }
    }
    return attacks;
}

namespace {

// xorshift64* generator, deterministic so magic search gives the same tables each run.
struct Prng {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

Bitboard relevant_mask(PieceType pt, Square s) {
    const Bitboard edges = ((rank_bb(RANK_1) | rank_bb(RANK_8)) & ~rank_bb(s)) |
                           ((file_bb(FILE_A) | file_bb(FILE_H)) & ~file_bb(s));
    return sliding_attacks_reference(pt, s, 0) & ~edges;
}

// Fills one piece type's entries. Occupancy subsets are enumerated with the
// Carry-Rippler trick; on magic builds a multiplier is searched per square.
void init_slider(PieceType pt, detail::SliderEntry* entries, Bitboard* table) {
    Prng prng{0x9E3779B97F4A7C15ULL ^ pt};
    std::vector<Bitboard> occupancies, references;
    std::vector<int> epoch(4096, 0);
    int attempt = 0;
    Bitboard* next = table;
    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        detail::SliderEntry& e = entries[sq];
        e.mask = relevant_mask(pt, s);
        const int bits = popcount(e.mask);
        e.shift = 64 - bits;
        Bitboard* const slice = next; // e.attacks is const for every reader after this
        e.attacks = slice;
        next += std::size_t(1) << bits;

        occupancies.clear();
        references.clear();
        Bitboard subset = 0;
        do {
            occupancies.push_back(subset);
            references.push_back(sliding_attacks_reference(pt, s, subset));
            subset = (subset - e.mask) & e.mask;
        } while (subset);

        if constexpr (simd::HAS_PEXT) {
            for (std::size_t i = 0; i < occupancies.size(); ++i)
                slice[e.index(occupancies[i])] = references[i];
            continue;
        }
        // Magic search: a candidate is accepted once no two occupancies with
        // different attack sets collide.
        for (;;) {
            do e.magic = prng.sparse();
            while (popcount((e.mask * e.magic) >> 56) < 6);
            ++attempt;
            bool ok = true;
            for (std::size_t i = 0; i < occupancies.size() && ok; ++i) {
                const Bitboard idx = ((occupancies[i] & e.mask) * e.magic) >> e.shift;
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    slice[idx] = references[i];
                } else if (slice[idx] != references[i]) {
                    ok = false;
                }
            }
            if (ok) break;
        }
    }
}

} // namespace

namespace detail {

SliderTables::SliderTables() {
    init_slider(ROOK, rook, rookAttacks);
    init_slider(BISHOP, bishop, bishopAttacks);
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const Square sa = Square(a), sb = Square(b);
            between[a][b] = square_bb(sb);
            line[a][b] = 0;
            if (a == b) continue;
            for (PieceType pt : {BISHOP, ROOK}) {
                if (sliding_attacks_reference(pt, sa, 0) & square_bb(sb)) {
                    line[a][b] = (sliding_attacks_reference(pt, sa, 0) &
                                  sliding_attacks_reference(pt, sb, 0)) |
                                 square_bb(sa) | square_bb(sb);
                    between[a][b] |= sliding_attacks_reference(pt, sa, square_bb(sb)) &
                                     sliding_attacks_reference(pt, sb, square_bb(sa));
                }
            }
        }
}

// Built during static initialisation, after the CPU feature check (priority 101).
const SliderTables SLIDERS;

} // namespace detail

} // namespace flotilla
