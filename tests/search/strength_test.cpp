// UCI_LimitStrength: the budget and temperature follow the Elo, the pick follows its
// softmax and never gives up a mate, and a limited worker plays weaker moves within
// its budget while the full-strength one always plays its best line.
#include "search/strength.h"
#include "search_helpers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

using namespace flotilla;
using namespace flotilla::search;
using namespace flotilla::search::testing;

TEST(Strength, AnchorsSpanTheRangeInOrder) {
    ASSERT_GE(STRENGTH_ANCHORS.size(), 2u);
    EXPECT_EQ(STRENGTH_ANCHORS.front().elo, StrengthParams::MIN_ELO);
    EXPECT_EQ(STRENGTH_ANCHORS.back().elo, StrengthParams::MAX_ELO);
    for (std::size_t i = 1; i < STRENGTH_ANCHORS.size(); ++i) {
        EXPECT_LT(STRENGTH_ANCHORS[i - 1].elo, STRENGTH_ANCHORS[i].elo) << i;
        EXPECT_LT(STRENGTH_ANCHORS[i - 1].log2Nodes, STRENGTH_ANCHORS[i].log2Nodes) << i;
        EXPECT_GE(STRENGTH_ANCHORS[i - 1].temperature, STRENGTH_ANCHORS[i].temperature) << i;
    }
    // The weakest level needs the softmax (no budget plays below a complete depth 1);
    // the strongest always plays its best line.
    EXPECT_GT(STRENGTH_ANCHORS.front().temperature, 0.0);
    EXPECT_EQ(STRENGTH_ANCHORS.back().temperature, 0.0);
}

TEST(Strength, BudgetAndTemperatureFollowTheElo) {
    const auto budget_of = [](const StrengthAnchor& a) {
        return std::uint64_t(std::llround(std::exp2(a.log2Nodes)));
    };
    for (const StrengthAnchor& a : STRENGTH_ANCHORS) {
        EXPECT_EQ(strength_node_budget(a.elo), budget_of(a)) << a.elo;
        EXPECT_DOUBLE_EQ(strength_temperature(a.elo), a.temperature) << a.elo;
    }
    // Clamped into the range.
    EXPECT_EQ(strength_node_budget(0), budget_of(STRENGTH_ANCHORS.front()));
    EXPECT_EQ(strength_node_budget(99999), budget_of(STRENGTH_ANCHORS.back()));
    EXPECT_DOUBLE_EQ(strength_temperature(0), STRENGTH_ANCHORS.front().temperature);
    // Halfway between two anchors: the geometric mean of their budgets.
    const StrengthAnchor& lo = STRENGTH_ANCHORS[STRENGTH_ANCHORS.size() - 2];
    const StrengthAnchor& hi = STRENGTH_ANCHORS.back();
    ASSERT_EQ((lo.elo + hi.elo) % 2, 0);
    EXPECT_EQ(strength_node_budget((lo.elo + hi.elo) / 2),
              std::uint64_t(std::llround(std::exp2((lo.log2Nodes + hi.log2Nodes) / 2))));
    for (int elo = StrengthParams::MIN_ELO; elo < StrengthParams::MAX_ELO; elo += 25) {
        EXPECT_LT(strength_node_budget(elo), strength_node_budget(elo + 25)) << elo;
        EXPECT_GE(strength_temperature(elo), strength_temperature(elo + 25)) << elo;
        // Several lines exactly while a weaker line may be played.
        EXPECT_EQ(strength_lines(elo), strength_temperature(elo) > 0.0 ? LIMITED_STRENGTH_LINES : 1)
            << elo;
    }
}

