#include "core/position.h"

#include "core/movegen.h"
#include "core/zobrist.h"

#include <cctype>
#include <charconv>
#include <cstring>
#include <sstream>

namespace flotilla {

namespace {

constexpr const char* PIECE_CHARS = " PNBRQK  pnbrqk";

Piece piece_from_char(char c) {
    const char* p = std::strchr(PIECE_CHARS, c);
    if (!p || c == ' ' || c == '\0') return NO_PIECE;
    return Piece(p - PIECE_CHARS);
}

bool fail(std::string* error, const std::string& message) {
    if (error) *error = message;
    return false;
}

bool parse_counter(const std::string& text, int& value) {
    if (text.empty() || text.size() > 6) return false;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size() && value >= 0;
}

} // namespace

std::string square_to_string(Square s) {
    if (!is_ok(s)) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Position::Position() {
    std::string ignored;
    set_fen(START_FEN, false, &ignored);
}

void Position::clear() {
    std::memset(board, 0, sizeof(board));
    std::memset(byType, 0, sizeof(byType));
    std::memset(byColor, 0, sizeof(byColor));
    std::memset(castlingRightsMask, 0, sizeof(castlingRightsMask));
    std::memset(castlingPath, 0, sizeof(castlingPath));
    std::memset(castlingKingPath, 0, sizeof(castlingKingPath));
    for (auto& s : castlingRookSquare) s = SQ_NONE;
    sideToMove = WHITE;
    gamePly = 0;
    states.clear();
    states.reserve(1024);
    states.emplace_back();
}

void Position::put_piece(Piece p, Square s) {
    board[s] = p;
    byType[type_of(p)] |= square_bb(s);
    byColor[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
    const Piece p = board[s];
    byType[type_of(p)] ^= square_bb(s);
    byColor[color_of(p)] ^= square_bb(s);
    board[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
    const Piece p = board[from];
    const Bitboard fromTo = square_bb(from) | square_bb(to);
    byType[type_of(p)] ^= fromTo;
    byColor[color_of(p)] ^= fromTo;
    board[from] = NO_PIECE;
    board[to] = p;
}

Square Position::castling_king_to(Color c, bool kingSide) const {
    return relative_square(c, kingSide ? SQ_G1 : SQ_C1);
}

void Position::add_castling_right(Color c, Square rookSquare) {
    const Square kingFrom = king_square(c);
    const bool kingSide = file_of(rookSquare) > file_of(kingFrom);
    const CastlingRights cr = castling_right(c, kingSide);
    const int idx = castling_index(cr);
    st().castlingRights |= cr;
    castlingRightsMask[kingFrom] |= cr;
    castlingRightsMask[rookSquare] |= cr;
    castlingRookSquare[idx] = rookSquare;
    const Square kingTo = castling_king_to(c, kingSide);
    const Square rookTo = relative_square(c, kingSide ? SQ_F1 : SQ_D1);
    castlingKingPath[idx] = between_bb(kingFrom, kingTo) | square_bb(kingTo);
    castlingPath[idx] =
        (between_bb(rookSquare, rookTo) | square_bb(rookTo) | castlingKingPath[idx]) &
        ~(square_bb(kingFrom) | square_bb(rookSquare));
}

// 1. Piece placement, rank 8 first.
bool Position::parse_placement(const std::string& field, std::string* error) {
    int rank = 7, file = 0;
    for (char c : field) {
        if (c == '/') {
            if (file != 8)
                return fail(error, "FEN rank " + std::to_string(rank + 1) + " has " +
                                       std::to_string(file) + " files; expected 8");
            if (--rank < 0) return fail(error, "FEN piece placement has more than 8 ranks");
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fail(error,
                            "FEN rank " + std::to_string(rank + 1) + " has more than 8 files");
        } else {
            const Piece pc = piece_from_char(c);
            if (pc == NO_PIECE)
                return fail(error,
                            std::string("FEN has a bad piece letter '") +
                                (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c)
                                                                             : std::string("?")) +
                                "'");
            if (file > 7)
                return fail(error,
                            "FEN rank " + std::to_string(rank + 1) + " has more than 8 files");
            put_piece(pc, make_square(file, rank));
            ++file;
        }
    }
    if (rank != 0) return fail(error, "FEN piece placement has fewer than 8 ranks");
    if (file != 8)
        return fail(error, "FEN rank 1 has " + std::to_string(file) + " files; expected 8");

    return true;
}

// At most 16 men and one king a side, no pawn on the back ranks.
bool Position::check_material(std::string* error) const {
    for (Color c : {WHITE, BLACK}) {
        const char* name = c == WHITE ? "white" : "black";
        const int kings = count(c, KING);
        if (kings == 0) return fail(error, std::string("FEN has no ") + name + " king");
        if (kings > 1) return fail(error, std::string("FEN has more than one ") + name + " king");
        const int pawns = count(c, PAWN);
        // At most 16 men, 8 pawns, and no more promoted pieces than missing pawns:
        // this also bounds the number of legal moves below MAX_MOVES.
        int extra = std::max(0, count(c, KNIGHT) - 2) + std::max(0, count(c, BISHOP) - 2) +
                    std::max(0, count(c, ROOK) - 2) + std::max(0, count(c, QUEEN) - 1);
        if (popcount(pieces(c)) > 16 || pawns > 8 || extra > 8 - pawns)
            return fail(error, std::string("FEN has too many ") + name + " pieces");
    }
    if (pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8)))
        return fail(error, "FEN has a pawn on rank 1 or 8");

    return true;
}

// 3. Castling: KQkq (X-FEN: outermost rook), or rook files A-H / a-h (Shredder-FEN).
bool Position::parse_castling(const std::string& field, std::string* error) {
    if (field == "-") return true;
    if (field.size() > 4) return fail(error, "FEN castling field '" + field + "' is too long");
    for (char c : field) {
        const Color col = std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK;
        const char up = char(std::toupper(static_cast<unsigned char>(c)));
        const Square ksq = king_square(col);
        const Piece rook = make_piece(col, ROOK);
        const int backRank = col == WHITE ? RANK_1 : RANK_8;
        if (rank_of(ksq) != backRank)
            return fail(error, std::string("FEN castling field has '") + c +
                                   "' but the king is not on its back rank");
        Square rsq = SQ_NONE;
        if (up == 'K') {
            for (int f = FILE_H; f > file_of(ksq) && rsq == SQ_NONE; --f)
                if (board[make_square(f, backRank)] == rook) rsq = make_square(f, backRank);
        } else if (up == 'Q') {
            for (int f = FILE_A; f < file_of(ksq) && rsq == SQ_NONE; ++f)
                if (board[make_square(f, backRank)] == rook) rsq = make_square(f, backRank);
        } else if (up >= 'A' && up <= 'H') {
            const Square s = make_square(up - 'A', backRank);
            if (board[s] == rook && file_of(s) != file_of(ksq)) rsq = s;
        } else {
            return fail(error,
                        std::string("FEN castling field has a bad character '") +
                            (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c)
                                                                         : std::string("?")) +
                            "'");
        }
        if (rsq == SQ_NONE)
            return fail(error, std::string("FEN castling field has '") + c +
                                   "' but there is no rook to castle with");
        const bool kingSide = file_of(rsq) > file_of(ksq);
        if (st().castlingRights & castling_right(col, kingSide))
            return fail(error, std::string("FEN castling field repeats a right at '") + c + "'");
        add_castling_right(col, rsq);
    }
    return true;
}

