// Extended perft suites from ../shared/data (label `extended`): every line of each
// file, each to the deepest depth whose expected count fits a per-line node budget.
#include "core/perft.h"
#include "epd_reader.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>

using namespace flotilla;
using namespace flotilla::test;

namespace {

struct Suite {
    const char* file;
    bool chess960;
    std::uint64_t nodeBudget; // per line: the deepest expected count not above this
    int part;                 // this test checks lines with index % parts == part
    int parts;
};

// Budgets keep the whole extended run (about 9.8 billion nodes) under a minute of CPU
// time in the portable (magic) build, well inside the three-minute allowance.
constexpr std::uint64_t STANDARD_BUDGET = 100'000'000;
constexpr std::uint64_t CPW_BUDGET = 200'000'000;
constexpr std::uint64_t FISCHER_BUDGET = 20'000'000;

void check_suite(const Suite& suite) {
    const std::string path = shared_data_file(suite.file);
    if (path.empty()) GTEST_SKIP() << suite.file << " is not in " << FLOTILLA_SHARED_DATA;
    const auto lines = read_perft_epd(path);
    ASSERT_FALSE(lines.empty()) << path;
    ASSERT_LT(suite.part, suite.parts);

    std::uint64_t checkedNodes = 0;
    int checkedLines = 0, mismatches = 0;
    for (std::size_t i = suite.part; i < lines.size(); i += suite.parts) {
        const EpdLine& line = lines[i];
        ASSERT_FALSE(line.counts.empty()) << "no ;Dn counts on line " << i + 1 << " of " << path;
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(line.fen, suite.chess960, &error))
            << path << " line " << i + 1 << ": " << error;
        int depth = 0;
        std::uint64_t expected = 0;
        for (const auto& [d, n] : line.counts)
            if (n <= suite.nodeBudget && d > depth) depth = d, expected = n;
        if (depth == 0) depth = line.counts.front().first, expected = line.counts.front().second;

        const std::string before = pos.fen();
        const std::uint64_t nodes = perft(pos, depth);
        ++checkedLines;
        checkedNodes += nodes;
        if (nodes != expected) {
            ++mismatches;
            ADD_FAILURE() << path << " line " << i + 1 << ": perft(" << depth << ") = " << nodes
                          << ", expected " << expected << " for " << line.fen;
        }
        EXPECT_EQ(pos.fen(), before) << "perft did not restore the position";
    }
    EXPECT_EQ(mismatches, 0);
    ::testing::Test::RecordProperty("lines", checkedLines);
    ::testing::Test::RecordProperty("nodes", std::to_string(checkedNodes));
    std::printf("[ perft    ] %s part %d/%d: %d lines, %llu nodes checked\n", suite.file,
                suite.part + 1, suite.parts, checkedLines,
                static_cast<unsigned long long>(checkedNodes));
}

} // namespace

TEST(ExtendedPerft, PerftSuite) { check_suite({"perftsuite.epd", false, STANDARD_BUDGET, 0, 1}); }
TEST(ExtendedPerft, CpwStandard) {
    check_suite({"perft_cpw_standard6.epd", false, CPW_BUDGET, 0, 1});
}
// The 960 Fischer positions are split in four so `ctest -j` can share them out.
TEST(ExtendedPerft, Chess960FischerPart1) {
    check_suite({"chess960_fischer.epd", true, FISCHER_BUDGET, 0, 4});
}
TEST(ExtendedPerft, Chess960FischerPart2) {
    check_suite({"chess960_fischer.epd", true, FISCHER_BUDGET, 1, 4});
}
TEST(ExtendedPerft, Chess960FischerPart3) {
    check_suite({"chess960_fischer.epd", true, FISCHER_BUDGET, 2, 4});
}
TEST(ExtendedPerft, Chess960FischerPart4) {
    check_suite({"chess960_fischer.epd", true, FISCHER_BUDGET, 3, 4});
}
