// The weight list the tuner walks: complete and uniquely named (its flat array and
// writer are the tuner's: tests/tools/weights_writer_test.cpp).
#include "eval/weights.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace flotilla;
using namespace flotilla::eval;

TEST(Weights, EveryScoreIsReachedOnceUnderAUniqueName) {
    std::set<std::string> names;
    std::size_t scores = 0;
    for_each_weight(DEFAULT_WEIGHTS, [&](std::string_view name, std::span<const Score> table) {
        EXPECT_TRUE(names.insert(std::string(name)).second) << name;
        EXPECT_FALSE(table.empty()) << name;
        scores += table.size();
    });
    EXPECT_EQ(scores, WEIGHT_SCORE_COUNT);
    // The struct holds nothing but the listed tables.
    EXPECT_EQ(sizeof(Weights), WEIGHT_SCORE_COUNT * sizeof(Score));
}

TEST(Weights, StartingValuesAreOrdered) {
    const auto& v = DEFAULT_WEIGHTS.pieceValue;
    for (int i = 0; i + 1 < 5; ++i) {
        if (i == 1) continue; // knight and bishop are close by design
        EXPECT_LT(v[i].mg, v[i + 1].mg);
        EXPECT_LT(v[i].eg, v[i + 1].eg);
    }
}
