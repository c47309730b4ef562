// Passed pawns: the cached structure terms plus the parts that depend on the
// pieces, which the pawn cache cannot hold: a free path to promotion and the
// race of the kings to the square in front
// (https://www.chessprogramming.org/Passed_Pawn, "King Pawn Tropism").
#include "eval/context.h"
#include "eval/masks.h"

namespace flotilla::eval {

Score pawn_structure(const Context& ctx, Color us) { return ctx.pawns.score[us]; }

Score passed_pawns(const Context& ctx, Color us) {
    const Position& pos = ctx.pos;
    const Square ourKing = pos.king_square(us), theirKing = pos.king_square(~us);
    Score score;
    for (Bitboard b = ctx.pawns.passed[us]; b;) {
        const Square s = pop_lsb(b);
        const int r = relative_rank(us, s);
        const Square front = s + pawn_push(us);
        // Weights are per rank and per step of distance, so the tuner sees a linear term.
        score += ctx.w.passedOwnKingDistance[r] * distance(ourKing, front);
        score += ctx.w.passedEnemyKingDistance[r] * distance(theirKing, front);
        if (!(forward_file_bb(us, s) & pos.pieces())) score += ctx.w.passedFreePath[r];
    }
    return score;
}

} // namespace flotilla::eval