// 4. En passant: only kept when a pawn of the side to move could capture, so that
// equal positions have equal keys.
bool Position::parse_en_passant(const std::string& field, std::string* error) {
    if (field == "-") return true;
    const std::string& ep = field;
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
        return fail(error, "FEN en-passant field '" + ep + "' is not a square");
    const Square s = make_square(ep[0] - 'a', ep[1] - '1');
    const Color us = sideToMove, them = ~us;
    // The pawn that just moved two squares stands in front of s; s and its origin are empty.
    const Square pushed = s + pawn_push(them);
    if (relative_rank(us, s) != RANK_6 || board[pushed] != make_piece(them, PAWN) || !empty(s) ||
        !empty(s - pawn_push(them)))
        return fail(error, "FEN en-passant square " + ep + " does not follow a double pawn push");
    if (pawn_attacks(them, s) & pieces(us, PAWN)) st().epSquare = s;
    return true;
}

bool Position::set_fen(const std::string& fen, bool chess960Mode, std::string* error) {
    std::istringstream in(fen);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    if (fields.size() < 4 || fields.size() > 6)
        return fail(error, "FEN has " + std::to_string(fields.size()) +
                               " fields; expected 6 (or 4 without the move counters)");

    Position p{Blank{}};
    p.clear();
    p.chess960 = chess960Mode;

    if (!p.parse_placement(fields[0], error) || !p.check_material(error)) return false;

    // 2. Side to move.
    if (fields[1] == "w")
        p.sideToMove = WHITE;
    else if (fields[1] == "b")
        p.sideToMove = BLACK;
    else
        return fail(error, "FEN side to move '" + fields[1] + "' is not 'w' or 'b'");

    if (!p.parse_castling(fields[2], error) || !p.parse_en_passant(fields[3], error)) return false;

    // 5-6. Counters.
    int rule50 = 0, fullmove = 1;
    if (fields.size() >= 5 && !parse_counter(fields[4], rule50))
        return fail(error, "FEN halfmove clock '" + fields[4] + "' is not a number");
    if (fields.size() >= 6 && (!parse_counter(fields[5], fullmove)))
        return fail(error, "FEN fullmove number '" + fields[5] + "' is not a number");
    p.st().rule50 = rule50;
    p.gamePly = std::max(2 * (fullmove - 1), 0) + (p.sideToMove == BLACK);

    if (p.attackers_to(p.king_square(~p.sideToMove)) & p.pieces(p.sideToMove))
        return fail(error, "FEN side not to move is in check");

    p.st().checkers = p.attackers_to(p.king_square(p.sideToMove)) & p.pieces(~p.sideToMove);
    p.st().key = p.compute_key();
    *this = std::move(p);
    return true;
}

