// The network's inputs (docs/nnue-format.md, feature sets 1 and 2): a training record
// decoded straight into both perspectives' active piece-square features (the engine's
// index, nnue::InputLayout::index), with its score and game result turned to the side
// to move's point of view.
#pragma once

#include "core/position.h"
#include "eval/nnue/input_layout.h"
#include "tools/packed_position.h"

#include <array>
#include <cstdint>

namespace flotilla::tools::nnue {

inline constexpr int MAX_PIECES = 32;
// With a factoriser each piece has two features per perspective (see decode).
inline constexpr int MAX_ACTIVE = 2 * MAX_PIECES;

struct Sample {
    // Active features: us[i] from the side to move's perspective, them[i] from the other's.
    std::array<std::uint16_t, MAX_ACTIVE> us;
    std::array<std::uint16_t, MAX_ACTIVE> them;
    int count = 0;  // active features per perspective (pieces, twice with a factoriser)
    int pieces = 0; // pieces on the board (the output bucket)
    Color stm = WHITE;
    float score = 0;     // search score, side to move's view, centipawns
    float result = 0.5f; // game result, side to move's view: 1 win, 0.5 draw, 0 loss
};

// Decodes a record into `layout`'s features without going through a FEN; false when a
// piece code is invalid, a reserved bit is set, there are more than 32 pieces or a
// side has no king or two (the CRC is not checked). With `factoriser` (feature set 2
// only) each piece also activates its feature in a block shared by every king bucket,
// at layout.features() + the feature's index within its block: the shared block learns
// what all buckets have in common from every position, and the export adds it into each
// bucket (the factorised features of Stockfish's nnue-pytorch trainer).
bool decode(const PackedRecord& record, Sample* out, const flotilla::nnue::InputLayout& layout = {},
            bool factoriser = false);

// The same features computed from a Position (tests and the reference evaluation).
Sample sample_from_position(const Position& pos, int scoreWhite, GameResult result,
                            const flotilla::nnue::InputLayout& layout = {},
                            bool factoriser = false);

} // namespace flotilla::tools::nnue
