// UCI text for search output: scores, `info` lines and `bestmove`.
#pragma once

#include "core/position.h"
#include "search/worker.h"

#include <string>

namespace flotilla::uci {

// "cp 25" or "mate 3" / "mate -2" (moves, not plies; negative when being mated).
std::string format_score(Value score);

// Expected result in per mille from the side to move's view, summing to 1000.
struct Wdl {
    int win = 0, draw = 0, loss = 0;
};

// A logistic model of the score, after the shape of Stockfish's published WDL model
// (win = 1 / (1 + exp((a - score) / b)), loss the same for -score, draw the rest;
// a and b depend on how far the game is). Our constants are set by hand, not fitted
// to games: a falls linearly from 180 cp at the start to 130 cp from ply 160 on
// (late in a game an edge converts more often), b = 70 cp. So +100 cp reads as
// about 24% wins at the start and 39% late; +300 cp as about 85% and 92%. Mate
// scores are certain results.
Wdl wdl_estimate(Value score, int gamePly);

// One `info depth ... multipv K score ... [wdl W D L] nodes ... pv ...` line. The PV
// is replayed on a copy of pos so each move is printed in the notation of the
// position it is played in, and stops at the first move that is not legal there.
std::string format_info(const search::SearchInfo& info, const Position& pos, bool showWdl = false);

// "info string stats NullMoveTried=12 ...": every technique's counter, as the
// shogi notes print after each search (seeds/002).
std::string format_stats(const search::Stats& stats);

// "bestmove e2e4 ponder e7e5", or "bestmove 0000" when there is no legal move.
std::string format_bestmove(const search::SearchResult& result, const Position& pos);

} // namespace flotilla::uci
