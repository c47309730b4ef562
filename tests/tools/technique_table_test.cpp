// docs/search.md's technique table is the one generated from the descriptions, and every
// description names a real unit, a source and what it does.
#include "tools/technique_table.h"

#include "search/technique_values.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

namespace flotilla::tools {
namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(TechniqueTable, DocsSearchMdHoldsTheGeneratedTable) {
    const std::string docs = read_text(std::string(FLOTILLA_SOURCE_DIR) + "/docs/search.md");
    ASSERT_FALSE(docs.empty()) << "docs/search.md not found";
    const std::string documented = documented_technique_table(docs);
    ASSERT_FALSE(documented.empty()) << "docs/search.md lacks the table's marker lines";
    EXPECT_EQ(documented, technique_table())
        << "regenerate it: flotilla technique-table, and paste between the markers";
}

TEST(TechniqueTable, OneRowPerTechniqueWithItsSwitchAndCounters) {
    const std::string table = technique_table();
    int rows = 0;
    for (char c : table) rows += c == '\n';
    EXPECT_EQ(rows, 2 + 57);
    EXPECT_NE(table.find("| `Razoring` (on) | `selectivity/razoring.h` |"), std::string::npos);
    EXPECT_NE(table.find("`RazoringMargin` 244 (0 to 2000)"), std::string::npos);
    EXPECT_NE(table.find("| `MultiCut` (**off**) |"), std::string::npos);
    EXPECT_NE(table.find("`SingularSearches`, `SingularExtensions`"), std::string::npos);
}

TEST(TechniqueTable, EveryDescriptionIsComplete) {
    std::set<std::string> names;
    for (const auto& info : search::technique_values(search::Params{})) {
        EXPECT_TRUE(names.insert(info.option).second) << info.option << " twice";
        EXPECT_TRUE(
            std::filesystem::exists(std::string(FLOTILLA_SOURCE_DIR) + "/search/" + info.unit))
            << info.unit;
        EXPECT_GT(std::string(info.source).size(), 5u) << info.option;
        EXPECT_GT(std::string(info.action).size(), 20u) << info.option;
        for (const auto& tunable : info.tunables) {
            EXPECT_TRUE(names.insert(tunable.name).second) << tunable.name << " twice";
            EXPECT_LT(tunable.min, tunable.max) << tunable.name;
        }
    }
    EXPECT_EQ(names.size(), 129u);
}

TEST(TechniqueTable, ActionsQuoteTheParamsTheyAreGiven) {
    search::FutilityParams p;
    p.base = 1234;
    p.perDepth = 567;
    const std::string action = technique_action(search::FUTILITY, p);
    EXPECT_NE(action.find("`eval + 1234 + 567·depth ≤ alpha`"), std::string::npos) << action;
    const search::Technique<search::FutilityParams> odd = {
        .option = "Odd",
        .unit = "selectivity/futility.h",
        .source = "test",
        .action = "{FutilityMargin}, {NotATunable} and {FutilityMargin",
        .tunables = search::FUTILITY_TUNABLES,
    };
    EXPECT_EQ(technique_action(odd, p), "1234, {NotATunable} and {FutilityMargin");
}

TEST(TechniqueTable, ActionsQuoteTheConstantsTheyAreGiven) {
    search::RazoringParams razoring;
    razoring.maxQsearchDepth = 5;
    razoring.limitedDepth = 9;
    const std::string r = technique_action(search::RAZORING, razoring);
    EXPECT_NE(r.find("razoring into quiescence: depth ≤ 5, `"), std::string::npos) << r;
    EXPECT_NE(r.find("Limited razoring (Heinz): depth 9, `"), std::string::npos) << r;
    search::LateMoveReductionParams lmr;
    lmr.basePercent = 80;
    lmr.divisorPercent = 205;
    const std::string l = technique_action(search::LATE_MOVE_REDUCTIONS, lmr);
    EXPECT_NE(l.find("`r = 80/100 + ln(depth)·ln(move)/(205/100)`"), std::string::npos) << l;
}

TEST(TechniqueTable, ScaledNumbersPrintAsDecimals) {
    EXPECT_EQ(scaled_number(75, 1), "75");
    EXPECT_EQ(scaled_number(75, 100), "0.75");
    EXPECT_EQ(scaled_number(225, 100), "2.25");
    EXPECT_EQ(scaled_number(200, 100), "2");
    EXPECT_EQ(scaled_number(5, 100), "0.05");
    EXPECT_EQ(scaled_number(50, 1000), "0.05");
    EXPECT_EQ(scaled_number(-75, 100), "-0.75");
    EXPECT_EQ(scaled_number(-175, 100), "-1.75");
}

// A constant listed but not quoted would be a number the docs leave out; one named
// twice, or like a tunable, would make the placeholder ambiguous.
TEST(TechniqueTable, EveryConstantIsQuotedOnce) {
    for (const auto& info : search::technique_values(search::Params{})) {
        const std::string action = info.action;
        std::set<std::string> names;
        for (const auto& tunable : info.tunables) names.insert(tunable.name);
        for (const auto& constant : info.constants) {
            EXPECT_TRUE(names.insert(constant.name).second) << info.option << " " << constant.name;
            EXPECT_NE(action.find("{" + std::string(constant.name) + "}"), std::string::npos)
                << info.option << " does not quote " << constant.name;
        }
    }
}

TEST(TechniqueTable, EveryPlaceholderNamesOneOfItsOwnTunablesOrConstants) {
    for (const auto& info : search::technique_values(search::Params{})) {
        const std::string action = technique_action(info);
        EXPECT_EQ(action.find_first_of("{}"), std::string::npos) << action;
    }
}

TEST(TechniqueTable, MarkersMissingGiveNoTable) {
    EXPECT_TRUE(documented_technique_table("no table here").empty());
    const std::string only_begin = std::string(TECHNIQUE_TABLE_BEGIN) + "\n| a |\n";
    EXPECT_TRUE(documented_technique_table(only_begin).empty());
}

} // namespace
} // namespace flotilla::tools
