// Correction history: per-thread tables learn how far search results deviate from the
// static evaluation in positions with the same pawn structure (or the same non-pawn
// pieces of one side), and the static evaluation is corrected by that learned amount.
// Idea: correction history as published in Stockfish (2023) and other engines.
// The tables themselves are in search/history.h (Histories), cleared on `ucinewgame`.
#pragma once

#include "core/position.h"
#include "core/types.h"
#include "search/technique.h"
#include "search/tt.h"

#include <algorithm>
#include <cstdint>

namespace flotilla::search {

struct CorrectionHistoryParams {
    bool enabled = true;
    // The correction: (pawnWeight·pawn entry + nonPawnWeight·(White's entry + Black's
    // entry)) / (grain·weightScale) centipawns; both weights are in 1/weightScale.
    int pawnWeight = 128;   // CorrectionPawnWeight
    int nonPawnWeight = 80; // CorrectionNonPawnWeight
    int weightScale = 256;
    // Entries hold a deviation in 1/grain centipawns, within ±limit (256 cp at grain
    // 64; the limit must fit an int16_t).
    int grain = 64;
    int limit = 16384;
    // An update moves an entry min(depth + 1, maxUpdateWeight)/updateScale of the way
    // to the deviation it observed: at most 1/16, so one node never dominates a bucket.
    int maxUpdateWeight = 16;
    int updateScale = 256;
};

inline constexpr Tunable<CorrectionHistoryParams> CORRECTION_HISTORY_TUNABLES[] = {
    {"CorrectionPawnWeight", &CorrectionHistoryParams::pawnWeight, 0, 1024},
    {"CorrectionNonPawnWeight", &CorrectionHistoryParams::nonPawnWeight, 0, 1024},
};
inline constexpr Constant<CorrectionHistoryParams> CORRECTION_HISTORY_CONSTANTS[] = {
    {"weightScale", &CorrectionHistoryParams::weightScale},
    {"grain", &CorrectionHistoryParams::grain},
    {"limit", &CorrectionHistoryParams::limit},
    {"maxUpdateWeight", &CorrectionHistoryParams::maxUpdateWeight},
    {"updateScale", &CorrectionHistoryParams::updateScale},
};
inline constexpr Counter CORRECTION_HISTORY_COUNTERS[] = {
    {"CorrectedEvals", &Stats::correctedEvals},
    {"CorrectionHistoryUpdates", &Stats::correctionHistoryUpdates},
};
inline constexpr Technique<CorrectionHistoryParams> CORRECTION_HISTORY = {
    .option = "CorrectionHistory",
    .unit = "selectivity/correction_history.h",
    .source = "correction history as published in Stockfish (2023) and other engines; not in "
              "the seeds",
    .action = "per side to move, tables indexed by a hash of the pawns and of each side's non-pawn "
              "pieces hold the deviation `bestScore − raw eval` in 1/{grain} cp within ±{limit}; "
              "every static eval (search and quiescence stand pat, so all pruning) gets `+ "
              "({CorrectionPawnWeight}·pawn + {CorrectionNonPawnWeight}·(white + black)) / "
              "({grain}·{weightScale})`, kept out of the tablebase range; the TT keeps the raw "
              "eval. At the end of a search node (not in check, not singular, best move quiet or "
              "none, bound on the deviation's side, no decisive score) each entry moves "
              "`min(depth + 1, {maxUpdateWeight})/{updateScale}` of the way to the deviation",
    .constants = CORRECTION_HISTORY_CONSTANTS,
    .tunables = CORRECTION_HISTORY_TUNABLES,
    .counters = CORRECTION_HISTORY_COUNTERS,
};

// The hashes that pick a position's entries: its pawns (both colours) and, for each
// colour, its knights, bishops, rooks, queens and king. Computed from the bitboards at
// the node (a multiply-and-xorshift chain, the top bits picking the entry), so the
// position needs no incremental keys of its own.
struct CorrectionKeys {
    Key pawns = 0;
    Key nonPawns[COLOR_NB] = {0, 0};
    int continuation = -1; // the continuation table's entry, or −1 (continuation_correction.h)
    Key minor = 0;         // only while MinorCorrection is on (minor_correction.h)
};

constexpr Key mix_bitboard(Key hash, Bitboard b) {
    hash = (hash ^ b) * 0x9E3779B97F4A7C15ull;
    return hash ^ (hash >> 29); // the top bits, which index the tables, stay the product's
}

// Both sides' pawns: the pawn structure's key (also the pawn history's, pawn_history.h).
inline Key pawn_structure_key(const Position& pos) {
    return mix_bitboard(mix_bitboard(0, pos.pieces(WHITE, PAWN)), pos.pieces(BLACK, PAWN));
}

inline CorrectionKeys correction_keys(const Position& pos) {
    CorrectionKeys keys;
    keys.pawns = pawn_structure_key(pos);
    for (Color c : {WHITE, BLACK}) {
        Key h = 0;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING})
            h = mix_bitboard(h, pos.pieces(c, pt));
        keys.nonPawns[c] = h;
    }
    return keys;
}

// Only a real evaluation is corrected (none in check); switched off, nothing is read.
constexpr bool eval_correction_applies(const CorrectionHistoryParams& p, Value raw) {
    return p.enabled && raw != VALUE_NONE;
}

// `raw` corrected by the entries (as read for the side to move) and `otherWeighted`, other
// tables' entries already multiplied by their weights, kept within the evaluation's range,
// below the tablebase and mate scores. Unchanged when switched off.
constexpr Value corrected_eval(const CorrectionHistoryParams& p, Value raw, int pawnEntry,
                               int whiteEntry, int blackEntry, int otherWeighted = 0) {
    if (!eval_correction_applies(p, raw)) return raw;
    const int weighted =
        p.pawnWeight * pawnEntry + p.nonPawnWeight * (whiteEntry + blackEntry) + otherWeighted;
    return std::clamp(raw + weighted / (p.grain * p.weightScale), -VALUE_EVAL_MAX, VALUE_EVAL_MAX);
}

// Whether a node's result tells which way its static eval was wrong: a lower bound only
// when above the eval, an upper bound only when below it; never from a node in check
// (no eval), a singular search (not the position's value), a noisy best move (the
// eval does not see captures; quiescence answers for those) or a decisive score.
constexpr bool correction_update_applies(const CorrectionHistoryParams& p, bool inCheck,
                                         bool excludedSearch, bool bestIsNoisy, Bound bound,
                                         Value bestScore, Value rawEval) {
    if (!p.enabled || inCheck || excludedSearch || bestIsNoisy || rawEval == VALUE_NONE ||
        is_decisive(bestScore))
        return false;
    if (bound == BOUND_LOWER) return bestScore > rawEval;
    if (bound == BOUND_UPPER) return bestScore < rawEval;
    return true;
}

// Moves `entry` min(depth + 1, maxUpdateWeight)/updateScale of the way to `deviation`
// (in centipawns, clamped to ±limit/grain): a moving average, so the entry never leaves
// ±limit, however many updates push it one way.
inline void update_correction(const CorrectionHistoryParams& p, std::int16_t& entry,
                              Value deviation, Depth depth) {
    const int target = std::clamp(deviation * p.grain, -p.limit, p.limit);
    const int weight = std::min(depth + 1, p.maxUpdateWeight);
    const int moved = entry + (target - entry) * weight / p.updateScale;
    entry = std::int16_t(std::clamp(moved, -p.limit, p.limit));
}

} // namespace flotilla::search