std::string Position::fen() const {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        int empties = 0;
        for (int f = 0; f < 8; ++f) {
            const Piece pc = board[make_square(f, r)];
            if (pc == NO_PIECE) {
                ++empties;
                continue;
            }
            if (empties) out += char('0' + empties);
            empties = 0;
            out += PIECE_CHARS[pc];
        }
        if (empties) out += char('0' + empties);
        if (r) out += '/';
    }
    out += sideToMove == WHITE ? " w " : " b ";
    const int cr = st().castlingRights;
    if (!cr) out += '-';
    for (CastlingRights right : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
        if (!(cr & right)) continue;
        const bool white = right == WHITE_OO || right == WHITE_OOO;
        const bool kingSide = right == WHITE_OO || right == BLACK_OO;
        const Square rsq = castling_rook_square(right);
        // X-FEN: a letter K/Q when the rook is the outermost one, its file otherwise.
        Bitboard outer = pieces(white ? WHITE : BLACK, ROOK) & rank_bb(rsq);
        bool outermost = true;
        while (outer) {
            const Square s = pop_lsb(outer);
            if (kingSide ? file_of(s) > file_of(rsq) : file_of(s) < file_of(rsq)) outermost = false;
        }
        char c = outermost ? (kingSide ? 'K' : 'Q') : char('A' + file_of(rsq));
        out += white ? c : char(std::tolower(c));
    }
    out += ' ';
    out += square_to_string(st().epSquare);
    out += ' ' + std::to_string(st().rule50) + ' ' + std::to_string(1 + gamePly / 2);
    return out;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
           (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) | (knight_attacks(s) & pieces(KNIGHT)) |
           (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) |
           (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) | (king_attacks(s) & pieces(KING));
}

