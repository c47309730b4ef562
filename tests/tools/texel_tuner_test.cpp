// The tuner: the linear form matches the engine, the analytic gradient matches
// finite differences of the engine's own evaluation, and K is recovered.
#include "tools/texel_tuner.h"

#include "tests/tools/temp_path.h"
#include "tools/data_file.h"
#include "tools/weights_flat.h"
#include "tools/weights_source.h"

#include "eval/evaluate.h"
#include "eval/pawns.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>
#include <sstream>

namespace flotilla::tools {
namespace {

const std::vector<TrainingPosition> TINY_DATA = {
    {"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 30,
     GameResult::WHITE_WIN},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", -20, GameResult::DRAW},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 10, GameResult::DRAW},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", -15,
     GameResult::BLACK_WIN},
    {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30", 350, GameResult::WHITE_WIN},
    {"2r3k1/pp3ppp/4p3/3n4/3P4/P3BN2/1P3PPP/2R3K1 b - - 1 22", 5, GameResult::BLACK_WIN},
    {"r1bq1rk1/ppp2ppp/2n5/3np3/1bB5/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 8", 40, GameResult::WHITE_WIN},
};

// The engine's evaluation, White's view, at flat weights.
double engine_eval_white(const std::string& fen, const std::array<int, WEIGHT_FLAT_SIZE>& flat) {
    Position pos;
    EXPECT_TRUE(pos.set_fen(fen, false));
    const eval::Weights w = from_flat(flat);
    eval::PawnCache cache(1);
    const Value v = eval::evaluate(pos, cache, w);
    return pos.side_to_move() == WHITE ? v : -v;
}

double engine_loss(const std::array<int, WEIGHT_FLAT_SIZE>& flat, double k) {
    double sum = 0;
    for (const TrainingPosition& p : TINY_DATA) {
        const double d = sigmoid(k * engine_eval_white(p.fen, flat)) - result_score(p.result);
        sum += d * d;
    }
    return sum / double(TINY_DATA.size());
}

TEST(TexelTuner, LinearFormMatchesTheEngine) {
    std::size_t skipped = 1;
    const auto positions = prepare_positions(TINY_DATA, eval::DEFAULT_WEIGHTS, &skipped);
    ASSERT_EQ(skipped, 0u);
    ASSERT_EQ(positions.size(), TINY_DATA.size());
    const auto flat = to_flat(eval::DEFAULT_WEIGHTS);
    const std::vector<double> flatD(flat.begin(), flat.end());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        EXPECT_FALSE(positions[i].eval.coefficients.empty());
        // The engine rounds twice by integer division; the linear form does not.
        EXPECT_NEAR(linear_eval_value(positions[i].eval, flatD.data()),
                    engine_eval_white(TINY_DATA[i].fen, flat), 2.0)
            << TINY_DATA[i].fen;
    }
}

TEST(TexelTuner, LoneKingPositionsHaveNoLinearForm) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", false));
    EXPECT_FALSE(linear_eval(pos, eval::DEFAULT_WEIGHTS));
}

TEST(TexelTuner, GradientMatchesFiniteDifferencesOfTheEngine) {
    const auto positions = prepare_positions(TINY_DATA, eval::DEFAULT_WEIGHTS, nullptr);
    const auto flat = to_flat(eval::DEFAULT_WEIGHTS);
    const std::vector<double> flatD(flat.begin(), flat.end());
    const double k = 0.006;
    std::vector<double> gradient;
    const double loss = loss_and_gradient(positions, flatD.data(), k, 0.0, &gradient);
    EXPECT_NEAR(loss, engine_loss(flat, k), 1e-3);

    // The weights with the largest gradients, mg and eg halves both among them.
    std::vector<std::size_t> order(gradient.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::abs(gradient[a]) > std::abs(gradient[b]);
    });
    ASSERT_GT(std::abs(gradient[order[0]]), 1e-6);
    const int step = 40; // large enough that the engine's integer rounding is small beside it
    for (int n = 0; n < 12; ++n) {
        const std::size_t i = order[n];
        auto plus = flat, minus = flat;
        plus[i] += step;
        minus[i] -= step;
        const double numeric = (engine_loss(plus, k) - engine_loss(minus, k)) / (2.0 * step);
        EXPECT_NEAR(gradient[i], numeric, 0.08 * std::abs(gradient[i]) + 1e-6)
            << "flat index " << i;
    }
}

