// The techniques' descriptions as plain values: every technique in order, each number
// read from the Params given (not from the defaults).
#include "search/technique_values.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <type_traits>

namespace flotilla::search {
namespace {

const TechniqueValues& named(const std::vector<TechniqueValues>& all, const std::string& option) {
    const auto it = std::find_if(all.begin(), all.end(),
                                 [&](const TechniqueValues& t) { return option == t.option; });
    EXPECT_NE(it, all.end()) << option;
    return *it;
}

TEST(TechniqueValues, EveryTechniqueInTheListsOrder) {
    const auto all = technique_values(Params{});
    ASSERT_EQ(all.size(), std::tuple_size_v<std::remove_cvref_t<decltype(TECHNIQUES)>>);
    EXPECT_EQ(std::string(all.front().option), std::get<0>(TECHNIQUES).info->option);
    EXPECT_EQ(std::string(all.back().option),
              std::get<std::tuple_size_v<std::remove_cvref_t<decltype(TECHNIQUES)>> - 1>(TECHNIQUES)
                  .info->option);
    std::size_t tunables = 0;
    for (const auto& t : all) tunables += t.tunables.size();
    EXPECT_EQ(tunables, 72u);
}

TEST(TechniqueValues, NumbersAreReadFromTheParamsGiven) {
    Params p;
    p.futility.enabled = !Params{}.futility.enabled;
    p.futility.base = Params{}.futility.base + 17;
    p.razoring.limitedDepth = Params{}.razoring.limitedDepth + 3;
    const auto all = technique_values(p);
    const TechniqueValues& futility = named(all, "FutilityPruning");
    EXPECT_EQ(futility.enabled, p.futility.enabled);
    ASSERT_GE(futility.tunables.size(), 2u);
    EXPECT_EQ(std::string(futility.tunables[1].name), "FutilityMargin");
    EXPECT_EQ(futility.tunables[1].value, p.futility.base);
    EXPECT_EQ(futility.tunables[1].max, 2000);
    EXPECT_EQ(futility.tunables[1].networkScale, NetworkScale::Margin);
    const TechniqueValues& razoring = named(all, "Razoring");
    const auto limited =
        std::find_if(razoring.constants.begin(), razoring.constants.end(),
                     [](const NumberValue& c) { return c.name == std::string("limitedDepth"); });
    ASSERT_NE(limited, razoring.constants.end());
    EXPECT_EQ(limited->value, p.razoring.limitedDepth);
    EXPECT_FALSE(futility.counters.empty());
}

} // namespace
} // namespace flotilla::search
