// `flotilla rescore`: a share of the training positions of game files re-scored by a deeper
// search (issue 39: "a share of positions re-scored by a deeper search"), so that a network
// trained on the same positions with better scores can be compared with one trained on the
// originals. Moves, results and every other score stay; each file is written anew under its
// own name in --out-dir, its header the old one's plus `rescored`, and the directory's
// MANIFEST.tsv follows.
#pragma once

#include "eval/nnue/embedded.h"
#include "tools/eval_network.h"
#include "tools/game_record.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace flotilla::tools {

class GameSearcher; // tools/game_searcher.h

struct RescoreOptions {
    std::vector<std::string> data; // game files or directories of them
    std::string outDir;
    std::uint64_t nodes = 50000; // per re-scored position
    double share = 1.0;          // of the training positions, chosen by a hash of the seed
    int threads = 1;
    std::uint64_t seed = 1;
    int hashMiB = 16; // per game: one table for all of a game's searches, as datagen has
    std::string evalFile = flotilla::nnue::HAS_EMBEDDED_NETWORK ? "<default>" : "classical";
};

struct RescoreSummary {
    std::uint64_t files = 0, games = 0, trainingPositions = 0, rescored = 0, changed = 0;
    double seconds = 0;
};

// Whether the training position at `ply` of game `game` (counted over all files) is
// re-scored: a hash of (seed, game, ply) below the share.
bool rescore_chosen(std::uint64_t seed, std::uint64_t game, int ply, double share);

struct RescoreCounts {
    std::uint64_t training = 0; // the game's training positions
    std::uint64_t searched = 0; // of those, the ones re-scored
    std::uint64_t changed = 0;  // of those, the ones whose score differs
};

// Re-scores one game in place with `searcher` (reset first, so the result does not depend
// on what it searched before).
RescoreCounts rescore_game(GameRecord* game, std::uint64_t gameNumber, const RescoreOptions& o,
                           GameSearcher& searcher);

bool run_rescore(const RescoreOptions& options, std::ostream& progress, RescoreSummary* summary,
                 std::string* error);

} // namespace flotilla::tools
