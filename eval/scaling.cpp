// Endgame scale factors for drawish material
// (https://www.chessprogramming.org/Opposite_Colored_Bishops,
// https://www.chessprogramming.org/Draw_Evaluation).
#include "eval/endgame.h"
#include "eval/masks.h"
#include "eval/weights.h"

namespace flotilla::eval {

int non_pawn_material(const Position& pos, Color c) {
    int sum = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) sum += PIECE_VALUE[pt] * pos.count(c, pt);
    return sum;
}

int scale_factor(const Position& pos, Color strong) {
    const Color weak = ~strong;
    const int strongMaterial = non_pawn_material(pos, strong);
    const int weakMaterial = non_pawn_material(pos, weak);

    // Without pawns a side needs a clear edge in pieces to win: KR v KB, KRB v KR
    // and the like are mostly draws, and one minor cannot mate at all.
    if (!pos.count(strong, PAWN) && strongMaterial - weakMaterial <= PIECE_VALUE[BISHOP])
        return strongMaterial < PIECE_VALUE[ROOK] ? 0 : fixed::SCALE_NO_PAWNS_SMALL_EDGE;

    // Opposite-coloured bishops: the defender blockades on the squares the
    // attacker's bishop cannot touch.
    const Bitboard bishops = pos.pieces(BISHOP);
    if (pos.count(WHITE, BISHOP) == 1 && pos.count(BLACK, BISHOP) == 1 &&
        popcount(bishops & DARK_SQUARES) == 1) {
        const bool onlyBishops =
            strongMaterial == PIECE_VALUE[BISHOP] && weakMaterial == PIECE_VALUE[BISHOP];
        return onlyBishops ? fixed::SCALE_PURE_OPPOSITE_BISHOPS
                           : fixed::SCALE_OPPOSITE_BISHOPS_WITH_PIECES;
    }
    return fixed::SCALE_NORMAL;
}

} // namespace flotilla::eval
