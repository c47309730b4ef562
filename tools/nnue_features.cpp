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

bool decode(const PackedRecord& r, Sample* out) {
    std::uint64_t occupied = 0;
    for (int i = 0; i < 8; ++i) occupied |= std::uint64_t(r[i]) << (8 * i);
    if (std::popcount(occupied) > MAX_ACTIVE || (r[26] >> 3) || ((r[26] >> 1) & 3) == 3)
        return false;
    const Color stm = (r[26] & 1) ? BLACK : WHITE;
    const int flip = stm == WHITE ? 0 : 56; // square transform of the side to move
    int n = 0;
    for (std::uint64_t b = occupied; b; b &= b - 1, ++n) {
        const int s = std::countr_zero(b);
        const int code = (r[8 + n / 2] >> (4 * (n % 2))) & 0xF;
        int colour, type; // type 0..5 = PAWN-1 .. KING-1
        if (code < 12)
            colour = code >= 6, type = code % 6;
        else if (code == CODE_WHITE_CASTLING_ROOK || code == CODE_BLACK_CASTLING_ROOK)
            colour = code == CODE_BLACK_CASTLING_ROOK, type = ROOK - 1;
        else if (code == CODE_EN_PASSANT_PAWN)
            colour = stm == WHITE ? BLACK : WHITE, type = PAWN - 1;
        else
            return false;
        const int own = colour == stm ? 0 : 1;
        out->us[n] = std::uint16_t((own * 6 + type) * 64 + (s ^ flip));
        out->them[n] = std::uint16_t(((1 - own) * 6 + type) * 64 + (s ^ flip ^ 56));
    }
    out->count = n;
    out->stm = stm;
    const int scoreWhite = std::int16_t(std::uint16_t(r[24] | (r[25] << 8)));
    const float resultWhite = float((r[26] >> 1) & 3) / 2.0f;
    out->score = float(stm == WHITE ? scoreWhite : -scoreWhite);
    out->result = stm == WHITE ? resultWhite : 1.0f - resultWhite;
    return true;
}

Sample sample_from_position(const Position& pos, int scoreWhite, GameResult result) {
    Sample out;
    const Color stm = pos.side_to_move();
    int n = 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        out.us[n] = std::uint16_t(feature_index(stm, color_of(p), type_of(p), s));
        out.them[n] = std::uint16_t(feature_index(~stm, color_of(p), type_of(p), s));
        ++n;
    }
    out.count = n;
    out.stm = stm;
    out.score = float(stm == WHITE ? scoreWhite : -scoreWhite);
    const float resultWhite = float(result_score(result));
    out.result = stm == WHITE ? resultWhite : 1.0f - resultWhite;
    return out;
}

} // namespace flotilla::tools::nnue
