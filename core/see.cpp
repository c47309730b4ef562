#include "core/see.h"

#include "core/attacks.h"
#include "core/bitboard.h"

#include <algorithm>

namespace flotilla {

namespace {

// Least valuable piece type among `attackers` (which must be non-empty).
PieceType least_valuable(const Position& pos, Bitboard attackers) {
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
        if (attackers & pos.pieces(pt)) return pt;
    return NO_PIECE_TYPE;
}

bool is_last_rank(Square s) { return rank_of(s) == RANK_1 || rank_of(s) == RANK_8; }

// What the move itself wins (the captured piece, a promotion's gain) and the value of
// the piece it leaves on its destination square, to be lost to a recapture.
struct FirstCapture {
    Value gain;
    Value onSquare;
};

FirstCapture first_capture(const Position& pos, Move m) {
    FirstCapture c{m.type() == EN_PASSANT ? PIECE_VALUE[PAWN]
                                          : PIECE_VALUE[type_of(pos.piece_on(m.to()))],
                   PIECE_VALUE[type_of(pos.piece_on(m.from()))]};
    if (m.type() == PROMOTION) {
        c.gain += PIECE_VALUE[m.promotion_type()] - PIECE_VALUE[PAWN];
        c.onSquare = PIECE_VALUE[m.promotion_type()];
    }
    return c;
}

// The swap algorithm (chessprogramming wiki, "SEE - The Swap Algorithm"): build the
// list of speculative gains, then back it up with a negamax where each side may stop.
// `first` is first_capture(pos, m), which see_ge has already computed.
Value exchange(const Position& pos, Move m, FirstCapture first) {
    const Square from = m.from(), to = m.to();
    const Color us = pos.side_to_move();
    Value gain[40];
    int d = 0;

    Bitboard occupied = pos.pieces() ^ square_bb(from);
    if (m.type() == EN_PASSANT) occupied ^= square_bb(to - pawn_push(us));
    gain[0] = first.gain;
    Value onSquare = first.onSquare;

    const Bitboard diagonal = pos.pieces(BISHOP, QUEEN);
    const Bitboard straight = pos.pieces(ROOK, QUEEN);
    Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
    Color side = ~us;

    // Nothing can take back: the capture's gain stands (and no pins need computing).
    if (!(attackers & pos.pieces(side))) return gain[0];

    // A piece pinned to its king may not join in while its pinner is on the board.
    Bitboard pinned[COLOR_NB], pinners[COLOR_NB];
    for (Color c : {WHITE, BLACK}) {
        pinned[c] = pos.king_blockers(c) & pos.pieces(c);
        pinners[c] = pos.king_pinners(c);
    }

    while (d < 38) {
        Bitboard mine = attackers & pos.pieces(side);
        if (pinners[side] & occupied) mine &= ~pinned[side];
        if (!mine) break;
        const PieceType pt = least_valuable(pos, mine);
        // The king may only take last, when nothing can take it back.
        if (pt == KING && (attackers & pos.pieces(~side))) break;

        ++d;
        gain[d] = onSquare - gain[d - 1];
        onSquare = PIECE_VALUE[pt];
        if (pt == PAWN && is_last_rank(to)) {
            gain[d] += PIECE_VALUE[QUEEN] - PIECE_VALUE[PAWN];
            onSquare = PIECE_VALUE[QUEEN];
        }

        occupied ^= square_bb(lsb(mine & pos.pieces(pt)));
        // Sliders behind the piece that just moved join in (x-rays).
        attackers |=
            (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & straight);
        attackers &= occupied;
        side = ~side;
    }

    while (d > 0) {
        gain[d - 1] = std::min(gain[d - 1], -gain[d]);
        --d;
    }
    return gain[0];
}

} // namespace

Value see_value(const Position& pos, Move m) {
    return m.type() == CASTLING ? 0 : exchange(pos, m, first_capture(pos, m));
}

// Two bounds settle most questions without the exchange (the idea of the threshold SEE
// of Stockfish and Ethereal): the opponent may always stop, so the result is at most what
// the move itself wins; and we may stop after the first recapture, so it is at least that
// minus the piece left on the square (and a recapturing pawn's promotion on the last rank).
bool see_ge(const Position& pos, Move m, Value threshold) {
    if (m.type() == CASTLING) return 0 >= threshold;
    const FirstCapture first = first_capture(pos, m);
    if (first.gain < threshold) return false;
    const Value promotionLoss =
        is_last_rank(m.to()) ? PIECE_VALUE[QUEEN] - PIECE_VALUE[PAWN] : Value(0);
    if (first.gain - first.onSquare - promotionLoss >= threshold) return true;
    return exchange(pos, m, first) >= threshold;
}

} // namespace flotilla