// Kings under attack (danger active for at least one side in each).
const std::vector<TrainingPosition> KING_ATTACK_DATA = {
    {"r1b2rk1/ppq2ppp/2n1p3/3pP1N1/3P2Q1/2PB4/P4PPP/R1B2RK1 w - - 0 14", 120,
     GameResult::WHITE_WIN},
    {"r4rk1/1bq1bppp/p3pn2/1p6/3N1P2/1BN1B1Q1/PPP3PP/R4R1K w - - 0 16", 60, GameResult::WHITE_WIN},
    {"2kr3r/ppp2ppp/2n1b3/2q5/4n3/2NBBQ2/PPP2PPP/R4RK1 b - - 3 13", -40, GameResult::BLACK_WIN},
    {"r2q1rk1/pb3ppp/1p2p3/2bnN1Q1/2BP4/2N5/PP3PPP/R4RK1 w - - 0 15", 90, GameResult::DRAW},
    {"6k1/5p1p/4pQp1/8/8/2q5/5PPP/6K1 b - - 0 40", -10, GameResult::DRAW},
};

// The flat indices (mg and eg) of the ten king-danger Scores.
std::vector<std::size_t> king_danger_indices() {
    std::vector<std::size_t> out;
    std::size_t offset = 0;
    eval::Weights names{};
    eval::for_each_weight(names, [&](std::string_view name, auto span) {
        if (name == "kingAttackerWeight" || name == "kingZoneAttack" || name == "kingSafeCheck" ||
            name == "kingDangerOffset")
            for (std::size_t i = 0; i < span.size(); ++i)
                out.insert(out.end(), {2 * (offset + i), 2 * (offset + i) + 1});
        offset += span.size();
    });
    return out;
}

// The square in king danger is in the form: it matches the engine there too.
TEST(TexelTuner, KingDangerFormMatchesTheEngine) {
    const auto positions = prepare_positions(KING_ATTACK_DATA, eval::DEFAULT_WEIGHTS, nullptr);
    ASSERT_EQ(positions.size(), KING_ATTACK_DATA.size());
    int active = 0;
    for (const auto& p : positions)
        active += p.eval.kingDanger[WHITE].active + p.eval.kingDanger[BLACK].active;
    EXPECT_GE(active, 4);
    // Also away from the defaults: king danger doubled.
    auto flat = to_flat(eval::DEFAULT_WEIGHTS);
    for (std::size_t i : king_danger_indices()) flat[i] *= 2;
    const std::vector<double> flatD(flat.begin(), flat.end());
    for (std::size_t i = 0; i < positions.size(); ++i)
        EXPECT_NEAR(linear_eval_value(positions[i].eval, flatD.data()),
                    engine_eval_white(KING_ATTACK_DATA[i].fen, flat), 2.0)
            << KING_ATTACK_DATA[i].fen;
}

// The gradient through the square matches central differences of the form's loss
// (the form matches the engine, above; differences of the engine itself are either
// drowned in its integer rounding or, with big steps, bent by the square).
TEST(TexelTuner, KingDangerGradientMatchesFiniteDifferences) {
    const auto positions = prepare_positions(KING_ATTACK_DATA, eval::DEFAULT_WEIGHTS, nullptr);
    const auto start = to_flat(eval::DEFAULT_WEIGHTS);
    std::vector<double> flat(start.begin(), start.end());
    const double k = 0.006;
    std::vector<double> gradient;
    loss_and_gradient(positions, flat.data(), k, 0.0, &gradient);
    const std::vector<std::size_t> indices = king_danger_indices();
    ASSERT_EQ(indices.size(), 20u);
    int nonZero = 0;
    for (std::size_t i : indices) {
        const double step = 0.01;
        auto plus = flat, minus = flat;
        plus[i] += step;
        minus[i] -= step;
        const double numeric = (loss_and_gradient(positions, plus.data(), k, 0.0, nullptr) -
                                loss_and_gradient(positions, minus.data(), k, 0.0, nullptr)) /
                               (2 * step);
        EXPECT_NEAR(gradient[i], numeric, 1e-3 * std::abs(numeric) + 1e-10) << "flat index " << i;
        nonZero += std::abs(gradient[i]) > 1e-8;
    }
    EXPECT_GE(nonZero, 12); // most king-danger weights are in play in these positions
}

