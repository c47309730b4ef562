#include "tools/epd_suite.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace flotilla::tools;

namespace {

SuiteEntry parse_ok(const std::string& line) {
    SuiteEntry entry;
    std::string error;
    EXPECT_TRUE(parse_suite_line(line, 7, &entry, &error)) << error;
    return entry;
}

} // namespace

TEST(EpdSuite, BestMoveSanBecomesUci) {
    const SuiteEntry e =
        parse_ok("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";");
    EXPECT_EQ(e.fen, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
    EXPECT_EQ(e.id, "WAC.001");
    EXPECT_EQ(e.best, std::vector<std::string>{"g3g6"});
    EXPECT_TRUE(e.avoid.empty());
    EXPECT_TRUE(e.mate.empty());
}

TEST(EpdSuite, SeveralBestMovesAndAvoidMoves) {
    const SuiteEntry e = parse_ok("4k3/8/8/8/8/8/4P3/4K2R w K - bm O-O e4; am Kd1; id \"mixed\";");
    EXPECT_EQ(e.best, (std::vector<std::string>{"e1g1", "e2e4"}));
    EXPECT_EQ(e.avoid, std::vector<std::string>{"e1d1"});
}

TEST(EpdSuite, MateOperandKeepsItsDistance) {
    const SuiteEntry e = parse_ok("6Qk/PP1PP1np/1N1BN2P/7R/4B3/2Q5/P3KP2/6R1 b - - bm #-1;");
    EXPECT_EQ(e.mate, "-1");
    EXPECT_EQ(e.id, "line 7");
}

TEST(EpdSuite, BadLinesAreErrorsNotCrashes) {
    SuiteEntry e;
    std::string error;
    EXPECT_FALSE(parse_suite_line("", 1, &e, &error));
    EXPECT_TRUE(error.empty());
    EXPECT_FALSE(parse_suite_line("# comment", 1, &e, &error));
    EXPECT_TRUE(error.empty());
    EXPECT_FALSE(parse_suite_line("8/8/8 w - bm e4;", 2, &e, &error));
    EXPECT_NE(error.find("line 2"), std::string::npos);
    EXPECT_FALSE(parse_suite_line("4k3/8/8/8/8/8/8/4K3 w - - bm Qh5;", 3, &e, &error));
    EXPECT_NE(error.find("Qh5"), std::string::npos);
    EXPECT_FALSE(parse_suite_line("4k3/8/8/8/8/8/8/4K3 w - - id \"x\";", 4, &e, &error));
    EXPECT_NE(error.find("no bm"), std::string::npos);
    EXPECT_FALSE(parse_suite_line("4k3/9/8/8/8/8/8/4K3 w - - bm Kd1;", 5, &e, &error));
    EXPECT_FALSE(error.empty());
}

TEST(EpdSuite, ConvertReportsMissingFile) {
    std::ostringstream out, err;
    EXPECT_EQ(convert_suite("/nonexistent/suite.epd", out, err), 1);
    EXPECT_NE(err.str().find("cannot read"), std::string::npos);
    EXPECT_TRUE(out.str().empty());
}
