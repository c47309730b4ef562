// Record decoding for the trainer; the record layout is in docs/data-format.md.
#include "tools/nnue_features.h"

#include <bit>

namespace flotilla::tools::nnue {

namespace {

// Piece codes 0-11 are colour * 6 + (type - 1); 12 and 13 are castling rooks
// (White, Black); 14 is the en-passant pawn of the side not to move.
constexpr int CODE_WHITE_CASTLING_ROOK = 12;
constexpr int CODE_BLACK_CASTLING_ROOK = 13;
constexpr int CODE_EN_PASSANT_PAWN = 14;

} // namespace

namespace {

// The shared block's copies of the first `n` features (see decode).
void add_factor_features(Sample* s, int n, const flotilla::nnue::InputLayout& layout,
                         flotilla::nnue::KingView us, flotilla::nnue::KingView them) {
    const int shared = layout.features();
    for (int k = 0; k < n; ++k) {
        s->us[std::size_t(n + k)] = std::uint16_t(shared + s->us[std::size_t(k)] - us.offset);
        s->them[std::size_t(n + k)] = std::uint16_t(shared + s->them[std::size_t(k)] - them.offset);
    }
    s->count = 2 * n;
}

} // namespace

bool decode(const PackedRecord& r, Sample* out, const flotilla::nnue::InputLayout& layout,
            bool factoriser) {
    using flotilla::nnue::InputLayout;
    std::uint64_t occupied = 0;
    for (int i = 0; i < 8; ++i) occupied |= std::uint64_t(r[i]) << (8 * i);
    if (std::popcount(occupied) > MAX_PIECES || (r[26] >> 3) || ((r[26] >> 1) & 3) == 3)
        return false;
    const Color stm = (r[26] & 1) ? BLACK : WHITE;
    // First the pieces, then the features: set 2's depend on where the kings stand.
    Piece pieces[MAX_PIECES];
    Square squares[MAX_PIECES];
    Square kings[COLOR_NB] = {SQ_A1, SQ_A1};
    int kingCount[COLOR_NB] = {0, 0};
    int n = 0;
    for (std::uint64_t b = occupied; b; b &= b - 1, ++n) {
        const int code = (r[8 + n / 2] >> (4 * (n % 2))) & 0xF;
        Piece piece;
        if (code < 12)
            piece = make_piece(code >= 6 ? BLACK : WHITE, PieceType(code % 6 + 1));
        else if (code == CODE_WHITE_CASTLING_ROOK || code == CODE_BLACK_CASTLING_ROOK)
            piece = make_piece(code == CODE_BLACK_CASTLING_ROOK ? BLACK : WHITE, ROOK);
        else if (code == CODE_EN_PASSANT_PAWN)
            piece = make_piece(~stm, PAWN);
        else
            return false;
        pieces[n] = piece;
        squares[n] = Square(std::countr_zero(b));
        if (type_of(piece) == KING)
            kings[color_of(piece)] = squares[n], ++kingCount[color_of(piece)];
    }
    if (kingCount[WHITE] != 1 || kingCount[BLACK] != 1) return false;
    const flotilla::nnue::KingView us = layout.view(stm, kings[stm]);
    const flotilla::nnue::KingView them = layout.view(~stm, kings[~stm]);
    for (int k = 0; k < n; ++k) {
        out->us[k] = std::uint16_t(InputLayout::index(stm, us, pieces[k], squares[k]));
        out->them[k] = std::uint16_t(InputLayout::index(~stm, them, pieces[k], squares[k]));
    }
    out->count = out->pieces = n;
    if (factoriser) add_factor_features(out, n, layout, us, them);
    out->stm = stm;
    const int scoreWhite = std::int16_t(std::uint16_t(r[24] | (r[25] << 8)));
    const float resultWhite = float((r[26] >> 1) & 3) / 2.0f;
    out->score = float(stm == WHITE ? scoreWhite : -scoreWhite);
    out->result = stm == WHITE ? resultWhite : 1.0f - resultWhite;
    return true;
}

Sample sample_from_position(const Position& pos, int scoreWhite, GameResult result,
                            const flotilla::nnue::InputLayout& layout, bool factoriser) {
    using flotilla::nnue::InputLayout;
    Sample out;
    const Color stm = pos.side_to_move();
    const flotilla::nnue::KingView us = layout.view(stm, pos.king_square(stm));
    const flotilla::nnue::KingView them = layout.view(~stm, pos.king_square(~stm));
    int n = 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        out.us[n] = std::uint16_t(InputLayout::index(stm, us, p, s));
        out.them[n] = std::uint16_t(InputLayout::index(~stm, them, p, s));
        ++n;
    }
    out.count = out.pieces = n;
    if (factoriser) add_factor_features(&out, n, layout, us, them);
    out.stm = stm;
    out.score = float(stm == WHITE ? scoreWhite : -scoreWhite);
    const float resultWhite = float(result_score(result));
    out.result = stm == WHITE ? resultWhite : 1.0f - resultWhite;
    return out;
}

} // namespace flotilla::tools::nnue
