// King danger as its inputs: what attacks one side's king, counted before any
// weight is applied. The evaluation weighs these counts and squares the sum
// (eval/king_safety.cpp); the Texel tuner reads the same counts so that it can
// differentiate through the square (tools/eval_coefficients.cpp).
#pragma once

#include "core/position.h"
#include "eval/score.h"
#include "eval/weights.h"

#include <array>

namespace flotilla::eval {

struct KingDangerFeatures {
    bool active = false;             // enough attackers for the danger to count
    std::array<int, 4> attackers{};  // pieces hitting the king zone, by type N B R Q
    int zoneHits = 0;                // zone squares hit, summed over those pieces
    std::array<int, 4> safeChecks{}; // safe checking squares, by type N B R Q
};

// The weighted danger (before squaring), mg and eg, from the features.
Score king_danger_sum(const KingDangerFeatures& f, const Weights& w);

// The penalty the evaluation applies for that danger (zero when not active).
Score king_danger_penalty(const KingDangerFeatures& f, const Weights& w);

// The features of `us`'s king in `pos` (for tools and tests; the evaluation gets them
// from its own attack maps).
KingDangerFeatures king_danger_features(const Position& pos, Color us);

} // namespace flotilla::eval
