// Attack bitboards of both sides, shared by mobility, king safety and threats.
#include "eval/context.h"

namespace flotilla::eval {

AttackMaps compute_attack_maps(const Position& pos) {
    AttackMaps maps;
    const Bitboard occupied = pos.pieces();
    for (Color c : {WHITE, BLACK}) {
        const Bitboard pawns = pos.pieces(c, PAWN);
        const Bitboard pawnAttacks =
            c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
        maps.byType[c][PAWN] = pawnAttacks;
        // Squares attacked by both pawn diagonals count twice.
        maps.twice[c] = c == WHITE ? shift<NORTH_WEST>(pawns) & shift<NORTH_EAST>(pawns)
                                   : shift<SOUTH_WEST>(pawns) & shift<SOUTH_EAST>(pawns);
        maps.all[c] = pawnAttacks;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
            for (Bitboard b = pos.pieces(c, pt); b;) {
                const Square s = pop_lsb(b);
                const Bitboard attacks = attacks_bb(pt, s, occupied);
                // At most 16 men a side, so the king leaves room for 15 pieces.
                if (pt != KING) maps.pieces[c][maps.pieceCount[c]++] = {s, pt, attacks};
                maps.byType[c][pt] |= attacks;
                maps.twice[c] |= maps.all[c] & attacks;
                maps.all[c] |= attacks;
            }
        }
        // The king's neighbourhood plus one more rank towards the enemy
        // (https://www.chessprogramming.org/King_Safety#Attacking_King_Zone).
        const Square ksq = pos.king_square(c);
        const Bitboard near = king_attacks(ksq) | square_bb(ksq);
        maps.kingZone[c] = near | (c == WHITE ? shift<NORTH>(near) : shift<SOUTH>(near));
    }
    return maps;
}

} // namespace flotilla::eval
