// Linear history bonus: the size of a history update (the cutting move's bonus, the
// malus of the moves tried before it) grows linearly with the depth up to a cap,
// instead of history.h's quadratic history_bonus.
#pragma once

#include "core/types.h"
#include "search/history.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

struct LinearHistoryBonusParams {
    bool enabled = true;
    int bonusPerDepth = 128; // bonus = min(bonusPerDepth·depth − bonusOffset, bonusMax)
    int bonusOffset = 64;
    int bonusMax = 1600;
    int malusPerDepth = 128; // malus = min(malusPerDepth·depth − malusOffset, malusMax)
    int malusOffset = 64;
    int malusMax = 1600;
};

inline constexpr Tunable<LinearHistoryBonusParams> LINEAR_HISTORY_BONUS_TUNABLES[] = {
    {"HistoryBonusPerDepth", &LinearHistoryBonusParams::bonusPerDepth, 0, 2000},
    {"HistoryBonusOffset", &LinearHistoryBonusParams::bonusOffset, 0, 2000},
    {"HistoryBonusMax", &LinearHistoryBonusParams::bonusMax, 0, HISTORY_MAX},
    {"HistoryMalusPerDepth", &LinearHistoryBonusParams::malusPerDepth, 0, 2000},
    {"HistoryMalusOffset", &LinearHistoryBonusParams::malusOffset, 0, 2000},
    {"HistoryMalusMax", &LinearHistoryBonusParams::malusMax, 0, HISTORY_MAX},
};
// Linear and capped as in Stockfish's stat_bonus/stat_malus (min(a·depth − b, cap), search.cpp).
inline constexpr Technique<LinearHistoryBonusParams> LINEAR_HISTORY_BONUS = {
    .option = "LinearHistoryBonus",
    .unit = "history_bonus.h",
    .source = "Stockfish `stat_bonus`/`stat_malus` (linear in depth, capped); not in the seeds",
    .action = "history updates after a beta cutoff (butterfly, continuation, capture): the cutting "
              "move gets `min({HistoryBonusPerDepth}·depth − {HistoryBonusOffset}, "
              "{HistoryBonusMax})`, each move tried before it loses `min({HistoryMalusPerDepth}·"
              "depth − {HistoryMalusOffset}, {HistoryMalusMax})` (never below 0); off: both are "
              "`depth > 13 ? 1600 : 8·depth² + 16·depth`",
    .tunables = LINEAR_HISTORY_BONUS_TUNABLES,
};

// The cutting move's bonus at this depth (switched off: history_bonus).
constexpr int cutoff_bonus(const LinearHistoryBonusParams& p, Depth depth) {
    if (!p.enabled) return history_bonus(depth);
    return std::max(0, std::min(p.bonusPerDepth * depth - p.bonusOffset, p.bonusMax));
}

// What each move tried before the cutting one loses (a positive number; switched off:
// history_bonus, the same as the bonus).
constexpr int cutoff_malus(const LinearHistoryBonusParams& p, Depth depth) {
    if (!p.enabled) return history_bonus(depth);
    return std::max(0, std::min(p.malusPerDepth * depth - p.malusOffset, p.malusMax));
}

} // namespace flotilla::search
