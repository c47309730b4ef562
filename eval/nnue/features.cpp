#include "eval/nnue/features.h"

namespace flotilla::nnue {

DirtyPiece changes_of(const Position& pos, Move m) {
    DirtyPiece d;
    if (!m.is_ok()) return d;
    const Square from = m.from(), to = m.to();
    const Piece moved = pos.piece_on(from);
    const Color us = color_of(moved);
    auto remove = [&](Piece p, Square s) { d.removed[d.removedCount++] = {p, s}; };
    auto add = [&](Piece p, Square s) { d.added[d.addedCount++] = {p, s}; };

    if (m.type() == CASTLING) {
        // King takes own rook (also Chess960): the king lands on the g- or c-file, the
        // rook on the f- or d-file, whatever squares they started from.
        const bool kingSide = file_of(to) > file_of(from);
        const Piece rook = pos.piece_on(to);
        remove(moved, from);
        remove(rook, to);
        add(moved, relative_square(us, kingSide ? SQ_G1 : SQ_C1));
        add(rook, relative_square(us, kingSide ? SQ_F1 : SQ_D1));
        return d;
    }
    remove(moved, from);
    if (m.type() == EN_PASSANT) {
        const Square captured = to - pawn_push(us);
        remove(pos.piece_on(captured), captured);
    } else if (pos.piece_on(to) != NO_PIECE) {
        remove(pos.piece_on(to), to);
    }
    add(m.type() == PROMOTION ? make_piece(us, m.promotion_type()) : moved, to);
    return d;
}

} // namespace flotilla::nnue
