#include "search/strength.h"

#include <algorithm>
#include <cmath>

namespace flotilla::search {

// Fitted 2026-12-03 to games against Stockfish 15.1's UCI_LimitStrength at 10 s + 0.1 s
// (docs/strength.md, "UCI_LimitStrength"): Flotilla at N nodes a move played like
// Stockfish's level 880 + 85 log2(N). Below 1450 a softmax weakens the smallest budgets.
const std::array<StrengthAnchor, 3> STRENGTH_ANCHORS{{
    {StrengthParams::MIN_ELO, 5.53, 30.0},
    {1450, 6.71, 0.0},
    {StrengthParams::MAX_ELO, 23.19, 0.0},
}};

namespace {

// The two parameters at `elo`, interpolated between its neighbouring anchors.
StrengthAnchor interpolate(int elo) {
    const int e = std::clamp(elo, StrengthParams::MIN_ELO, StrengthParams::MAX_ELO);
    std::size_t i = 1;
    while (i + 1 < STRENGTH_ANCHORS.size() && STRENGTH_ANCHORS[i].elo < e) ++i;
    const StrengthAnchor& lo = STRENGTH_ANCHORS[i - 1];
    const StrengthAnchor& hi = STRENGTH_ANCHORS[i];
    const double t = double(e - lo.elo) / double(hi.elo - lo.elo);
    return {e, lo.log2Nodes + t * (hi.log2Nodes - lo.log2Nodes),
            lo.temperature + t * (hi.temperature - lo.temperature)};
}

} // namespace

std::uint64_t strength_node_budget(int elo) {
    return std::uint64_t(std::llround(std::exp2(interpolate(elo).log2Nodes)));
}

double strength_temperature(int elo) { return interpolate(elo).temperature; }

int strength_lines(int elo) { return strength_temperature(elo) > 0.0 ? LIMITED_STRENGTH_LINES : 1; }

std::size_t pick_weakened_line(const std::vector<Value>& scores, int elo, std::uint64_t random) {
    if (scores.size() <= 1) return 0;
    const double temperature = strength_temperature(elo);
    // A found mate is kept, and a weaker line is never one that walks into mate.
    if (temperature <= 0.0 || scores.front() >= VALUE_MATE_IN_MAX_PLY) return 0;
    std::vector<double> weights(scores.size(), 0.0);
    double total = 0.0;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (i > 0 && scores[i] <= VALUE_MATED_IN_MAX_PLY) continue;
        const double deficit = double(scores.front()) - double(scores[i]);
        weights[i] = std::exp(-std::max(0.0, deficit) / temperature);
        total += weights[i];
    }
    // 53 random bits give a uniform draw in [0, total).
    double draw = double(random >> 11) * 0x1.0p-53 * total;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (draw < weights[i]) return i;
        draw -= weights[i];
    }
    return 0;
}

} // namespace flotilla::search
