// Lone-king endings (https://www.chessprogramming.org/Mop-up_Evaluation):
// push the bare king to the edge and bring the attacking king close, and for
// KBN-K to a corner of the bishop's colour, where the mate exists
// (https://www.chessprogramming.org/KBNK_Endgame).
#include "eval/endgame.h"
#include "eval/masks.h"
#include "eval/weights.h"

namespace flotilla::eval {

namespace {

bool bare_king(const Position& pos, Color c) { return pos.pieces(c) == pos.pieces(c, KING); }

// Enough force to mate a bare king without help from the defender.
bool can_force_mate(const Position& pos, Color c) {
    if (pos.count(c, ROOK) || pos.count(c, QUEEN)) return true;
    const Bitboard bishops = pos.pieces(c, BISHOP);
    const bool bothColours = (bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES);
    if (bothColours) return true;
    if (bishops && pos.count(c, KNIGHT)) return true;
    return pos.count(c, KNIGHT) >= 3;
}

// Steps from s to the nearer corner of the given square colour.
int distance_to_corner(Square s, bool dark) {
    return dark ? std::min(distance(s, SQ_A1), distance(s, SQ_H8))
                : std::min(distance(s, SQ_H1), distance(s, SQ_A8));
}

} // namespace

std::optional<Value> lone_king_eval(const Position& pos) {
    for (Color strong : {WHITE, BLACK}) {
        const Color weak = ~strong;
        if (!bare_king(pos, weak) || pos.count(strong, PAWN)) continue;
        if (!can_force_mate(pos, strong)) return VALUE_DRAW;

        const Square weakKing = pos.king_square(weak), strongKing = pos.king_square(strong);
        Value v = fixed::MOPUP_KNOWN_WIN + non_pawn_material(pos, strong);
        v += fixed::MOPUP_EDGE_WEIGHT * centre_distance(weakKing);
        v += fixed::MOPUP_KING_DISTANCE_WEIGHT * (7 - distance(weakKing, strongKing));
        const bool bishopAndKnightOnly =
            pos.count(strong, BISHOP) == 1 && pos.count(strong, KNIGHT) == 1 &&
            non_pawn_material(pos, strong) == PIECE_VALUE[BISHOP] + PIECE_VALUE[KNIGHT];
        if (bishopAndKnightOnly) {
            const bool dark = pos.pieces(strong, BISHOP) & DARK_SQUARES;
            v += fixed::MOPUP_KBN_CORNER_WEIGHT * (7 - distance_to_corner(weakKing, dark));
        }
        return strong == WHITE ? v : -v;
    }
    return std::nullopt;
}

} // namespace flotilla::eval
