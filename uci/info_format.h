// UCI text for search output: scores, `info` lines and `bestmove`.
#pragma once

#include "core/position.h"
#include "search/worker.h"

#include <string>

namespace flotilla::uci {

// "cp 25" or "mate 3" / "mate -2" (moves, not plies; negative when being mated).
std::string format_score(Value score);

// One `info depth ... pv ...` line. The PV is replayed on a copy of pos so each
// move is printed in the notation of the position it is played in, and stops at
// the first move that is not legal there.
std::string format_info(const search::SearchInfo& info, const Position& pos);

// "info string stats NullMoveTried=12 ...": every technique's counter, as the
// shogi notes print after each search (seeds/002).
std::string format_stats(const search::Stats& stats);

// "bestmove e2e4 ponder e7e5", or "bestmove 0000" when there is no legal move.
std::string format_bestmove(const search::SearchResult& result, const Position& pos);

} // namespace flotilla::uci
