// Packing of training positions; the byte layout is documented in docs/data-format.md.
#include "tools/packed_position.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace flotilla::tools {

namespace {

// Nibble codes beyond the twelve plain pieces.
constexpr int CODE_WHITE_CASTLING_ROOK = 12;
constexpr int CODE_BLACK_CASTLING_ROOK = 13;
constexpr int CODE_EN_PASSANT_PAWN = 14; // the pawn that just advanced two squares

constexpr char PIECE_CHARS[] = "PNBRQKpnbrqk";

int piece_code(Piece p) { return (color_of(p) == BLACK ? 6 : 0) + type_of(p) - PAWN; }

// The CRC-16 of each byte value, so that a byte costs one lookup instead of eight shifts:
// the bitwise loop was the largest cost of loading training positions.
constexpr std::array<std::uint16_t, 256> CRC16_TABLE = [] {
    std::array<std::uint16_t, 256> table{};
    for (int i = 0; i < 256; ++i) {
        std::uint16_t crc = std::uint16_t(i << 8);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc & 0x8000) ? std::uint16_t((crc << 1) ^ 0x1021) : std::uint16_t(crc << 1);
        table[i] = crc;
    }
    return table;
}();

} // namespace

std::uint16_t crc16(const std::uint8_t* data, std::size_t size) {
    std::uint16_t crc = 0xFFFF;
    for (std::size_t i = 0; i < size; ++i)
        crc = std::uint16_t((crc << 8) ^ CRC16_TABLE[(crc >> 8) ^ data[i]]);
    return crc;
}

PackedRecord pack(const Position& pos, int scoreWhite, GameResult result) {
    PackedRecord r{};
    const Bitboard occupied = pos.pieces();
    for (int i = 0; i < 8; ++i) r[i] = std::uint8_t(occupied >> (8 * i));

    Square castlingRooks[4];
    int castlingRookCount = 0;
    for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
        if (pos.can_castle(cr)) castlingRooks[castlingRookCount++] = pos.castling_rook_square(cr);
    const Color stm = pos.side_to_move();
    const Square ep = pos.ep_square();
    const Square epPawn = is_ok(ep) ? ep + pawn_push(~stm) : SQ_NONE;

    int index = 0;
    for (Bitboard b = occupied; b; ++index) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        int code = piece_code(p);
        if (type_of(p) == ROOK && std::find(castlingRooks, castlingRooks + castlingRookCount, s) !=
                                      castlingRooks + castlingRookCount)
            code = color_of(p) == WHITE ? CODE_WHITE_CASTLING_ROOK : CODE_BLACK_CASTLING_ROOK;
        if (s == epPawn) code = CODE_EN_PASSANT_PAWN;
        r[8 + index / 2] |= std::uint8_t(code << (4 * (index % 2)));
    }

    const int score = std::clamp(scoreWhite, -32767, 32767);
    r[24] = std::uint8_t(score & 0xFF);
    r[25] = std::uint8_t((score >> 8) & 0xFF);
    r[26] = std::uint8_t((stm == BLACK ? 1 : 0) | (int(result) << 1));
    r[27] = std::uint8_t(std::min(pos.rule50_count(), 255));
    const int fullmove = std::clamp(1 + pos.game_ply() / 2, 1, 65535); // as fen() counts
    r[28] = std::uint8_t(fullmove & 0xFF);
    r[29] = std::uint8_t(fullmove >> 8);
    const std::uint16_t crc = crc16(r.data(), 30);
    r[30] = std::uint8_t(crc & 0xFF);
    r[31] = std::uint8_t(crc >> 8);
    return r;
}

std::optional<TrainingPosition> unpack(const PackedRecord& r, std::string* error) {
    auto fail = [&](const char* why) -> std::optional<TrainingPosition> {
        if (error) *error = why;
        return std::nullopt;
    };
    if (crc16(r.data(), 30) != std::uint16_t(r[30] | (r[31] << 8))) return fail("bad checksum");
    if (r[26] >> 3) return fail("reserved flag bits set");
    const int resultBits = (r[26] >> 1) & 3;
    if (resultBits > 2) return fail("bad result");

    Bitboard occupied = 0;
    for (int i = 0; i < 8; ++i) occupied |= Bitboard(r[i]) << (8 * i);
    if (popcount(occupied) > 32) return fail("more than 32 pieces");
    const Color stm = (r[26] & 1) ? BLACK : WHITE;

    char board[64] = {};
    std::string castling;
    Square ep = SQ_NONE;
    int index = 0;
    for (Bitboard b = occupied; b; ++index) {
        const Square s = pop_lsb(b);
        const int code = (r[8 + index / 2] >> (4 * (index % 2))) & 0xF;
        if (code < 12) {
            board[s] = PIECE_CHARS[code];
        } else if (code == CODE_WHITE_CASTLING_ROOK || code == CODE_BLACK_CASTLING_ROOK) {
            const bool white = code == CODE_WHITE_CASTLING_ROOK;
            board[s] = white ? 'R' : 'r';
            // Standard chess: the h-file rook castles short, the a-file rook long.
            const char side = file_of(s) == FILE_H ? 'k' : file_of(s) == FILE_A ? 'q' : 0;
            if (!side) return fail("castling rook off its corner");
            castling += white ? char(side - 'a' + 'A') : side;
        } else if (code == CODE_EN_PASSANT_PAWN) {
            board[s] = stm == WHITE ? 'p' : 'P';
            ep = s - pawn_push(~stm);
        } else {
            return fail("bad piece code");
        }
    }
    std::sort(castling.begin(), castling.end(), [](char a, char b) {
        constexpr std::string_view order = "KQkq";
        return order.find(a) < order.find(b);
    });

    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char c = board[rank * 8 + file];
            if (!c) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += c;
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    fen += stm == WHITE ? " w " : " b ";
    fen += castling.empty() ? "-" : castling;
    fen += " " + (is_ok(ep) ? square_to_string(ep) : std::string("-"));
    fen += " " + std::to_string(r[27]) + " " + std::to_string(r[28] | (r[29] << 8));

    Position check;
    std::string why;
    if (!check.set_fen(fen, false, &why)) return fail("not a legal position");
    TrainingPosition out;
    out.fen = check.fen();
    out.scoreWhite = std::int16_t(std::uint16_t(r[24] | (r[25] << 8)));
    out.result = GameResult(resultBits);
    return out;
}

bool unpack_position(const PackedRecord& record, Position* pos) {
    const auto unpacked = unpack(record);
    return unpacked && pos->set_fen(unpacked->fen, false);
}

} // namespace flotilla::tools
