// Self-play games stored compactly for network training: the starting position plus
// each ply's move and score, zstd-compressed, many games per frame (layout in
// docs/data-format.md; tools/game_frame.h codes a frame's contents). The trainer
// replays them into positions; a crash or a full disk can cost at most the frame
// being written.
#pragma once

#include "tools/game_frame.h"
#include "tools/game_record.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace flotilla::tools {

// Header of a game file: "key value" pairs (engine, network, nodes, ...).
using GameFileHeader = std::map<std::string, std::string>;

// The time now in UTC as game files name it and their `created` header says, 20261207T031500Z.
std::string utc_stamp();

// Plies per frame that datagen writes: about four minutes of its output, so that a
// crash loses little; a rewrite of a finished file (convert-games) uses larger frames,
// which compress a little better.
inline constexpr std::uint64_t DEFAULT_FRAME_PLIES = 1 << 18;

// Writes game files of the current version (2).
class GameWriter {
  public:
    explicit GameWriter(std::uint64_t framePlies = DEFAULT_FRAME_PLIES) : framePlies(framePlies) {}
    GameWriter(const GameWriter&) = delete;
    GameWriter& operator=(const GameWriter&) = delete;
    ~GameWriter(); // finishes the open frame

    // Creates `path` (an existing file is an error) and writes the header frame.
    bool open(const std::string& path, const GameFileHeader& header, std::string* error);
    // Buffers a game; a frame is compressed and written once it holds framePlies plies.
    // A game whose start does not unpack or whose moves are not legal is refused.
    bool add(const GameRecord& game, std::string* error);
    // Compresses and writes the buffered games as one frame and flushes the file.
    bool flush(std::string* error);
    bool close(std::string* error);

    std::uint64_t games() const { return gameCount; }
    std::uint64_t plies() const { return plyCount; }
    std::uint64_t bytes_written() const { return fileBytes; }

  private:
    std::FILE* file = nullptr;
    std::string path;
    FrameBuilder pending; // games not yet compressed
    std::uint64_t framePlies;
    std::uint64_t gameCount = 0, plyCount = 0, fileBytes = 0;
};

struct GameReadStats {
    std::uint64_t games = 0;
    std::uint64_t plies = 0;
    std::uint64_t badGames = 0;  // version 2: games whose moves did not decode (left out)
    std::uint64_t badFrames = 0; // frames that failed to decompress (their games are lost)
    std::uint64_t tailBytes = 0; // bytes of an unfinished last frame (an interrupted write)
    std::uint32_t crc32 = 0;     // of the whole file, as the manifest records it
    std::uint64_t fileBytes = 0;
    int version = 0;   // the file's format version, 1 or 2
    std::string error; // set when the file could not be read at all
    bool ok() const { return error.empty(); }
};

// Reads a game file of either version, calling onGame for each game: as stored in
// version 1 (replay_game checks its moves), decoded and therefore legal in version 2.
GameReadStats read_game_file(const std::string& path, GameFileHeader* header,
                             const std::function<void(const GameRecord&)>& onGame);

// Replays a game from its start, calling onPly with the position before each move.
// False when the start does not unpack or a move is not legal there.
bool replay_game(
    const GameRecord& game,
    const std::function<void(const Position& pos, Move played, int scoreWhite)>& onPly);

// The training filter: not in check, the played move neither a capture nor a
// promotion, and a score that is not a mate score (nor missing).
bool is_training_position(const Position& pos, Move played, int scoreWhite);

// The game files a path names: itself, or every *.games.zst below a directory, sorted.
std::vector<std::string> game_files_in(const std::string& path);

struct TrainingLoadStats {
    std::uint64_t files = 0, games = 0, plies = 0, positions = 0, badGames = 0, badFrames = 0;
    std::uint64_t filtered = 0; // training positions that TrainingFilter left out
};

// Filters a training run may add to is_training_position (train-nnue's --max-score and
// --min-ply, as Viridithas's loader drops early plies and extreme evals); the defaults
// keep every training position.
struct TrainingFilter {
    int maxScore = 0; // leave out positions whose |score| (cp) is above this; 0: no limit
    int minPly = 0;   // leave out each stored game's first plies (from its start position)
};

// Reads every game file given (a directory means every *.games.zst inside it) and
// appends one packed record per training position, with its game's result. With
// `gameOf`, the number of each record's game (counted from 0 over all files) is
// appended alongside, so that a validation set can hold out whole games.
bool load_training_records(const std::vector<std::string>& paths, std::vector<PackedRecord>* out,
                           TrainingLoadStats* stats, std::string* error,
                           std::vector<std::uint32_t>* gameOf = nullptr,
                           const TrainingFilter& filter = {});

} // namespace flotilla::tools
