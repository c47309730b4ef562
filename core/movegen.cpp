#include "core/movegen.h"

namespace flotilla {

namespace {

// Collects moves, or only counts them when Count is set (perft's last ply).
template <bool Count> struct Sink {
    Move* cur;
    int n = 0;

    void add(Move m) {
        if constexpr (Count)
            ++n;
        else
            *cur++ = m;
    }
    void add_targets(Square from, Bitboard targets) {
        if constexpr (Count)
            n += popcount(targets);
        else
            while (targets) *cur++ = Move(from, pop_lsb(targets));
    }
    // Pawn moves from a shifted target set: origin = destination - delta.
    void add_pawn_targets(Bitboard targets, int delta) {
        if constexpr (Count)
            n += popcount(targets);
        else
            while (targets) {
                const Square to = pop_lsb(targets);
                *cur++ = Move(to - delta, to);
            }
    }
    void add_promotions(Bitboard targets, int delta, bool underpromotions) {
        if constexpr (Count)
            n += popcount(targets) * (underpromotions ? 4 : 1);
        else
            while (targets) {
                const Square to = pop_lsb(targets);
                const Square from = to - delta;
                *cur++ = Move::make(from, to, PROMOTION, QUEEN);
                if (underpromotions) {
                    *cur++ = Move::make(from, to, PROMOTION, ROOK);
                    *cur++ = Move::make(from, to, PROMOTION, BISHOP);
                    *cur++ = Move::make(from, to, PROMOTION, KNIGHT);
                }
            }
    }
};

template <Color Us, GenType Type, bool Count>
void generate_pawn_moves(const Position& pos, Sink<Count>& sink, Bitboard pawns,
                         Bitboard targetMask) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
    constexpr Direction UpLeft = Us == WHITE ? NORTH_WEST : SOUTH_EAST;
    constexpr Direction UpRight = Us == WHITE ? NORTH_EAST : SOUTH_WEST;
    constexpr Bitboard Rank3 = rank_bb(Us == WHITE ? RANK_3 : RANK_6);
    constexpr Bitboard Rank8 = rank_bb(Us == WHITE ? RANK_8 : RANK_1);
    constexpr bool Noisy = Type != QUIETS;
    constexpr bool Quiet = Type != NOISY;

    const Bitboard empty = ~pos.pieces();
    const Bitboard enemies = pos.pieces(Them) & targetMask;

    const Bitboard push1 = shift<Up>(pawns) & empty;
    const Bitboard push2 = shift<Up>(push1 & Rank3) & empty & targetMask;
    const Bitboard pushes = push1 & targetMask;
    const Bitboard capL = shift<UpLeft>(pawns) & enemies;
    const Bitboard capR = shift<UpRight>(pawns) & enemies;

    if constexpr (Quiet) {
        sink.add_pawn_targets(pushes & ~Rank8, Up);
        sink.add_pawn_targets(push2, 2 * Up);
    }
    if constexpr (Noisy) {
        sink.add_pawn_targets(capL & ~Rank8, UpLeft);
        sink.add_pawn_targets(capR & ~Rank8, UpRight);
        sink.add_promotions(pushes & Rank8, Up, true);
        sink.add_promotions(capL & Rank8, UpLeft, true);
        sink.add_promotions(capR & Rank8, UpRight, true);
    }
}

template <Color Us, GenType Type, bool Count> int generate_legal(const Position& pos, Move* list) {
    constexpr Color Them = ~Us;
    Sink<Count> sink{list};
    const Square ksq = pos.king_square(Us);
    const Bitboard occ = pos.pieces();
    const Bitboard ours = pos.pieces(Us), theirs = pos.pieces(Them);
    const Bitboard checkers = pos.checkers();

    // Squares a piece may move to for this generation type.
    Bitboard typeMask = Type == NOISY ? theirs : Type == QUIETS ? ~occ : ~ours;

    // King moves: each destination tested with the king lifted off the board.
    {
        Bitboard targets = king_attacks(ksq) & ~ours & typeMask;
        const Bitboard occNoKing = occ ^ square_bb(ksq);
        while (targets) {
            const Square to = pop_lsb(targets);
            if (!(pos.attackers_to(to, occNoKing) & theirs)) sink.add(Move(ksq, to));
        }
    }
    if (more_than_one(checkers)) return Count ? sink.n : int(sink.cur - list);

    // Outside check every square is allowed; in check, only blocking or capturing.
    const Bitboard checkMask = checkers ? between_bb(ksq, lsb(checkers)) : ALL_SQUARES;
    const Bitboard pinned = pos.slider_blockers(Us) & ours;
    const Bitboard targets = ~ours & typeMask & checkMask;

    generate_pawn_moves<Us, Type, Count>(pos, sink, pos.pieces(Us, PAWN) & ~pinned, checkMask);
    if (!checkers) {
        // A pinned pawn can only move along its pin line; rare, so one at a time.
        for (Bitboard b = pos.pieces(Us, PAWN) & pinned; b;) {
            const Square from = pop_lsb(b);
            generate_pawn_moves<Us, Type, Count>(pos, sink, square_bb(from), line_bb(ksq, from));
        }
    }

    if (Type != QUIETS && pos.ep_square() != SQ_NONE) {
        const Square ep = pos.ep_square();
        for (Bitboard b = pawn_attacks(Them, ep) & pos.pieces(Us, PAWN); b;) {
            const Move m = Move::make(pop_lsb(b), ep, EN_PASSANT);
            if (pos.is_legal(m)) sink.add(m);
        }
    }

    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
        const Square from = pop_lsb(b);
        sink.add_targets(from, knight_attacks(from) & targets);
    }
    for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
        const Square from = pop_lsb(b);
        Bitboard t = bishop_attacks(from, occ) & targets;
        if (pinned & square_bb(from)) t &= line_bb(ksq, from);
        sink.add_targets(from, t);
    }
    for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
        const Square from = pop_lsb(b);
        Bitboard t = rook_attacks(from, occ) & targets;
        if (pinned & square_bb(from)) t &= line_bb(ksq, from);
        sink.add_targets(from, t);
    }

    if (Type != NOISY && !checkers) {
        for (bool kingSide : {true, false}) {
            const CastlingRights cr = castling_right(Us, kingSide);
            if (!pos.can_castle(cr) || (pos.castling_path(cr) & occ)) continue;
            const Move m = Move::make(ksq, pos.castling_rook_square(cr), CASTLING);
            if (pos.is_legal(m)) sink.add(m);
        }
    }
    return Count ? sink.n : int(sink.cur - list);
}

template <GenType Type, bool Count> int dispatch(const Position& pos, Move* list) {
    return pos.side_to_move() == WHITE ? generate_legal<WHITE, Type, Count>(pos, list)
                                       : generate_legal<BLACK, Type, Count>(pos, list);
}

} // namespace

template <GenType Type> Move* generate(const Position& pos, Move* list) {
    // Evasions are the legal moves of a position in check; the generator handles both.
    constexpr GenType Effective = Type == EVASIONS ? LEGAL : Type;
    return list + dispatch<Effective, false>(pos, list);
}

template Move* generate<NOISY>(const Position&, Move*);
template Move* generate<QUIETS>(const Position&, Move*);
template Move* generate<EVASIONS>(const Position&, Move*);
template Move* generate<LEGAL>(const Position&, Move*);

int count_legal_moves(const Position& pos) { return dispatch<LEGAL, true>(pos, nullptr); }

} // namespace flotilla
