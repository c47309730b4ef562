// Rooks and queens on open and half-open files
// (https://www.chessprogramming.org/Rook_on_Open_File), and knights and
// bishops on outposts: squares in the enemy half guarded by an own pawn that
// no enemy pawn can ever attack (https://www.chessprogramming.org/Outposts).
#include "eval/context.h"

namespace flotilla::eval {

namespace {

// Relative ranks 4 to 6, where a piece presses on the enemy position.
constexpr Bitboard outpost_ranks(Color us) {
    return us == WHITE ? rank_bb(RANK_4) | rank_bb(RANK_5) | rank_bb(RANK_6)
                       : rank_bb(RANK_5) | rank_bb(RANK_4) | rank_bb(RANK_3);
}

Score on_files(const Context& ctx, Color us, PieceType pt, Score open, Score semiOpen) {
    const Position& pos = ctx.pos;
    Score score;
    for (Bitboard b = pos.pieces(us, pt); b;) {
        const Bitboard file = file_bb(pop_lsb(b));
        if (!(file & pos.pieces(PAWN)))
            score += open;
        else if (!(file & pos.pieces(us, PAWN)))
            score += semiOpen;
    }
    return score;
}

} // namespace

Score files_and_outposts(const Context& ctx, Color us) {
    const Weights& w = ctx.w;
    Score score = on_files(ctx, us, ROOK, w.rookOpenFile[0], w.rookSemiOpenFile[0]) +
                  on_files(ctx, us, QUEEN, w.queenOpenFile[0], w.queenSemiOpenFile[0]);

    const Bitboard outposts =
        outpost_ranks(us) & ctx.pawns.attacks[us] & ~ctx.pawns.attackSpan[~us];
    score += w.knightOutpost[0] * popcount(ctx.pos.pieces(us, KNIGHT) & outposts);
    score += w.bishopOutpost[0] * popcount(ctx.pos.pieces(us, BISHOP) & outposts);
    return score;
}

} // namespace flotilla::eval
