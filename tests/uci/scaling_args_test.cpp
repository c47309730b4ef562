// The `scaling` command's words: good lists and numbers are taken, every bad word gives
// an error naming it; and a tiny run through the protocol prints the table and files.
#include "protocol_fixture.h"

#include "uci/scaling_args.h"
#include "uci/text.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace flotilla::uci;
using namespace flotilla::uci::testing;

namespace {

std::optional<ScalingRequest> parse(std::string_view line, std::string* error) {
    const std::vector<std::string_view> words = split_tokens(line);
    return parse_scaling_args(words, error);
}

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

using ScalingCommand = ProtocolTest;

TEST_F(ScalingCommand, BadWordsPrintOneErrorAndRunNothing) {
    EXPECT_TRUE(contains(send_expecting_error("scaling threads 2,two"), "'two'"));
    EXPECT_TRUE(contains(send_expecting_error("scaling depth -1"), "scaling depth"));
    EXPECT_TRUE(contains(send_expecting_error("scaling hash"), "needs a value"));
    EXPECT_TRUE(contains(send_expecting_error("scaling bogus"), "unknown word"));
}

TEST_F(ScalingCommand, ATinyRunPrintsTheTableAndWritesBothFiles) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("flotilla_scaling_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto csv = dir / "s.csv", svg = dir / "s.svg";
    const auto lines = send("scaling threads 1,2 time 20 depth 3 hash 1 positions 2 csv " +
                            csv.string() + " svg " + svg.string());
    std::size_t rows = 0;
    for (const std::string& l : lines) {
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
    const auto bad = send("scaling threads 1 time 5 depth 1 hash 1 positions 1 csv " +
                          (dir / "missing" / "x.csv").string());
    ASSERT_FALSE(bad.empty());
    EXPECT_TRUE(contains(bad.back(), "cannot write")) << bad.back();
}

TEST(ScalingCommandSwitchedOff, HarnessesOnlyParseTheWords) {
    std::ostringstream captured;
    Output out(captured);
    Engine engine;
    ProtocolSettings settings;
    settings.allowScaling = false;
    Protocol protocol(engine, out, settings);
    protocol.execute("scaling threads 1 time 5 depth 1 positions 1");
    EXPECT_NE(captured.str().find("switched off"), std::string::npos) << captured.str();
    EXPECT_EQ(captured.str().find("threads "), std::string::npos) << "no table";
    captured.str("");
    protocol.execute("scaling threads x");
    EXPECT_NE(captured.str().find("'x'"), std::string::npos) << captured.str();
    EXPECT_EQ(protocol.error_count(), 2);
}
