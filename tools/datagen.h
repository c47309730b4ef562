// Self-play data generation: many games at once, one game per oneTBB task,
// every move a fixed-node (or soft-node) search. Whole games go to compressed game files
// (game_file.h, --out-dir); the older 32-byte position records (data_file.h,
// --out) remain for the Texel tuner.
#pragma once

#include "eval/nnue/embedded.h"
#include "eval/nnue/network.h"
#include "tools/adjudication.h"
#include "tools/game_file.h"
#include "tools/packed_position.h"

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace flotilla::tools {

class GameSearcher; // tools/game_searcher.h

struct DatagenOptions {
    std::uint64_t games = 100;
    int threads = 1;
    std::uint64_t nodes = 5000; // node budget per move (with softNodes: its hard cap)
    // 0: every move searches exactly `nodes`. Else a move starts no new iteration once it
    // has searched this many, and `nodes` only caps it (8 times this unless given).
    std::uint64_t softNodes = 0;
    std::string book;    // EPD/FEN file of openings; empty: random plies
    int randomPlies = 8; // random legal plies from the start position (no book)
    std::uint64_t seed = 1;
    std::string out;    // 32-byte position records (the Texel tuner's input)
    std::string outDir; // compressed game files (network training data)
    // A game file is closed and the next begun past this size (10^6 bytes); one more
    // frame (under 1 MB) may end beyond it, so 48 keeps files under 50 MB.
    double chunkMB = 48;
    bool append = false;
    int hashMiB = 2;    // per game
    int maxPlies = 400; // a longer game is scored a draw
    double progressSeconds = 1.0;
    // A random opening whose first search scores beyond this (cp, either side) is
    // replaced by another: unbalanced openings teach little but who was lucky.
    int openingMaxScore = 400;
    Adjudication adjudication; // when a decided game ends (tools/adjudication.h)
    // "classical" (the hand-written evaluation), "<default>" (the network embedded in
    // the binary) or a network file (docs/nnue-format.md). By default the engine's own
    // default, so that plain datagen plays the current generation's self-play.
    std::string evalFile = nnue::HAS_EMBEDDED_NETWORK ? "<default>" : "classical";
    // Filled by run_datagen from evalFile; play_game evaluates with it when set.
    std::shared_ptr<const nnue::Network> network;
    std::string networkName = "classical"; // recorded in the game files' header
};

struct DatagenSummary {
    std::uint64_t games = 0;
    std::uint64_t positions = 0;         // every ply played and stored
    std::uint64_t trainingPositions = 0; // of those, the ones that pass the training filter
    double seconds = 0;
    std::vector<std::string> files; // game files written
};

// Plays one game from `startFen` (after the random opening plies when there is no
// book) and returns it: the position after the opening, every move with the search's
// score, and the result. Deterministic for given options, start and seed.
GameRecord play_game(const std::string& startFen, const DatagenOptions& options,
                     std::uint64_t seed);
// The same with a searcher that has searched other games (reset first): the same game.
GameRecord play_game(GameSearcher& searcher, const std::string& startFen,
                     const DatagenOptions& options, std::uint64_t seed);

// The training positions of a game (game_file.h's filter), packed with its result.
std::vector<PackedRecord> training_records(const GameRecord& game);

// Runs a whole generation. Returns false with *error set on a bad option, an
// unusable book or output file, or a failed write (the file stays valid).
bool run_datagen(const DatagenOptions& options, std::ostream& progress, DatagenSummary* summary,
                 std::string* error);

// Loads the FENs of an EPD book (first four fields, then "0 1"); blank and '#' lines skipped.
bool load_book(const std::string& path, std::vector<std::string>* fens, std::string* error);

} // namespace flotilla::tools