TEST(TexelTuner, FitRecoversKnownK) {
    // Results drawn from sigmoid(K * eval) with a known K.
    const double trueK = 0.0045;
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> evalDist(-600, 600), coin(0, 1);
    std::vector<double> evals, results;
    for (int i = 0; i < 40000; ++i) {
        const double e = evalDist(rng);
        const double u = coin(rng), p = sigmoid(trueK * e);
        // Three outcomes with mean p: a win, a draw, or a loss.
        const double drawShare = 0.3 * std::min(p, 1 - p) * 2;
        const double r = u < p - drawShare / 2 ? 1.0 : u < p + drawShare / 2 ? 0.5 : 0.0;
        evals.push_back(e);
        results.push_back(r);
    }
    EXPECT_NEAR(fit_k(evals, results), trueK, 0.1 * trueK);
}

TEST(TexelTuner, GradientStepsLowerTheLoss) {
    const auto positions = prepare_positions(TINY_DATA, eval::DEFAULT_WEIGHTS, nullptr);
    const auto start = to_flat(eval::DEFAULT_WEIGHTS);
    std::vector<double> flat(start.begin(), start.end());
    std::vector<double> gradient;
    const double k = 0.006;
    const double before = loss_and_gradient(positions, flat.data(), k, 0.0, &gradient);
    for (int i = 0; i < 5; ++i) {
        loss_and_gradient(positions, flat.data(), k, 0.0, &gradient);
        for (std::size_t j = 0; j < flat.size(); ++j) flat[j] -= 2000.0 * gradient[j];
    }
    EXPECT_LT(loss_and_gradient(positions, flat.data(), k, 0.0, nullptr), before);
}

TEST(TexelTuner, HoldoutTakesTheTailAndShufflesOnlyTheRest) {
    std::vector<TunerPosition> positions(100);
    for (std::size_t i = 0; i < positions.size(); ++i) positions[i].scoreWhite = double(i);
    const auto validation = split_and_shuffle(positions, 0.2, 7);
    ASSERT_EQ(validation.size(), 20u);
    ASSERT_EQ(positions.size(), 80u);
    for (std::size_t i = 0; i < validation.size(); ++i)
        EXPECT_EQ(validation[i].scoreWhite, double(80 + i)); // the tail, in file order
    std::vector<double> training;
    for (const auto& p : positions) training.push_back(p.scoreWhite);
    EXPECT_FALSE(std::is_sorted(training.begin(), training.end()));
    std::sort(training.begin(), training.end());
    for (std::size_t i = 0; i < training.size(); ++i) EXPECT_EQ(training[i], double(i));

    std::vector<TunerPosition> again(100);
    for (std::size_t i = 0; i < again.size(); ++i) again[i].scoreWhite = double(i);
    split_and_shuffle(again, 0.2, 7);
    for (std::size_t i = 0; i < again.size(); ++i) // the same seed gives the same order
        EXPECT_EQ(again[i].scoreWhite, positions[i].scoreWhite);
}

TEST(Tuner, OutputRecordsItsProvenance) {
    // A real run on a tiny file: the written weights.cpp says how it was made.
    const std::string data = testing::temp_path("tuner_provenance.bin").string();
    const std::string out = testing::temp_path("tuner_provenance.cpp").string();
    {
        DataWriter writer;
        std::string error;
        ASSERT_TRUE(writer.open(data, false, &error)) << error;
        std::vector<PackedRecord> records;
        for (const TrainingPosition& t : TINY_DATA) {
            Position pos;
            ASSERT_TRUE(pos.set_fen(t.fen, false));
            records.push_back(pack(pos, t.scoreWhite, t.result));
        }
        ASSERT_TRUE(writer.write(records, &error)) << error;
    }
    TunerOptions options;
    options.inputs = {data};
    options.out = out;
    options.epochs = 1;
    options.holdout = 0.2;
    std::ostringstream progress;
    std::string error;
    ASSERT_TRUE(run_tuner(options, progress, &error)) << error;
    std::ifstream in(out);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string provenance = weights_provenance(text);
    EXPECT_NE(provenance.find("command: " + tune_command(options) + "\n"), std::string::npos)
        << provenance;
    EXPECT_NE(provenance.find("--epochs 1 "), std::string::npos) << provenance;
    EXPECT_NE(provenance.find("data: " + data + " ("), std::string::npos) << provenance;
    EXPECT_NE(provenance.find("start: the weights built into "), std::string::npos);
    EXPECT_NE(provenance.find("result: K "), std::string::npos);
    std::filesystem::remove(data);
    std::filesystem::remove(out);
}

} // namespace
} // namespace flotilla::tools