Bitboard Position::slider_blockers(Color kingColor, Bitboard* pinners) const {
    const Square ksq = king_square(kingColor);
    const Color them = ~kingColor;
    Bitboard snipers = ((rook_attacks(ksq, 0) & pieces(them, ROOK, QUEEN)) |
                        (bishop_attacks(ksq, 0) & pieces(them, BISHOP, QUEEN)));
    const Bitboard occupancy = pieces() ^ snipers;
    Bitboard blockers = 0;
    if (pinners) *pinners = 0;
    while (snipers) {
        const Square sniper = pop_lsb(snipers);
        const Bitboard between = between_bb(ksq, sniper) & ~square_bb(sniper) & occupancy;
        if (between && !more_than_one(between)) {
            blockers |= between;
            if (pinners && (between & pieces(kingColor))) *pinners |= square_bb(sniper);
        }
    }
    return blockers;
}

Key Position::compute_key() const {
    Key k = 0;
    for (Bitboard b = pieces(); b;) {
        const Square s = pop_lsb(b);
        k ^= zobrist::piece_square(board[s], s);
    }
    if (st().epSquare != SQ_NONE) k ^= zobrist::en_passant(st().epSquare);
    k ^= zobrist::castling(st().castlingRights);
    if (sideToMove == BLACK) k ^= zobrist::side();
    return k;
}

void Position::do_castling(Color us, Square kingFrom, Square rookFrom, bool apply) {
    const bool kingSide = file_of(rookFrom) > file_of(kingFrom);
    const Square kingTo = castling_king_to(us, kingSide);
    const Square rookTo = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
    const Piece king = make_piece(us, KING), rook = make_piece(us, ROOK);
    if (apply) {
        remove_piece(kingFrom);
        remove_piece(rookFrom);
        put_piece(king, kingTo);
        put_piece(rook, rookTo);
        st().key ^= zobrist::piece_square(king, kingFrom) ^ zobrist::piece_square(king, kingTo) ^
                    zobrist::piece_square(rook, rookFrom) ^ zobrist::piece_square(rook, rookTo);
    } else {
        remove_piece(kingTo);
        remove_piece(rookTo);
        put_piece(king, kingFrom);
        put_piece(rook, rookFrom);
    }
}

void Position::make_move(Move m) {
    states.push_back(states.back());
    StateInfo& s = states.back();
    s.checkInfoReady = s.pinInfoReady = false;
    s.move = m;
    s.captured = NO_PIECE;
    ++s.rule50;
    ++s.pliesFromNull;
    s.key ^= zobrist::side();
    if (s.epSquare != SQ_NONE) {
        s.key ^= zobrist::en_passant(s.epSquare);
        s.epSquare = SQ_NONE;
    }

    const Color us = sideToMove, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board[from];

    if (m.type() == CASTLING) {
        do_castling(us, from, to, true);
    } else {
        const Square capSq = m.type() == EN_PASSANT ? to - pawn_push(us) : to;
        const Piece captured = board[capSq];
        if (captured != NO_PIECE) {
            remove_piece(capSq);
            s.key ^= zobrist::piece_square(captured, capSq);
            s.captured = captured;
            s.rule50 = 0;
        }
        move_piece(from, to);
        s.key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
        if (type_of(pc) == PAWN) {
            s.rule50 = 0;
            if ((int(to) ^ int(from)) == 16 &&
                (pawn_attacks(us, to - pawn_push(us)) & pieces(them, PAWN))) {
                s.epSquare = to - pawn_push(us);
                s.key ^= zobrist::en_passant(s.epSquare);
            } else if (m.type() == PROMOTION) {
                const Piece promoted = make_piece(us, m.promotion_type());
                remove_piece(to);
                put_piece(promoted, to);
                s.key ^= zobrist::piece_square(pc, to) ^ zobrist::piece_square(promoted, to);
            }
        }
    }

    if (s.castlingRights && (castlingRightsMask[from] | castlingRightsMask[to])) {
        s.key ^= zobrist::castling(s.castlingRights);
        s.castlingRights &= ~(castlingRightsMask[from] | castlingRightsMask[to]);
        s.key ^= zobrist::castling(s.castlingRights);
    }

    sideToMove = them;
    ++gamePly;
    s.checkers = attackers_to(king_square(them)) & pieces(us);
}

