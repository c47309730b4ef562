// The move ranking of game files (version 2); the rule is docs/data-format.md's, and
// every constant here is part of the format.
#include "tools/move_rank.h"

#include "core/movegen.h"

#include <algorithm>
#include <cstdint>

namespace flotilla::tools {

namespace {

// The rule's own piece values, fixed by the format (not the engine's, which may change).
constexpr int VALUE[PIECE_TYPE_NB] = {0, 1, 3, 3, 5, 9, 0};

// Priorities fall in bands, highest first: queen promotions, captures, castling, quiet
// moves (within +-110), losing captures, under-promotions; all fit in int16.
constexpr int QUEEN_PROMOTION = 30000, UNDER_PROMOTION = -30000;
constexpr int CAPTURE = 10000, RECAPTURE = 2000, LOSING_CAPTURE = -20000;
constexpr int CASTLE = 2000, KING_STEP = -5;
constexpr int ESCAPE = 100, INTO_LESSER_ATTACK = -100, INTO_ATTACK = -3;

// Squares the opponent attacks: by anything, and, for each type of our piece, by a
// piece worth less (pawns < knights = bishops < rooks < queens; the king counts as a
// queen here, and nothing is worth less than a pawn).
struct Threats {
    Bitboard byAny = 0;
    Bitboard byLesser[PIECE_TYPE_NB] = {};
};

Threats threats(const Position& pos) {
    const Color them = ~pos.side_to_move();
    const Bitboard occupied = pos.pieces();
    Bitboard byPawns = 0, byMinors, byRooks;
    for (Bitboard b = pos.pieces(them, PAWN); b;) byPawns |= pawn_attacks(them, pop_lsb(b));
    byMinors = byPawns;
    for (Bitboard b = pos.pieces(them, KNIGHT, BISHOP); b;) {
        const Square s = pop_lsb(b);
        byMinors |= attacks_bb(type_of(pos.piece_on(s)), s, occupied);
    }
    byRooks = byMinors;
    for (Bitboard b = pos.pieces(them, ROOK); b;) byRooks |= rook_attacks(pop_lsb(b), occupied);
    Threats t;
    t.byAny = byRooks | king_attacks(pos.king_square(them));
    for (Bitboard b = pos.pieces(them, QUEEN); b;) t.byAny |= queen_attacks(pop_lsb(b), occupied);
    t.byLesser[KNIGHT] = t.byLesser[BISHOP] = byPawns;
    t.byLesser[ROOK] = byMinors;
    t.byLesser[QUEEN] = t.byLesser[KING] = byRooks;
    return t;
}

// 0 in a corner, 6 on the four centre squares.
constexpr int centrality(Square s) {
    const int file = file_of(s), rank = rank_of(s);
    return std::min(file, 7 - file) + std::min(rank, 7 - rank);
}

int capture_priority(const Position& pos, const Threats& t, Square previousTo, Move m,
                     PieceType mover) {
    const PieceType victim = m.type() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
    int p = CAPTURE + 100 * VALUE[victim] - VALUE[mover];
    if (m.to() == previousTo) p += RECAPTURE;
    if (VALUE[mover] > VALUE[victim] && (t.byAny & square_bb(m.to()))) p += LOSING_CAPTURE;
    return p;
}

// Written without branches: most legal moves are quiet, and which piece moves is
// unpredictable.
int quiet_priority(const Threats& t, Move m, PieceType mover) {
    const Square from = m.from(), to = m.to();
    const int pawnStep = std::abs(rank_of(to) - rank_of(from)) + centrality(to);
    const int pieceStep = centrality(to) - centrality(from);
    int p = mover == PAWN ? pawnStep : mover == KING ? KING_STEP : pieceStep;
    const Bitboard lesser = t.byLesser[mover];
    p += ESCAPE * int((lesser >> from) & 1) + INTO_LESSER_ATTACK * int((lesser >> to) & 1);
    const bool piece = mover != PAWN && mover != KING;
    p += INTO_ATTACK * int(piece & ((t.byAny >> to) & 1) & !((t.byAny >> from) & 1));
    return p;
}

int priority(const Position& pos, const Threats& t, Square previousTo, Move m) {
    const PieceType mover = type_of(pos.piece_on(m.from()));
    if (m.type() == NORMAL && pos.empty(m.to())) return quiet_priority(t, m, mover);
    if (m.type() == PROMOTION)
        return m.promotion_type() == QUEEN ? QUEEN_PROMOTION : UNDER_PROMOTION;
    if (m.type() == CASTLING) return CASTLE;
    return capture_priority(pos, t, previousTo, m, mover);
}

// One sort key per legal move, higher first: the priority, then the lower 16-bit move
// value; the move itself is the key's low 16 bits (65535 - its value).
struct Keys {
    std::uint32_t key[MAX_MOVES];
    int size = 0;
};

Keys legal_move_keys(const Position& pos, Square previousTo) {
    Move moves[MAX_MOVES];
    Keys k;
    k.size = int(generate<LEGAL>(pos, moves) - moves);
    const Threats t = threats(pos);
    for (int i = 0; i < k.size; ++i)
        k.key[i] = std::uint32_t(priority(pos, t, previousTo, moves[i]) + 32768) << 16 |
                   (65535u - moves[i].raw());
    return k;
}

Move move_of(std::uint32_t key) { return Move(std::uint16_t(65535 - (key & 0xFFFF))); }

// How many keys are above x: the rank of x's move. A plain loop, which compilers vectorise.
int count_above(const Keys& k, std::uint32_t x) {
    int count = 0;
    for (int i = 0; i < k.size; ++i) count += k.key[i] > x;
    return count;
}

} // namespace

int move_rank(const Position& pos, Square previousTo, Move move) {
    const Keys k = legal_move_keys(pos, previousTo);
    for (int i = 0; i < k.size; ++i)
        if (move_of(k.key[i]) == move) return count_above(k, k.key[i]);
    return -1;
}

// Most ranks are small and the lists short, so counting each key's rank in turn beats
// sorting or nth_element (whose branches the data defeat).
Move move_at_rank(const Position& pos, Square previousTo, int rank) {
    const Keys k = legal_move_keys(pos, previousTo);
    for (int i = 0; i < k.size; ++i)
        if (count_above(k, k.key[i]) == rank) return move_of(k.key[i]);
    return Move::none();
}

} // namespace flotilla::tools
