#include "core/san.h"

#include "core/movegen.h"

#include <string>

namespace flotilla {

namespace {

PieceType piece_type_from_letter(char c) {
    switch (c) {
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return NO_PIECE_TYPE;
    }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

Move find_castling(const Position& pos, bool kingSide) {
    for (Move m : MoveList(pos)) {
        if (m.type() != CASTLING) continue;
        // Castling is encoded king-takes-rook: the rook's side tells the wing.
        if ((file_of(m.to()) > file_of(m.from())) == kingSide) return m;
    }
    return Move::none();
}

} // namespace

Move parse_san(const Position& pos, std::string_view san) {
    const std::vector<Move> found = san_candidates(pos, san);
    return found.size() == 1 ? found[0] : Move::none();
}

std::vector<Move> san_candidates(const Position& pos, std::string_view san) {
    std::vector<Move> found;
    std::string text(san);
    while (!text.empty() && std::string("+#!?").find(text.back()) != std::string::npos)
        text.pop_back();
    if (text == "O-O-O" || text == "0-0-0" || text == "O-O" || text == "0-0") {
        if (const Move m = find_castling(pos, text.size() == 3)) found.push_back(m);
        return found;
    }
    if (text.size() < 2) return found;

    PieceType moving = PAWN;
    if (piece_type_from_letter(text.front()) != NO_PIECE_TYPE) {
        moving = piece_type_from_letter(text.front());
        text.erase(0, 1);
    }

    PieceType promotion = NO_PIECE_TYPE;
    if (text.size() >= 2 && piece_type_from_letter(text.back()) != NO_PIECE_TYPE) {
        promotion = piece_type_from_letter(text.back());
        text.pop_back();
        if (!text.empty() && text.back() == '=') text.pop_back();
        if (moving != PAWN || promotion == KING) return found;
    }

    if (text.size() < 2 || !is_file(text[text.size() - 2]) || !is_rank(text.back())) return found;
    const Square to = make_square(text[text.size() - 2] - 'a', text.back() - '1');
    text.resize(text.size() - 2);

    int fromFile = -1, fromRank = -1;
    for (char c : text) {
        if (c == 'x' || c == '-' || c == ':') continue;
        if (is_file(c))
            fromFile = c - 'a';
        else if (is_rank(c))
            fromRank = c - '1';
        else
            return found;
    }

    for (Move m : MoveList(pos)) {
        if (m.type() == CASTLING || m.to() != to) continue;
        if (type_of(pos.piece_on(m.from())) != moving) continue;
        if (fromFile >= 0 && file_of(m.from()) != fromFile) continue;
        if (fromRank >= 0 && rank_of(m.from()) != fromRank) continue;
        const bool isPromotion = m.type() == PROMOTION;
        if (isPromotion != (promotion != NO_PIECE_TYPE)) continue;
        if (isPromotion && m.promotion_type() != promotion) continue;
        found.push_back(m);
    }
    return found;
}

} // namespace flotilla