TEST(Strength, PickFollowsTheSoftmaxOfTheScoreDeficit) {
    const std::vector<Value> scores{Value(50), Value(30), Value(0), Value(-60)};
    // Full strength: always the best line.
    for (std::uint64_t r : {0ULL, 1ULL << 63, ~0ULL})
        EXPECT_EQ(pick_weakened_line(scores, StrengthParams::MAX_ELO, r), 0u);
    // The weakest: frequencies near exp(-deficit / T) / sum, from evenly spread draws.
    const double temperature = strength_temperature(StrengthParams::MIN_ELO);
    ASSERT_GT(temperature, 0.0);
    std::map<std::size_t, int> counts;
    const int draws = 100000;
    for (int i = 0; i < draws; ++i)
        ++counts[pick_weakened_line(scores, StrengthParams::MIN_ELO,
                                    std::uint64_t(i) * (~0ULL / std::uint64_t(draws)))];
    double total = 0;
    std::vector<double> expected;
    for (Value s : scores) total += expected.emplace_back(std::exp(-(50.0 - s) / temperature));
    for (std::size_t k = 0; k < scores.size(); ++k)
        EXPECT_NEAR(double(counts[k]) / draws, expected[k] / total, 0.01) << k;
    // A single line, a found mate and mated lines.
    EXPECT_EQ(pick_weakened_line({Value(0)}, StrengthParams::MIN_ELO, ~0ULL), 0u);
    EXPECT_EQ(pick_weakened_line({mate_in(3), Value(900)}, StrengthParams::MIN_ELO, ~0ULL), 0u);
    for (std::uint64_t r = 0; r < 64; ++r)
        EXPECT_NE(pick_weakened_line({Value(0), Value(-5), mated_in(4)}, StrengthParams::MIN_ELO,
                                     r << 58),
                  2u);
}

TEST(Strength, LimitedWorkerPlaysWeakerMovesWithinItsBudget) {
    // The start position: many moves of nearly equal worth.
    Position pos;
    ASSERT_TRUE(pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false));
    Params weak;
    weak.strength.limited = true;
    weak.strength.elo = StrengthParams::MIN_ELO;
    Limits limits; // no limit: the budget alone stops it
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    std::atomic<bool> stop{false};
    std::set<std::uint16_t> played;
    for (int i = 0; i < 40; ++i) {
        tt.clear();
        const SearchResult r = worker->iterative_deepening(pos, limits, weak, stop);
        ASSERT_TRUE(r.bestMove);
        played.insert(r.bestMove.raw());
        // Depth 1 always completes (its 4 lines), then the smallest budget stops it.
        EXPECT_LE(r.nodes, 2000u);
        EXPECT_LE(r.depth, 5);
    }
    EXPECT_GE(played.size(), 3u);
    // Unlimited, the same worker always plays the same move.
    Params full;
    Limits depth6;
    depth6.depth = 6;
    std::set<std::uint16_t> best;
    for (int i = 0; i < 5; ++i) {
        tt.clear();
        worker->clear_histories();
        best.insert(worker->iterative_deepening(pos, depth6, full, stop).bestMove.raw());
    }
    EXPECT_EQ(best.size(), 1u);
}

TEST(Strength, AboveTheSoftmaxOneLineAndTheBudgetAlone) {
    // A level where the temperature is 0: a single root line, the best move every time,
    // and the search stops near its budget (counted once depth 1 is complete).
    int elo = StrengthParams::MIN_ELO;
    while (strength_temperature(elo) > 0.0) elo += 10;
    elo += 200;
    ASSERT_EQ(strength_lines(elo), 1);
    Params limited;
    limited.strength.limited = true;
    limited.strength.elo = elo;
    std::set<std::uint16_t> played;
    for (int i = 0; i < 5; ++i) {
        const search::testing::Run run = run_search(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", Limits{}, limited);
        ASSERT_TRUE(run.result.bestMove);
        played.insert(run.result.bestMove.raw());
        for (const SearchInfo& info : run.infos) EXPECT_EQ(info.multiPv, 1);
        // One node-count check per node batch may overshoot a little; never a whole iteration.
        EXPECT_LE(run.result.nodes, 3 * strength_node_budget(elo) + 2000) << elo;
    }
    EXPECT_EQ(played.size(), 1u);
}
