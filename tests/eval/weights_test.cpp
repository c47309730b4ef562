// The weight list the tuner will walk: complete, uniquely named, round-trips.
#include "eval/weights.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

using namespace flotilla;
using namespace flotilla::eval;

TEST(Weights, FlatArrayRoundTrips) {
    const auto flat = to_flat(DEFAULT_WEIGHTS);
    const Weights back = from_flat(flat);
    EXPECT_EQ(to_flat(back), flat);
    EXPECT_EQ(back.pieceValue, DEFAULT_WEIGHTS.pieceValue);
    EXPECT_EQ(back.tempo, DEFAULT_WEIGHTS.tempo);
    EXPECT_EQ(flat[0], DEFAULT_WEIGHTS.pieceValue[0].mg);
    EXPECT_EQ(flat[1], DEFAULT_WEIGHTS.pieceValue[0].eg);
    EXPECT_EQ(flat[WEIGHT_FLAT_SIZE - 1], DEFAULT_WEIGHTS.tempo[0].eg);
}

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

TEST(Weights, ChangingOneFlatEntryChangesOneNamedWeight) {
    auto flat = to_flat(DEFAULT_WEIGHTS);
    flat[2 * 5 + 1] += 7; // eg half of the first pawn piece-square entry
    const Weights changed = from_flat(flat);
    EXPECT_EQ(changed.psqtPawn[0].eg, DEFAULT_WEIGHTS.psqtPawn[0].eg + 7);
    EXPECT_EQ(changed.psqtPawn[0].mg, DEFAULT_WEIGHTS.psqtPawn[0].mg);
}

TEST(Weights, StartingValuesAreOrdered) {
    const auto& v = DEFAULT_WEIGHTS.pieceValue;
    for (int i = 0; i + 1 < 5; ++i) {
        if (i == 1) continue; // knight and bishop are close by design
        EXPECT_LT(v[i].mg, v[i + 1].mg);
        EXPECT_LT(v[i].eg, v[i + 1].eg);
    }
}

TEST(Weights, SourceWriterReproducesTheCheckedInFile) {
    // weights.cpp is in the writer's format, so the tuner's output is a drop-in.
    const std::filesystem::path source =
        std::filesystem::path(__FILE__).parent_path() / "../../eval/weights.cpp";
    std::ifstream in(source);
    if (!in) GTEST_SKIP() << "source tree not found at " << source;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(weights_source(DEFAULT_WEIGHTS, weights_provenance(text)), text);
    // The shipped weights say how they were made.
    EXPECT_NE(weights_provenance(text).find("command: flotilla tune"), std::string::npos);
    EXPECT_NE(weights_provenance(text).find("start: "), std::string::npos);
}

TEST(Weights, ProvenanceRoundTrips) {
    const std::string provenance = "command: flotilla tune --data a.bin\nstart: x\nresult: y";
    const std::string text = weights_source(DEFAULT_WEIGHTS, provenance);
    EXPECT_EQ(weights_provenance(text), provenance);
    EXPECT_NE(text.find("// Provenance:\n// command: flotilla tune --data a.bin\n// start: x\n// "
                        "result: y\n// clang-format on\n#include"),
              std::string::npos);
    EXPECT_EQ(weights_provenance(weights_source(DEFAULT_WEIGHTS)), "");
    EXPECT_EQ(weights_source(DEFAULT_WEIGHTS).find("Provenance"), std::string::npos);
}
