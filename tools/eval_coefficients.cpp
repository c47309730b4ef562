// Coefficient extraction by probing: with every linear weight zero except a few
// set to distinct powers of 128, the White-minus-Black total spells the feature
// counts of those weights as base-128 digits (|count| < 64), four per field, mg
// and eg probing different weights. The result is checked against the real
// evaluation, so a position whose counts do not fit is rejected, never mis-read.
#include "tools/eval_coefficients.h"

#include "tools/weights_flat.h"

#include "eval/breakdown.h"
#include "eval/pawns.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace flotilla::tools {

namespace {

constexpr int DIGIT_BASE = 128;
constexpr int DIGITS_PER_FIELD = 4;

struct WeightLayout {
    std::vector<WeightIndex> linear; // every weight outside king danger
    // Where king danger's weights are: attackers and safe checks by type N B R Q.
    WeightIndex attacker = 0, zoneHit = 0, safeCheck = 0, offset = 0;
};

const WeightLayout& layout() {
    static const WeightLayout l = [] {
        WeightLayout out;
        eval::Weights w{};
        std::size_t offset = 0;
        eval::for_each_weight(w, [&](std::string_view name, auto span) {
            bool kingDanger = true;
            if (name == "kingAttackerWeight")
                out.attacker = WeightIndex(offset);
            else if (name == "kingZoneAttack")
                out.zoneHit = WeightIndex(offset);
            else if (name == "kingSafeCheck")
                out.safeCheck = WeightIndex(offset);
            else if (name == "kingDangerOffset")
                out.offset = WeightIndex(offset);
            else
                kingDanger = false;
            for (std::size_t i = 0; i < span.size(); ++i, ++offset)
                if (!kingDanger) out.linear.push_back(WeightIndex(offset));
        });
        return out;
    }();
    return l;
}

eval::Score& score_at(eval::Weights& w, std::size_t index) {
    eval::Score* found = nullptr;
    std::size_t offset = 0;
    eval::for_each_weight(w, [&](std::string_view, auto span) {
        if (index >= offset && index < offset + span.size()) found = &span[index - offset];
        offset += span.size();
    });
    return *found;
}

// Splits a sum of count * 128^k into its balanced digits.
void decode(long long value, const WeightIndex* indices, int n, std::vector<Coefficient>& out) {
    for (int k = 0; k < n; ++k) {
        long long digit = ((value % DIGIT_BASE) + DIGIT_BASE) % DIGIT_BASE;
        if (digit >= DIGIT_BASE / 2) digit -= DIGIT_BASE;
        if (digit) out.push_back({indices[k], std::int16_t(digit)});
        value = (value - digit) / DIGIT_BASE;
    }
}

// Visits each king-danger weight with its feature count: f(index, count).
template <class F> void for_each_danger_input(const eval::KingDangerFeatures& k, F&& f) {
    const WeightLayout& l = layout();
    for (int i = 0; i < 4; ++i) {
        f(WeightIndex(l.attacker + i), k.attackers[i]);
        f(WeightIndex(l.safeCheck + i), k.safeChecks[i]);
    }
    f(l.zoneHit, k.zoneHits);
    f(l.offset, 1);
}

// The weighted danger of one king, mg and eg, at flat weights.
std::pair<double, double> danger_sum(const eval::KingDangerFeatures& k, const double* flat) {
    double mg = 0, eg = 0;
    for_each_danger_input(k, [&](WeightIndex i, int count) {
        mg += count * flat[2 * i];
        eg += count * flat[2 * i + 1];
    });
    return {mg, eg};
}

constexpr double SIGN[COLOR_NB] = {1.0, -1.0}; // White minus Black

} // namespace