Key Position::key_after(Move m) const {
    const StateInfo& s = st();
    Key key = s.key ^ zobrist::side();
    if (s.epSquare != SQ_NONE) key ^= zobrist::en_passant(s.epSquare);
    const Color us = sideToMove, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board[from];
    if (m.type() == CASTLING) {
        const bool kingSide = file_of(to) > file_of(from);
        const Piece king = make_piece(us, KING), rook = make_piece(us, ROOK);
        key ^= zobrist::piece_square(king, from) ^
               zobrist::piece_square(king, castling_king_to(us, kingSide)) ^
               zobrist::piece_square(rook, to) ^
               zobrist::piece_square(rook, relative_square(us, kingSide ? SQ_F1 : SQ_D1));
    } else {
        const Square capSq = m.type() == EN_PASSANT ? to - pawn_push(us) : to;
        if (board[capSq] != NO_PIECE) key ^= zobrist::piece_square(board[capSq], capSq);
        key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
        if (type_of(pc) == PAWN) {
            if ((int(to) ^ int(from)) == 16 &&
                (pawn_attacks(us, to - pawn_push(us)) & pieces(them, PAWN)))
                key ^= zobrist::en_passant(to - pawn_push(us));
            else if (m.type() == PROMOTION)
                key ^= zobrist::piece_square(pc, to) ^
                       zobrist::piece_square(make_piece(us, m.promotion_type()), to);
        }
    }
    if (s.castlingRights && (castlingRightsMask[from] | castlingRightsMask[to]))
        key ^= zobrist::castling(s.castlingRights) ^
               zobrist::castling(s.castlingRights &
                                 ~(castlingRightsMask[from] | castlingRightsMask[to]));
    return key;
}

Key Position::key_after_null() const {
    const StateInfo& s = st();
    return s.key ^ zobrist::side() ^
           (s.epSquare != SQ_NONE ? zobrist::en_passant(s.epSquare) : Key(0));
}

