// Adjudication of self-play games on the scores that both sides' searches agree on, so
// that decided games end early (datagen's --win-score, --win-plies, --draw-score,
// --draw-plies and --draw-min-ply).
#pragma once

#include "tools/packed_position.h"

#include <cstdlib>
#include <optional>
#include <string>

namespace flotilla::tools {

// Counts in plies; 0 plies switches that kind of adjudication off.
struct Adjudication {
    int winScore = 1000; // a win once one side's score (cp) is at least this...
    int winPlies = 8;    // ...for this many plies in a row (4 moves of each side)
    int drawScore = 10;  // a draw once |score| is at most this...
    int drawPlies = 8;   // ...for this many plies in a row,
    int drawMinPly = 60; // counted from this ply of the game on

    bool valid() const {
        return winScore >= 0 && winPlies >= 0 && drawScore >= 0 && drawPlies >= 0 &&
               drawMinPly >= 0;
    }
    // The game files' header line: "win 1000 8 draw 10 8 60".
    std::string describe() const {
        return "win " + std::to_string(winScore) + " " + std::to_string(winPlies) + " draw " +
               std::to_string(drawScore) + " " + std::to_string(drawPlies) + " " +
               std::to_string(drawMinPly);
    }
};

class Adjudicator {
  public:
    explicit Adjudicator(const Adjudication& rules) : rules(rules) {}

    // Called after each move with its ply (from 0) and its search score (White's view):
    // the result once the game is adjudicated.
    std::optional<GameResult> after_move(int ply, int scoreWhite) {
        whiteWinning = scoreWhite >= rules.winScore ? whiteWinning + 1 : 0;
        blackWinning = scoreWhite <= -rules.winScore ? blackWinning + 1 : 0;
        quiet = ply >= rules.drawMinPly && std::abs(scoreWhite) <= rules.drawScore ? quiet + 1 : 0;
        if (rules.winPlies > 0 && whiteWinning >= rules.winPlies) return GameResult::WHITE_WIN;
        if (rules.winPlies > 0 && blackWinning >= rules.winPlies) return GameResult::BLACK_WIN;
        if (rules.drawPlies > 0 && quiet >= rules.drawPlies) return GameResult::DRAW;
        return std::nullopt;
    }

  private:
    Adjudication rules;
    int whiteWinning = 0, blackWinning = 0, quiet = 0;
};

} // namespace flotilla::tools
