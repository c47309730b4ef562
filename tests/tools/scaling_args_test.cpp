// The `scaling` command's words: good lists and numbers are taken, every bad word gives
// an error naming it; and a tiny run prints the table and writes the files. (The UCI
// loop reaches the command through the protocol's added commands: tests/uci.)
#include "tools/scaling_args.h"
#include "tools/scaling_command.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

using namespace flotilla::tools;

namespace {

// The words of a command line, split on spaces as the protocol splits them.
std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> words;
    while (!line.empty()) {
        const std::size_t start = line.find_first_not_of(' ');
        if (start == std::string_view::npos) break;
        line.remove_prefix(start);
        const std::size_t end = std::min(line.find(' '), line.size());
        words.push_back(line.substr(0, end));
        line.remove_prefix(end);
    }
    return words;
}

std::optional<ScalingRequest> parse(std::string_view line, std::string* error) {
    return parse_scaling_args(words_of(line), error);
}

// A session at the engine's defaults whose output lines are kept.
struct Session {
    ScalingSession session;
    std::vector<std::string> lines;

    Session() {
        session.line = [this](std::string_view text) { lines.emplace_back(text); };
        session.block = [this](std::string_view text) {
            std::istringstream in{std::string(text)};
            for (std::string l; std::getline(in, l);) lines.push_back(l);
        };
    }
    // Runs `scaling` with the words of line; returns its error ("" when none).
    std::string run(std::string_view line) {
        lines.clear();
        return scaling_command(words_of(line), session);
    }
};

std::string read(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST(ScalingArgs, DefaultsWithNoWords) {
    std::string error;
    const auto r = parse("", &error);
    ASSERT_TRUE(r) << error;
    EXPECT_TRUE(r->settings.threads.empty()); // 1, 2, 4, ... chosen at run time
    EXPECT_EQ(r->settings.timeMs, 1000);
    EXPECT_EQ(r->settings.depth, 12);
    EXPECT_EQ(r->settings.hashMib, 64u);
    EXPECT_EQ(r->positions, 0u);
    EXPECT_TRUE(r->csvPath.empty());
    EXPECT_TRUE(r->svgPath.empty());
}

TEST(ScalingArgs, EveryWordIsTaken) {
    std::string error;
    const auto r = parse("threads 1,2,8,3 time 250 depth 9 hash 128 positions 5 csv out.csv "
                         "svg plots/out.svg",
                         &error);
    ASSERT_TRUE(r) << error;
    EXPECT_EQ(r->settings.threads, (std::vector<int>{1, 2, 8, 3}));
    EXPECT_EQ(r->settings.timeMs, 250);
    EXPECT_EQ(r->settings.depth, 9);
    EXPECT_EQ(r->settings.hashMib, 128u);
    EXPECT_EQ(r->positions, 5u);
    EXPECT_EQ(r->csvPath, "out.csv");
    EXPECT_EQ(r->svgPath, "plots/out.svg");
    const auto one = parse("threads 4", &error);
    ASSERT_TRUE(one);
    EXPECT_EQ(one->settings.threads, std::vector<int>{4});
}

TEST(ScalingArgs, BadInputGivesAClearError) {
    const struct {
        const char* line;
        const char* mentions;
    } cases[] = {
        {"threads", "needs a value"},
        {"threads 1,2 depth", "'depth' needs a value"},
        {"threads 1,,2", "''"},
        {"threads ,1", "''"},
        {"threads 1,", "''"},
        {"threads 0", "'0'"},
        {"threads -2", "'-2'"},
        {"threads 1,x", "'x'"},
        {"threads 1025", "1 to 1024"},
        {"threads 99999999999999999999999", "thread count"},
        {"time 0", "scaling time '0'"},
        {"time 1.5", "'1.5'"},
        {"time 3600001", "1 to 3600000"},
        {"depth 65", "scaling depth '65'"},
        {"depth x", "'x'"},
        {"hash 0", "scaling hash '0'"},
        {"hash 1048577", "1 to 1048576"},
        {"positions 0", "scaling positions '0'"},
        {"speed 3", "unknown word 'speed'"},
        {"1,2", "unknown word '1,2'"},
        {"csv", "needs a value"},
    };
    for (const auto& c : cases) {
        std::string error;
        EXPECT_FALSE(parse(c.line, &error)) << c.line;
        EXPECT_NE(error.find(c.mentions), std::string::npos) << c.line << " -> " << error;
    }
}

TEST(ScalingCommand, BadWordsGiveOneErrorAndRunNothing) {
    Session s;
    EXPECT_NE(s.run("threads 2,two").find("'two'"), std::string::npos);
    EXPECT_NE(s.run("depth -1").find("scaling depth"), std::string::npos);
    EXPECT_NE(s.run("hash").find("needs a value"), std::string::npos);
    EXPECT_NE(s.run("bogus").find("unknown word"), std::string::npos);
    EXPECT_TRUE(s.lines.empty());
}

TEST(ScalingCommand, ATinyRunPrintsTheTableAndWritesBothFiles) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("flotilla_scaling_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto csv = dir / "s.csv", svg = dir / "s.svg";
    Session s;
    EXPECT_EQ(s.run("threads 1,2 time 20 depth 3 hash 1 positions 2 csv " + csv.string() + " svg " +
                    svg.string()),
              "");
    std::size_t rows = 0;
    for (const std::string& l : s.lines) {
        EXPECT_EQ(l.find("error"), std::string::npos) << l;
        if (l.rfind("      1 ", 0) == 0 || l.rfind("      2 ", 0) == 0) ++rows;
    }
    EXPECT_EQ(rows, 2u);
    const std::string csvText = read(csv);
    EXPECT_EQ(csvText.rfind("threads,", 0), 0u) << csvText;
    EXPECT_EQ(std::count(csvText.begin(), csvText.end(), '\n'), 3);
    EXPECT_NE(read(svg).find("</svg>"), std::string::npos);
    std::filesystem::remove_all(dir);

    // An unwritable path is an error after the table, not a crash.
    const std::string bad = s.run("threads 1 time 5 depth 1 hash 1 positions 1 csv " +
                                  (dir / "missing" / "x.csv").string());
    EXPECT_NE(bad.find("cannot write"), std::string::npos) << bad;
    EXPECT_FALSE(s.lines.empty()) << "the table comes first";
}

TEST(ScalingCommand, RefusedWhileSearchingAndOnABadNumaPolicy) {
    Session s;
    s.session.searching = true;
    EXPECT_NE(s.run("threads 1 time 5").find("while searching"), std::string::npos);
    s.session.searching = false;
    s.session.numaPolicy = "bogus";
    EXPECT_NE(s.run("threads 1 time 5").find("scaling: NumaPolicy: "), std::string::npos);
    EXPECT_TRUE(s.lines.empty());
}

TEST(ScalingCommandSwitchedOff, HarnessesOnlyParseTheWords) {
    Session s;
    s.session.run = false;
    EXPECT_NE(s.run("threads 1 time 5 depth 1 positions 1").find("switched off"),
              std::string::npos);
    EXPECT_TRUE(s.lines.empty()) << "no table";
    EXPECT_NE(s.run("threads x").find("'x'"), std::string::npos);
}
