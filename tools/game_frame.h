// The contents of one zstd frame of a game file before compression (docs/data-format.md).
// Version 1 stores the games one after another, each ply a 16-bit move and a 16-bit
// score. Version 2 stores the moves as their ranks in a fixed order of the legal moves
// (tools/move_rank.h) and the scores as differences from the previous ply, in separate
// streams, so that zstd sees alike bytes together: about half the size. A frame of
// either version decodes on its own, so a damaged frame costs only its games.
#pragma once

#include "tools/game_record.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace flotilla::tools {

// A game longer than this is damaged data (datagen stops games at a few hundred plies);
// the writers store only this many plies of a longer game.
inline constexpr std::size_t MAX_GAME_PLIES = 4096;

// Collects games into the contents of one frame of version 2.
class FrameBuilder {
  public:
    // Adds the game's first MAX_GAME_PLIES plies (a missing score as GAME_NO_SCORE). Only
    // a legal move has a rank, so a game whose start does not unpack or whose move is not
    // legal is refused: false, *error set, the builder unchanged.
    bool add(const GameRecord& game, std::string* error);
    // The frame's contents; the builder is empty afterwards.
    std::vector<std::uint8_t> take();
    std::size_t games() const { return gameCount; }
    std::uint64_t plies() const { return ranks.size(); }

  private:
    std::vector<std::uint8_t> starts, lengths, ranks, scoreLow, scoreHigh;
    std::size_t gameCount = 0;
};

// Appends the games of a frame's contents to *games; false when the contents are not
// whole games of that version (the caller then counts the frame bad).
bool decode_frame_v1(const std::uint8_t* p, std::size_t size, std::vector<GameRecord>* games);
// The same for version 2, where a game whose moves do not decode (its start does not
// unpack, or a rank is beyond the legal moves) is left out and counted in *badGames.
bool decode_frame_v2(const std::uint8_t* p, std::size_t size, std::vector<GameRecord>* games,
                     std::uint64_t* badGames);

} // namespace flotilla::tools
