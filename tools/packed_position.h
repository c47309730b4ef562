// One training position in 32 bytes: the record of the self-play data files
// (layout in docs/data-format.md). The last two bytes are a CRC-16 of the
// first 30, so a damaged record is recognised rather than read as data.
#pragma once

#include "core/position.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace flotilla::tools {

// Game result from White's point of view.
enum class GameResult : std::uint8_t { BLACK_WIN = 0, DRAW = 1, WHITE_WIN = 2 };

inline double result_score(GameResult r) { return double(r) / 2.0; }

struct TrainingPosition {
    std::string fen;
    int scoreWhite = 0; // search score, White's view, centipawns
    GameResult result = GameResult::DRAW;
};

using PackedRecord = std::array<std::uint8_t, 32>;

// CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF); detects every
// single-byte error in a record.
std::uint16_t crc16(const std::uint8_t* data, std::size_t size);

// Packs a standard-chess position (no Chess960 castling) with its score, clamped to int16.
PackedRecord pack(const Position& pos, int scoreWhite, GameResult result);

// Unpacks a record; nullopt when the checksum, a reserved bit or the board is wrong.
std::optional<TrainingPosition> unpack(const PackedRecord& record, std::string* error = nullptr);

// Sets *pos to the record's position; false (pos unchanged) when the record does not unpack.
bool unpack_position(const PackedRecord& record, Position* pos);

} // namespace flotilla::tools
