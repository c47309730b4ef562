// Mobility (https://www.chessprogramming.org/Mobility): squares a piece
// attacks that are not held by own pieces nor attacked by enemy pawns, scored
// by a table per piece type, since the first few squares matter most.
#include "eval/context.h"

namespace flotilla::eval {

Score mobility(const Context& ctx, Color us) {
    const Bitboard safe = ~(ctx.pos.pieces(us) | ctx.attacks.byType[~us][PAWN]);
    const Weights& w = ctx.w;
    Score score;
    for (int i = 0; i < ctx.attacks.pieceCount[us]; ++i) {
        const PieceAttacks& p = ctx.attacks.pieces[us][i];
        const int squares = popcount(p.attacks & safe);
        switch (p.type) {
        case KNIGHT: score += w.knightMobility[squares]; break;
        case BISHOP: score += w.bishopMobility[squares]; break;
        case ROOK: score += w.rookMobility[squares]; break;
        default: score += w.queenMobility[squares]; break;
        }
    }
    return score;
}

} // namespace flotilla::eval
