// The tuner's views of the evaluation weights: the flat array round-trips, and the
// writer reproduces eval/weights.cpp with its provenance.
#include "tools/weights_flat.h"
#include "tools/weights_source.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace flotilla;
using namespace flotilla::eval;
using namespace flotilla::tools;

TEST(TunerWeights, FlatArrayRoundTrips) {
    const auto flat = to_flat(DEFAULT_WEIGHTS);
    const Weights back = from_flat(flat);
    EXPECT_EQ(to_flat(back), flat);
    EXPECT_EQ(back.pieceValue, DEFAULT_WEIGHTS.pieceValue);
    EXPECT_EQ(back.tempo, DEFAULT_WEIGHTS.tempo);
    EXPECT_EQ(flat[0], DEFAULT_WEIGHTS.pieceValue[0].mg);
    EXPECT_EQ(flat[1], DEFAULT_WEIGHTS.pieceValue[0].eg);
    EXPECT_EQ(flat[WEIGHT_FLAT_SIZE - 1], DEFAULT_WEIGHTS.tempo[0].eg);
}

TEST(TunerWeights, ChangingOneFlatEntryChangesOneNamedWeight) {
    auto flat = to_flat(DEFAULT_WEIGHTS);
    flat[2 * 5 + 1] += 7; // eg half of the first pawn piece-square entry
    const Weights changed = from_flat(flat);
    EXPECT_EQ(changed.psqtPawn[0].eg, DEFAULT_WEIGHTS.psqtPawn[0].eg + 7);
    EXPECT_EQ(changed.psqtPawn[0].mg, DEFAULT_WEIGHTS.psqtPawn[0].mg);
}

TEST(TunerWeights, SourceWriterReproducesTheCheckedInFile) {
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

TEST(TunerWeights, ProvenanceRoundTrips) {
    const std::string provenance = "command: flotilla tune --data a.bin\nstart: x\nresult: y";
    const std::string text = weights_source(DEFAULT_WEIGHTS, provenance);
    EXPECT_EQ(weights_provenance(text), provenance);
    EXPECT_NE(text.find("// Provenance:\n// command: flotilla tune --data a.bin\n// start: x\n// "
                        "result: y\n// clang-format on\n#include"),
              std::string::npos);
    EXPECT_EQ(weights_provenance(weights_source(DEFAULT_WEIGHTS)), "");
    EXPECT_EQ(weights_source(DEFAULT_WEIGHTS).find("Provenance"), std::string::npos);
}
