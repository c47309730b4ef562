#include "search/strength.h"

#include <algorithm>
#include <cmath>

namespace flotilla::search {

namespace {

double strength_share(int elo) {
    const int e = std::clamp(elo, StrengthParams::MIN_ELO, StrengthParams::MAX_ELO);
    return double(e - StrengthParams::MIN_ELO) /
           double(StrengthParams::MAX_ELO - StrengthParams::MIN_ELO);
}

} // namespace

std::uint64_t strength_node_budget(int elo) {
    return std::uint64_t(std::llround(std::exp2(9.0 + 13.0 * strength_share(elo))));
}

double strength_temperature(int elo) {
    const double weakness = 1.0 - strength_share(elo);
    return 40.0 * weakness * weakness;
}

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
