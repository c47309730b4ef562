// Static pawn-structure terms, cached by pawn key. Definitions from the
// chessprogramming wiki: Isolated Pawn, Doubled Pawn, Backward Pawn,
// Connected Pawns (phalanx and defended), Passed Pawn, Candidate Passed Pawn.
#include "eval/pawns.h"

#include "core/zobrist.h"
#include "eval/masks.h"

#include <bit>

namespace flotilla::eval {

namespace {

constexpr Key PAWN_KEY_SEED = 0x9A3D'7C41'E5B2'0F68ULL;

Score evaluate_side(const Position& pos, const Weights& w, Color us, PawnEntry& entry) {
    const Color them = ~us;
    const Bitboard ourPawns = pos.pieces(us, PAWN);
    const Bitboard theirPawns = pos.pieces(them, PAWN);
    Score score;

    for (Bitboard b = ourPawns; b;) {
        const Square s = pop_lsb(b);
        const int r = relative_rank(us, s);
        const Bitboard adjacent = adjacent_files_bb(file_of(s));
        const Bitboard ahead = forward_ranks_bb(us, s);
        // Own pawns beside or behind on neighbouring files could still support this one.
        const Bitboard helpers = ourPawns & adjacent & ~ahead;
        const Bitboard sentries = theirPawns & pawn_attack_span_bb(us, s);
        const bool opposed = theirPawns & forward_file_bb(us, s);
        const bool doubled = ourPawns & forward_file_bb(us, s);
        const bool isolated = !(ourPawns & adjacent);
        const bool phalanx = ourPawns & adjacent & rank_bb(s);
        const bool supported = ourPawns & pawn_attacks(them, s);
        const Square stop = s + pawn_push(us);
        // Backward: nothing can come up to protect it, and its advance is stopped by a pawn.
        const bool backward =
            !isolated && !helpers &&
            ((theirPawns & square_bb(stop)) || (sentries & pawn_attacks(us, stop)));
        const bool passed = !opposed && !sentries && !doubled;
        // Candidate: on a half-open file with at least as many helpers as sentries.
        const bool candidate = !passed && !opposed && popcount(helpers) >= popcount(sentries);

        if (isolated) score += w.pawnIsolated[0];
        if (doubled) score += w.pawnDoubled[0];
        if (backward) score += w.pawnBackward[0];
        if (phalanx) score += w.pawnPhalanx[r];
        if (supported) score += w.pawnSupported[r];
        if (passed) {
            score += w.passedRank[r];
            entry.passed[us] |= square_bb(s);
        } else if (candidate) {
            score += w.candidatePasser[r];
        }
        entry.attackSpan[us] |= pawn_attack_span_bb(us, s);
    }
    entry.attacks[us] =
        us == WHITE ? pawn_attacks_bb<WHITE>(ourPawns) : pawn_attacks_bb<BLACK>(ourPawns);
    return score;
}

} // namespace

Key pawn_key(const Position& pos) {
    Key key = PAWN_KEY_SEED;
    for (Color c : {WHITE, BLACK})
        for (Bitboard b = pos.pieces(c, PAWN); b;)
            key ^= zobrist::piece_square(make_piece(c, PAWN), pop_lsb(b));
    return key ? key : PAWN_KEY_SEED;
}

PawnEntry compute_pawn_entry(const Position& pos, const Weights& weights) {
    PawnEntry entry;
    entry.key = pawn_key(pos);
    for (Color c : {WHITE, BLACK}) entry.score[c] = evaluate_side(pos, weights, c, entry);
    return entry;
}

PawnCache::PawnCache(std::size_t entries)
    : table(std::bit_ceil(std::max<std::size_t>(entries, 1))) {}

void PawnCache::clear() { std::fill(table.begin(), table.end(), PawnEntry{}); }

const PawnEntry& PawnCache::probe(const Position& pos, const Weights& weights) {
    if (weightsInUse != &weights) {
        clear();
        weightsInUse = &weights;
    }
    const Key key = pawn_key(pos);
    PawnEntry& entry = table[key & (table.size() - 1)];
    if (entry.key != key) entry = compute_pawn_entry(pos, weights);
    return entry;
}

} // namespace flotilla::eval
