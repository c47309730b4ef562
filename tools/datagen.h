// Self-play data generation: many games at once, one game per oneTBB task,
// every move a fixed-node search; the kept positions are written with the
// game's result to a data file (data_file.h).
#pragma once

#include "tools/packed_position.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace flotilla::tools {

struct DatagenOptions {
    std::uint64_t games = 100;
    int threads = 1;
    std::uint64_t nodes = 5000; // soft node budget per move
    std::string book;           // EPD/FEN file of openings; empty: random plies
    int randomPlies = 8;        // random legal plies from the start position (no book)
    std::uint64_t seed = 1;
    std::string out;
    bool append = false;
    int hashMiB = 2;    // per game
    int maxPlies = 400; // a longer game is scored a draw
    double progressSeconds = 1.0;
};

// Adjudication rules (counts in plies).
inline constexpr int ADJUDICATE_WIN_SCORE = 1000;
inline constexpr int ADJUDICATE_WIN_PLIES = 8; // 4 moves of each side
inline constexpr int ADJUDICATE_DRAW_SCORE = 10;
inline constexpr int ADJUDICATE_DRAW_PLIES = 8;
inline constexpr int ADJUDICATE_DRAW_MIN_PLY = 60;

struct DatagenSummary {
    std::uint64_t games = 0;
    std::uint64_t positions = 0;
    double seconds = 0;
};

// Plays one game from `startFen` and returns its kept positions, result filled in.
// Deterministic for given options, start and seed.
std::vector<PackedRecord> play_game(const std::string& startFen, const DatagenOptions& options,
                                    std::uint64_t seed, GameResult* result = nullptr);

// Runs a whole generation. Returns false with *error set on a bad option, an
// unusable book or output file, or a failed write (the file stays valid).
bool run_datagen(const DatagenOptions& options, std::ostream& progress, DatagenSummary* summary,
                 std::string* error);

// Loads the FENs of an EPD book (first four fields, then "0 1"); blank and '#' lines skipped.
bool load_book(const std::string& path, std::vector<std::string>* fens, std::string* error);

} // namespace flotilla::tools