void Position::unmake_move(Move m) {
    sideToMove = ~sideToMove;
    const Color us = sideToMove;
    const Square from = m.from(), to = m.to();
    if (m.type() == CASTLING) {
        do_castling(us, from, to, false);
    } else {
        if (m.type() == PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (st().captured != NO_PIECE)
            put_piece(st().captured, m.type() == EN_PASSANT ? to - pawn_push(us) : to);
    }
    states.pop_back();
    --gamePly;
}

void Position::make_null_move() {
    const Key key = key_after_null(); // the key the search prefetched
    states.push_back(states.back());
    StateInfo& s = states.back();
    s.checkInfoReady = s.pinInfoReady = false;
    s.move = Move::null();
    s.captured = NO_PIECE;
    ++s.rule50;
    s.pliesFromNull = 0;
    s.key = key;
    s.epSquare = SQ_NONE;
    sideToMove = ~sideToMove;
    ++gamePly;
    s.checkers = 0; // null moves are never made in check
}

void Position::unmake_null_move() {
    states.pop_back();
    sideToMove = ~sideToMove;
    --gamePly;
}

bool Position::is_pseudo_legal(Move m) const {
    if (!m.is_ok()) return false;
    const Color us = sideToMove, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board[from];
    if (pc == NO_PIECE || color_of(pc) != us) return false;
    // One canonical encoding: promotion bits are zero unless the move promotes.
    if (m.type() != PROMOTION && m.promotion_type() != KNIGHT) return false;

    if (m.type() == CASTLING) {
        if (type_of(pc) != KING || board[to] != make_piece(us, ROOK)) return false;
        const CastlingRights cr = castling_right(us, file_of(to) > file_of(from));
        return can_castle(cr) && castling_rook_square(cr) == to && !(castling_path(cr) & pieces());
    }
    if (pieces(us) & square_bb(to)) return false;

    if (type_of(pc) == PAWN) {
        const bool lastRank = relative_rank(us, to) == RANK_8;
        if (m.type() == EN_PASSANT)
            return to == st().epSquare && (pawn_attacks(us, from) & square_bb(to));
        if ((m.type() == PROMOTION) != lastRank) return false;
        const bool capture = (pawn_attacks(us, from) & pieces(them) & square_bb(to)) != 0;
        const bool single = to == from + pawn_push(us) && empty(to);
        const bool dbl = relative_rank(us, from) == RANK_2 && to == from + 2 * pawn_push(us) &&
                         empty(to) && empty(from + pawn_push(us));
        return capture || single || dbl;
    }
    if (m.type() != NORMAL) return false;
    return attacks_bb(type_of(pc), from, pieces()) & square_bb(to);
}

bool Position::is_legal(Move m) const {
    const Color us = sideToMove, them = ~us;
    const Square from = m.from(), to = m.to();
    const Square ksq = king_square(us);

    if (m.type() == EN_PASSANT) {
        const Square capSq = to - pawn_push(us);
        const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(capSq)) | square_bb(to);
        return !(rook_attacks(ksq, occ) & pieces(them, ROOK, QUEEN)) &&
               !(bishop_attacks(ksq, occ) & pieces(them, BISHOP, QUEEN)) &&
               !(knight_attacks(ksq) & pieces(them, KNIGHT)) &&
               !(pawn_attacks(us, ksq) & pieces(them, PAWN) & ~square_bb(capSq));
    }
    if (m.type() == CASTLING) {
        if (in_check()) return false;
        const CastlingRights cr = castling_right(us, file_of(to) > file_of(from));
        const Bitboard occ = pieces() ^ square_bb(from) ^ square_bb(to);
        for (Bitboard path = castlingKingPath[castling_index(cr)]; path;)
            if (attackers_to(pop_lsb(path), occ) & pieces(them)) return false;
        return true;
    }
    if (from == ksq) return !(attackers_to(to, pieces() ^ square_bb(from)) & pieces(them));

    const Bitboard checks = checkers();
    if (checks) {
        if (more_than_one(checks)) return false;
        if (!(between_bb(ksq, lsb(checks)) & square_bb(to))) return false;
    }
    return !(slider_blockers(us) & square_bb(from)) || aligned(from, to, ksq);
}

void Position::compute_check_info() const {
    const StateInfo& s = st();
    const Color us = sideToMove, them = ~us;
    const Square ksq = king_square(them);
    const Bitboard occ = pieces();
    s.checkSquares[PAWN] = pawn_attacks(them, ksq);
    s.checkSquares[KNIGHT] = attacks_bb(KNIGHT, ksq, occ);
    s.checkSquares[BISHOP] = bishop_attacks(ksq, occ);
    s.checkSquares[ROOK] = rook_attacks(ksq, occ);
    s.checkSquares[QUEEN] = s.checkSquares[BISHOP] | s.checkSquares[ROOK];
    s.checkSquares[KING] = 0;
    s.discoverers = king_blockers(them) & pieces(us);
    s.checkInfoReady = true;
}

void Position::compute_pin_info() const {
    const StateInfo& s = st();
    for (Color c : {WHITE, BLACK}) s.blockersForKing[c] = slider_blockers(c, &s.pinnersOf[c]);
    s.pinInfoReady = true;
}

// Plain moves from the per-node facts (the mover's origin never lies between its
// destination and a king it did not already attack); the rare kinds recomputed whole.
bool Position::gives_check(Move m) const {
    if (m.type() != NORMAL) return gives_check_slow(m);
    if (!st().checkInfoReady) compute_check_info();
    const Square from = m.from(), to = m.to();
    if (st().checkSquares[type_of(board[from])] & square_bb(to)) return true;
    return (st().discoverers & square_bb(from)) && !aligned(from, to, king_square(~sideToMove));
}