std::optional<LinearEval> linear_eval(const Position& pos, const eval::Weights& weights) {
    const WeightLayout& l = layout();
    eval::PawnCache cache(1);
    auto total_with = [&](const eval::Weights& w) {
        cache.clear(); // the same object is changed between calls
        return eval::breakdown(pos, cache, w);
    };

    const eval::Breakdown real = total_with(weights);
    if (real.loneKing) return std::nullopt;

    // Only the king-danger weights left: the part the probes below do not move.
    eval::Weights probe = weights;
    for (WeightIndex i : l.linear) score_at(probe, i) = eval::Score();
    const eval::Breakdown constant = total_with(probe);

    LinearEval out;
    out.kingDanger = {eval::king_danger_features(pos, WHITE),
                      eval::king_danger_features(pos, BLACK)};
    // With only king danger's weights left, the total is king danger alone.
    const eval::Score danger = eval::king_danger_penalty(out.kingDanger[WHITE], weights) -
                               eval::king_danger_penalty(out.kingDanger[BLACK], weights);
    if (danger.mg != constant.total.mg || danger.eg != constant.total.eg) return std::nullopt;
    out.phase = real.phase;
    out.scale = real.scale;

    constexpr std::size_t GROUP = 2 * DIGITS_PER_FIELD;
    for (std::size_t start = 0; start < l.linear.size(); start += GROUP) {
        const std::size_t n = std::min(GROUP, l.linear.size() - start);
        const WeightIndex* group = &l.linear[start];
        const int mgCount = int(std::min<std::size_t>(n, DIGITS_PER_FIELD));
        const int egCount = int(n) - mgCount;
        int power = 1;
        for (int k = 0; k < mgCount; ++k, power *= DIGIT_BASE) score_at(probe, group[k]).mg = power;
        power = 1;
        for (int k = 0; k < egCount; ++k, power *= DIGIT_BASE)
            score_at(probe, group[mgCount + k]).eg = power;
        const eval::Breakdown b = total_with(probe);
        decode(b.total.mg - constant.total.mg, group, mgCount, out.coefficients);
        decode(b.total.eg - constant.total.eg, group + mgCount, egCount, out.coefficients);
        for (std::size_t k = 0; k < n; ++k) score_at(probe, group[k]) = eval::Score();
    }

    // The form must reproduce the real totals exactly.
    const auto flat = to_flat(weights);
    long long mg = constant.total.mg, eg = constant.total.eg;
    for (const Coefficient& c : out.coefficients) {
        mg += (long long)c.count * flat[2 * c.index];
        eg += (long long)c.count * flat[2 * c.index + 1];
    }
    if (mg != real.total.mg || eg != real.total.eg) return std::nullopt;
    return out;
}

double linear_eval_value(const LinearEval& e, const double* flat) {
    double mg = 0, eg = 0;
    for (Color c : {WHITE, BLACK}) {
        if (!e.kingDanger[c].active) continue;
        const auto [dangerMg, dangerEg] = danger_sum(e.kingDanger[c], flat);
        const double cappedMg = std::clamp(dangerMg, 0.0, double(eval::fixed::KING_DANGER_MG_CAP));
        mg -= SIGN[c] * cappedMg * cappedMg / eval::fixed::KING_DANGER_MG_DIVISOR;
        eg -= SIGN[c] * std::max(dangerEg, 0.0) / eval::fixed::KING_DANGER_EG_DIVISOR;
    }
    for (const Coefficient& c : e.coefficients) {
        mg += c.count * flat[2 * c.index];
        eg += c.count * flat[2 * c.index + 1];
    }
    const double phase = e.phase, max = eval::fixed::PHASE_MAX;
    return (mg * phase + eg * e.scale / eval::fixed::SCALE_NORMAL * (max - phase)) / max;
}

void add_king_danger_gradient(const LinearEval& e, const double* flat, double mgFactor,
                              double egFactor, double* gradient) {
    for (Color c : {WHITE, BLACK}) {
        if (!e.kingDanger[c].active) continue;
        const auto [dangerMg, dangerEg] = danger_sum(e.kingDanger[c], flat);
        // -d^2 / divisor inside the cap, flat outside it; -d / divisor above zero.
        const double perMg = dangerMg > 0 && dangerMg < eval::fixed::KING_DANGER_MG_CAP
                                 ? -SIGN[c] * 2 * dangerMg / eval::fixed::KING_DANGER_MG_DIVISOR
                                 : 0.0;
        const double perEg = dangerEg > 0 ? -SIGN[c] / eval::fixed::KING_DANGER_EG_DIVISOR : 0.0;
        for_each_danger_input(e.kingDanger[c], [&](WeightIndex i, int count) {
            gradient[2 * i] += mgFactor * perMg * count;
            gradient[2 * i + 1] += egFactor * perEg * count;
        });
    }
}

} // namespace flotilla::tools
