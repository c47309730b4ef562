// `flotilla time-sim`: the model's game as CSV, and every bad word an error, not a crash.
#include "tools/commands.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

using flotilla::tools::run_tool;

namespace {

int run(const std::vector<std::string>& args, std::string* out, std::string* err) {
    std::ostringstream o, e;
    const auto status = run_tool(args, o, e);
    *out = o.str();
    *err = e.str();
    return status.value_or(-1);
}

} // namespace

TEST(TimeSim, PrintsOneRowPerMoveAndKeepsTheClock) {
    std::string out, err;
    ASSERT_EQ(run({"time-sim", "--base", "60000", "--inc", "600", "--moves", "80"}, &out, &err), 0)
        << err;
    std::istringstream lines(out);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "move,used_ms,clock_left_ms,hard_per_mille");
    int rows = 0;
    long long lastLeft = 0;
    while (std::getline(lines, line)) {
        ++rows;
        lastLeft = std::stoll(line.substr(line.find(',', line.find(',') + 1) + 1));
    }
    EXPECT_EQ(rows, 80);
    EXPECT_GT(lastLeft, 600); // more than an increment left after 80 moves
}

TEST(TimeSim, AClockTooShortForItsLagFlags) {
    std::string out, err;
    // 1 s sudden death with 100 ms lost per move: the tenth move cannot be paid.
    EXPECT_EQ(run({"time-sim", "--base", "1000", "--lag", "100", "--moves", "50"}, &out, &err), 2);
    EXPECT_NE(out.find("# flagged on move"), std::string::npos);
}

TEST(TimeSim, BadWordsAreErrors) {
    std::string out, err;
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"time-sim"},
             {"time-sim", "--base", "x"},
             {"time-sim", "--base"},
             {"time-sim", "--base", "-5"},
             {"time-sim", "--base", "1000", "--moves", "0"},
             {"time-sim", "--base", "1000", "--moves", "99999999"},
             {"time-sim", "--base", "1000", "--inc", "-1"},
             {"time-sim", "--base", "1000", "--lag", "999999"},
             {"time-sim", "--base", "1000", "--what", "1"}}) {
        EXPECT_EQ(run(args, &out, &err), 1) << args.back();
        EXPECT_NE(err.find("error: "), std::string::npos) << args.back();
    }
}