bool Position::gives_check_slow(Move m) const {
    const Color us = sideToMove, them = ~us;
    const Square from = m.from(), to = m.to();
    const Square ksq = king_square(them);
    Bitboard occ = pieces() ^ square_bb(from);
    Square moverSquare = to;
    PieceType moverType = type_of(board[from]);
    Bitboard ours = pieces(us) ^ square_bb(from);

    if (m.type() == CASTLING) {
        const bool kingSide = file_of(to) > file_of(from);
        const Square kingTo = castling_king_to(us, kingSide);
        moverSquare = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
        moverType = ROOK;
        occ = (occ ^ square_bb(to)) | square_bb(kingTo) | square_bb(moverSquare);
        ours = (ours ^ square_bb(to)) | square_bb(kingTo);
    } else {
        if (m.type() == EN_PASSANT) occ ^= square_bb(to - pawn_push(us));
        if (m.type() == PROMOTION) moverType = m.promotion_type();
        occ |= square_bb(to);
    }
    const Bitboard direct =
        moverType == PAWN ? pawn_attacks(us, moverSquare) : attacks_bb(moverType, moverSquare, occ);
    if (direct & square_bb(ksq)) return true;
    // Discovered checks by our other sliders, with the mover's origin vacated.
    return (bishop_attacks(ksq, occ) & ours & pieces(BISHOP, QUEEN)) ||
           (rook_attacks(ksq, occ) & ours & pieces(ROOK, QUEEN));
}

std::string Position::move_to_uci(Move m) const {
    if (m == Move::none()) return "0000";
    if (m == Move::null()) return "0000";
    Square to = m.to();
    if (m.type() == CASTLING && !chess960)
        to = castling_king_to(color_of(board[m.from()]) == BLACK ? BLACK : WHITE,
                              file_of(m.to()) > file_of(m.from()));
    std::string s = square_to_string(m.from()) + square_to_string(to);
    if (m.type() == PROMOTION) s += " pnbrqk"[m.promotion_type()];
    return s;
}

Move Position::parse_uci_move(const std::string& text) const {
    if (text.size() < 4 || text.size() > 5) return Move::none();
    MoveList legal(*this);
    for (Move m : legal) {
        if (move_to_uci(m) == text) return m;
        // Accept both castling notations whatever the mode: e1g1 and king-takes-rook.
        if (m.type() == CASTLING) {
            const Square kingTo = castling_king_to(sideToMove, file_of(m.to()) > file_of(m.from()));
            const std::string standard = square_to_string(m.from()) + square_to_string(kingTo);
            const std::string kxr = square_to_string(m.from()) + square_to_string(m.to());
            // A plain king move with the same text takes precedence.
            if ((text == standard || text == kxr) &&
                !legal.contains(Move(m.from(), Square(text[2] - 'a' + 8 * (text[3] - '1')))))
                return m;
        }
    }
    return Move::none();
}

bool Position::is_repetition(int searchPly) const {
    const int end = std::min(st().rule50, st().pliesFromNull);
    const int n = int(states.size()) - 1;
    int seen = 0;
    for (int i = 4; i <= end && n - i >= 0; i += 2) {
        if (states[n - i].key == st().key) {
            // Once strictly after the root (a return to the root is only its second
            // occurrence in the game), or twice counting the game history.
            if (i < searchPly || ++seen == 2) return true;
        }
    }
    return false;
}

bool Position::has_repeated() const {
    const int n = int(states.size()) - 1;
    const int first = std::max(0, n - std::min(st().rule50, st().pliesFromNull));
    for (int k = n; k >= first; --k)
        for (int i = k - 4; i >= first; i -= 2)
            if (states[i].key == states[k].key) return true;
    return false;
}

bool Position::is_fifty_move_draw() const {
    if (st().rule50 < 100) return false;
    // Checkmate on the 100th half-move takes precedence over the fifty-move rule.
    return !in_check() || MoveList(*this).size() > 0;
}

bool Position::has_insufficient_material() const {
    if (pieces(PAWN, ROOK) || pieces(QUEEN)) return false;
    const Bitboard minors = pieces(KNIGHT, BISHOP);
    if (!more_than_one(minors)) return true;
    constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;
    // Only bishops, all on one colour of square: no mate is possible.
    return !pieces(KNIGHT) && (!(pieces(BISHOP) & DARK) || !(pieces(BISHOP) & ~DARK));
}

} // namespace flotilla
