// UCI_LimitStrength: the budget and temperature follow the Elo, the pick follows its
// softmax and never gives up a mate, and a limited worker plays weaker moves within
// its budget while the full-strength one always plays its best line.
#include "search/strength.h"
#include "search_helpers.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace flotilla;
using namespace flotilla::search;
using namespace flotilla::search::testing;

TEST(Strength, BudgetAndTemperatureFollowTheElo) {
    EXPECT_EQ(strength_node_budget(StrengthParams::MIN_ELO), 512u);
    EXPECT_EQ(strength_node_budget(StrengthParams::MAX_ELO), 1u << 22);
    EXPECT_EQ(strength_node_budget(0), 512u); // clamped into the range
    EXPECT_EQ(strength_node_budget(99999), 1u << 22);
    EXPECT_DOUBLE_EQ(strength_temperature(StrengthParams::MAX_ELO), 0.0);
    EXPECT_DOUBLE_EQ(strength_temperature(StrengthParams::MIN_ELO), 40.0);
    for (int elo = StrengthParams::MIN_ELO; elo < StrengthParams::MAX_ELO; elo += 50) {
        EXPECT_LT(strength_node_budget(elo), strength_node_budget(elo + 50)) << elo;
        EXPECT_GT(strength_temperature(elo), strength_temperature(elo + 50)) << elo;
    }
}

TEST(Strength, PickFollowsTheSoftmaxOfTheScoreDeficit) {
    const std::vector<Value> scores{Value(50), Value(30), Value(0), Value(-60)};
    // Full strength: always the best line.
    for (std::uint64_t r : {0ULL, 1ULL << 63, ~0ULL})
        EXPECT_EQ(pick_weakened_line(scores, StrengthParams::MAX_ELO, r), 0u);
    // The weakest: frequencies near exp(-deficit / 40) / sum, from evenly spread draws.
    std::map<std::size_t, int> counts;
    const int draws = 100000;
    for (int i = 0; i < draws; ++i)
        ++counts[pick_weakened_line(scores, StrengthParams::MIN_ELO,
                                    std::uint64_t(i) * (~0ULL / std::uint64_t(draws)))];
    double total = 0;
    std::vector<double> expected;
    for (Value s : scores) total += expected.emplace_back(std::exp(-(50.0 - s) / 40.0));
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
        // Depth 1 always completes (its 4 lines), then the budget of 512 nodes stops it.
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
