// Aspiration windows on an averaged score: each root line keeps an average of its score
// over the iterations (2:1 new to old), the next iteration's window is centred on it, and
// the window is wider the further that average is from 0, where scores swing more. The
// idea from Stockfish a0259d8ab (average centre) and aaadbe057 (width from the mean
// square); written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct AspirationAverageParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    int newWeight = 2;    // average = (newWeight·score + average) / (newWeight + 1)
    // delta = initialDelta + average²/deltaDivisor, in cp: +8 cp at 1000 cp. Stockfish's
    // 13000 in its units (a pawn about 2 of its units per cp) is about 6250 cp²; Flotilla's
    // initial window is already wider than Stockfish's, so the same 13000 here.
    int deltaDivisor = 13000;
};

inline constexpr Constant<AspirationAverageParams> ASPIRATION_AVERAGE_CONSTANTS[] = {
    {"newWeight", &AspirationAverageParams::newWeight},
};
inline constexpr Tunable<AspirationAverageParams> ASPIRATION_AVERAGE_TUNABLES[] = {
    {"AspirationAverageDivisor", &AspirationAverageParams::deltaDivisor, 100, 1000000},
};
inline constexpr Counter ASPIRATION_AVERAGE_COUNTERS[] = {
    {"AspirationAverageShifts", &Stats::aspirationAverageShifts},
};
inline constexpr Technique<AspirationAverageParams> ASPIRATION_AVERAGE = {
    .option = "AspirationAverage",
    .unit = "selectivity/aspiration_average.h",
    .source = "Stockfish a0259d8ab, aaadbe057 (averaged centre, width from its square); not in "
              "the seeds",
    .action = "each root line keeps `average = ({newWeight}·score + average)/({newWeight} + 1)` "
              "over the iterations (the score itself at its first iteration, or when either is "
              "a mate or tablebase score); the aspiration window is centred on the average with "
              "a first step of `initialDelta + average²/{AspirationAverageDivisor}` cp (no "
              "widening at a decisive centre). Counter: windows centred off the last score",
    .constants = ASPIRATION_AVERAGE_CONSTANTS,
    .tunables = ASPIRATION_AVERAGE_TUNABLES,
    .counters = ASPIRATION_AVERAGE_COUNTERS,
};

// The line's average after an iteration that scored `score`; VALUE_NONE: none yet. A
// proven score is never mixed with an evaluation.
constexpr Value averaged_score(const AspirationAverageParams& p, Value average, Value score) {
    if (!p.enabled || average == VALUE_NONE || is_decisive(average) || is_decisive(score))
        return score;
    return (p.newWeight * score + average) / (p.newWeight + 1);
}

// Where the next window is centred: the average, or (switched off) the last score.
constexpr Value aspiration_centre(const AspirationAverageParams& p, Value score, Value average) {
    return p.enabled && average != VALUE_NONE ? average : score;
}

// The window's first half-width around `centre`.
constexpr int aspiration_delta(const AspirationAverageParams& p, int initialDelta, Value centre) {
    if (!p.enabled || centre == VALUE_NONE || is_decisive(centre)) return initialDelta;
    return initialDelta + centre * centre / p.deltaDivisor;
}

} // namespace flotilla::search
