// Games of PGN files turned into the game files of the training data (tools/game_file.h):
// the testing loop's games (tools/py/sprt.py, fastchess) are self-play at a deeper search
// than datagen's, and fastchess writes each engine move's score in the move's comment
// ("+0.17/9 0.039s", "-M6/75 0.005s"), which becomes the ply's score.
#pragma once

#include "tools/game_file.h"
#include "tools/game_record.h"

#include <cstdint>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flotilla::tools {

// One game's text split into its parts; no chess is checked here.
struct PgnGame {
    std::map<std::string, std::string> tags;
    std::vector<std::string> moves;    // SAN as written
    std::vector<std::string> comments; // each move's comment after it ("" when none)
    std::string result;                // the movetext's result: "1-0", "0-1", "1/2-1/2", "*"
    bool truncated = false;            // a limit below cut the game short: it is not used
};

// Bounds that keep a malformed or hostile file from bloating the reader.
inline constexpr std::size_t PGN_MAX_TOKEN = 4096; // characters of a tag, comment or move
inline constexpr std::size_t PGN_MAX_PLIES = 2048;

// Reads the next game from `in`: its tags, then its movetext up to a result or the next
// game's tags. False when the input holds no further game. Variations, NAGs, move
// numbers and ';' comments are skipped.
bool read_pgn_game(std::istream& in, PgnGame* game);

// The score a move's comment begins with, in centipawns from the view of the side that
// moved: "+0.17/9 ..." is 17, "-1.5/12" -150, "+M7/14" a mate in 7 moves (mate_in of 13
// plies), "-M6" mated in 6 (mated_in of 12 plies). nullopt when the comment has none.
std::optional<int> pgn_comment_score(std::string_view comment);

// The game as a record: the start from the FEN tag (or the standard start), each move
// parsed as SAN, each score turned to White's view (GAME_NO_SCORE when the comment has
// none). False, with *error, when the result is not decisive or drawn ("*"), or the FEN
// or a move is not legal.
bool pgn_game_record(const PgnGame& game, GameRecord* out, std::string* error);

struct PgnImportSummary {
    std::uint64_t games = 0;    // games read
    std::uint64_t imported = 0; // games written
    std::uint64_t plies = 0;    // plies written
    std::uint64_t unscored = 0; // of them, plies without a score
    std::string firstSkip;      // why the first skipped game was skipped
};

// Reads every PGN file named and writes the games that convert into one new game file
// `out` with `header` (its engine, network and nodes describe what played the games).
bool import_pgn(const std::vector<std::string>& pgnFiles, const std::string& out,
                const GameFileHeader& header, PgnImportSummary* summary, std::string* error);

} // namespace flotilla::tools
