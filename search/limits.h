// What a `go` command asks for: clocks, fixed limits and the moves to consider.
#pragma once

#include "core/types.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace flotilla::search {

struct Limits {
    // Clock state in milliseconds, indexed by colour; -1 when not given.
    int time[COLOR_NB] = {-1, -1};
    int increment[COLOR_NB] = {0, 0};
    int movesToGo = 0;
    int moveTime = -1;       // fixed time per move, ms
    int depth = -1;          // fixed depth in plies
    std::uint64_t nodes = 0; // node budget; 0 = none
    // No new iteration once this many nodes are searched (0 = none); `nodes` still caps
    // the move. Self-play data generation's "soft nodes": each move ends on a completed
    // iteration (akimbo and Viridithas generate their data so).
    std::uint64_t softNodes = 0;
    int mate = 0; // find a mate in this many moves
    bool infinite = false;
    bool ponder = false;
    int perft = 0;                 // `go perft N`: count instead of search
    std::vector<Move> searchMoves; // restrict the root to these moves
    // When the `go` arrived: the clock runs from here, so that work before the search
    // (rebuilding the thread pool after a Threads change) counts against the move.
    // Unset: from the start of the search.
    std::optional<std::chrono::steady_clock::time_point> startedAt;

    bool uses_clock() const { return time[WHITE] >= 0 || time[BLACK] >= 0; }
};

} // namespace flotilla::search
