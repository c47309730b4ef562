// Syzygy endgame tablebases, probed through Debian's Fathom library (libfathom-dev).
// Fathom keeps one set of tables per process: load() replaces it and must not run
// while any search does; probe_wdl() is safe from every search thread at once;
// rank_root_moves() is not (Fathom's root probes share scratch state), so only the
// main search thread calls it, before the helpers start.
#pragma once

#include "core/position.h"
#include "core/types.h"
#include "search/params.h"

#include <cstdint>

#include <optional>
#include <string>
#include <vector>

namespace flotilla::search::syzygy {

// The tables' verdict for the side to move, as Syzygy defines it: a cursed win is a
// win that the fifty-move rule turns into a draw, a blessed loss the same for a loss.
enum class Wdl { Loss = -2, BlessedLoss = -1, Draw = 0, CursedWin = 1, Win = 2 };

struct LoadReport {
    int largest = 0; // pieces of the largest table set found (0: none)
    int wdlFiles = 0;
    int dtzFiles = 0;
    std::vector<std::string> unreadable; // directories of the path that could not be listed
    std::vector<std::string> corrupt;    // table files without a Syzygy header (not used)
};

// Loads the tables found in `paths` (directories separated by ':'); an empty string or
// "<empty>" unloads them. Not thread-safe: only while no search runs.
LoadReport load(const std::string& paths);

// Pieces of the largest tables loaded; 0 when none are.
int largest();

// The WDL verdict for pos, or nothing when it is not in the tables. Only positions
// right after a capture or pawn move (fifty-move counter 0) and without castling
// rights can be probed. Thread-safe.
std::optional<Wdl> probe_wdl(const Position& pos);

// One root move's rank: higher is better. Ranks at or above the win bound win, 0 draws,
// at or below minus the bound lose; between them lie the cursed wins and blessed losses.
struct RankedMove {
    Move move;
    int rank = 0;
};

struct RootRanking {
    std::vector<RankedMove> moves; // every legal move of the root
    bool usedDtz = false;          // false: only WDL tables answered (DTZ missing)
    int winBound = 0;              // rank from which a move wins (depends on the 50-move rule)
};

// Ranks the legal moves of the root by the tables: by DTZ when the DTZ tables answer,
// else by WDL. rule50: the fifty-move rule is honoured (cursed wins are draws).
// hasRepeated: the game repeated a position since the last capture or pawn move (a win
// may then need the fastest conversion). Nothing when pos is not in the tables.
// Not thread-safe.
std::optional<RootRanking> rank_root_moves(const Position& pos, bool rule50, bool hasRepeated);

// The score shown for a root move of this rank: a tablebase win or loss at one ply, or a
// small score for cursed wins and blessed losses that grows as the win comes closer.
Value rank_to_score(int rank, int winBound);

// What the search needs of a root that is in the tables.
struct RootResult {
    std::vector<Move> moves;    // the candidate moves that keep the best result
    Value score = VALUE_DRAW;   // shown instead of any search score that is not a mate
    bool probeInSearch = false; // WDL probes below still help (no DTZ, and a win to find)
    std::uint64_t probes = 0;   // for tbhits: one per ranked move
};

// Ranks the root and keeps, of `candidates` (the legal moves, or those of searchmoves),
// the moves of the best rank. Nothing when the root is not in the tables under `p`'s
// limit or a probe fails. Not thread-safe.
std::optional<RootResult> probe_root(const Position& pos, const std::vector<Move>& candidates,
                                     const TablebaseParams& p);

} // namespace flotilla::search::syzygy
