// Threats (https://www.chessprogramming.org/Evaluation#Threats, "Hanging
// Piece"): enemy pieces attacked by our pawns, by lesser pieces, or attacked
// and not defended at all. Scored for the attacking side.
#include "eval/context.h"

namespace flotilla::eval {

Score threats(const Context& ctx, Color us) {
    const Position& pos = ctx.pos;
    const Weights& w = ctx.w;
    const Color them = ~us;
    const AttackMaps& a = ctx.attacks;
    const Bitboard targets = pos.pieces(them) & ~pos.pieces(PAWN, KING);
    const Bitboard undefended = ~a.all[them];
    const Bitboard byMinor = a.byType[us][KNIGHT] | a.byType[us][BISHOP];
    Score score;

    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
        const Bitboard victims = targets & pos.pieces(them, pt);
        score += w.threatByPawn[pt - KNIGHT] * popcount(victims & a.byType[us][PAWN]);
        // A lesser attacker wins material against a bigger or undefended piece.
        const Bitboard minorWins = pt >= ROOK ? victims : victims & undefended;
        score += w.threatByMinor[pt - KNIGHT] * popcount(minorWins & byMinor);
        const Bitboard rookWins = pt == QUEEN ? victims : victims & undefended;
        score += w.threatByRook[pt - KNIGHT] * popcount(rookWins & a.byType[us][ROOK]);
    }
    score += w.hanging[0] * popcount(targets & a.all[us] & undefended);
    return score;
}

} // namespace flotilla::eval
