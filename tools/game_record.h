// One self-play game as the game files store it (tools/game_file.h): the starting
// position, the moves played and the search score before each.
#pragma once

#include "tools/packed_position.h"

#include <cstdint>
#include <vector>

namespace flotilla::tools {

// A ply's score when the search gave none (never written by datagen today).
inline constexpr std::int16_t GAME_NO_SCORE = INT16_MIN;

struct GameRecord {
    PackedRecord start{}; // the starting position; its result bits hold the game's result
    GameResult result = GameResult::DRAW;
    std::vector<Move> moves;          // played moves, Flotilla's 16-bit encoding
    std::vector<std::int16_t> scores; // search score before each move, White's view (cp)

    bool operator==(const GameRecord&) const = default;
};

} // namespace flotilla::tools
