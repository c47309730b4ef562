// Move validation, staged generation and gives_check on every position of the
// shared perft suites (label `extended`), at the root and one or two plies below.
#include "core/movegen.h"
#include "core/position.h"
#include "epd_reader.h"
#include "move_checks.h"
#include "tree_walk.h"

#include <gtest/gtest.h>

#include <string>

using namespace flotilla;
using namespace flotilla::test;

namespace {

void check_file(const char* file, bool chess960, int depth) {
    const std::string path = shared_data_file(file);
    if (path.empty()) GTEST_SKIP() << file << " is not in " << FLOTILLA_SHARED_DATA;
    const auto lines = read_perft_epd(path);
    ASSERT_FALSE(lines.empty()) << path;
    for (std::size_t i = 0; i < lines.size() && !::testing::Test::HasFailure(); ++i) {
        SCOPED_TRACE(path + " line " + std::to_string(i + 1));
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(lines[i].fen, chess960, &error)) << error;
        walk_tree(pos, depth, [](Position& p) {
            if (::testing::Test::HasFailure()) return;
            expect_validation_matches_generator(p);
            expect_staged_generators_partition_legal(p);
            expect_gives_check_matches_making(p);
        });
    }
}

} // namespace

TEST(ExtendedMoveValidation, PerftSuitePositions) { check_file("perftsuite.epd", false, 1); }
TEST(ExtendedMoveValidation, CpwPositions) { check_file("perft_cpw_standard6.epd", false, 2); }
TEST(ExtendedMoveValidation, Chess960FischerPositions) {
    check_file("chess960_fischer.epd", true, 1);
}
