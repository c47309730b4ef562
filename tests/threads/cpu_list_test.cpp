#include "threads/machine/cpu_list.h"

#include <gtest/gtest.h>

using namespace flotilla;

TEST(CpuList, ParsesRangesAndSinglesInOrder) {
    std::string error;
    auto cpus = parse_cpu_list("0-3,8,10-11", &error);
    ASSERT_TRUE(cpus) << error;
    EXPECT_EQ(*cpus, (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
    EXPECT_EQ(*parse_cpu_list(" 5 , 1 ", nullptr), (std::vector<int>{5, 1}));
    EXPECT_EQ(*parse_cpu_list("7-7", nullptr), (std::vector<int>{7}));
}

TEST(CpuList, RejectsBadInputWithAMessage) {
    for (const char* bad : {"", " ", ",", "1,,2", "1,", ",1", "3-1", "a", "1-", "-1", "1-2-3",
                            "1.5", "+2", "99999999", "0-99999999", "2x"}) {
        std::string error;
        EXPECT_FALSE(parse_cpu_list(bad, &error)) << "'" << bad << "'";
        EXPECT_FALSE(error.empty()) << "'" << bad << "'";
    }
}

TEST(CpuList, FormatsRunsCompactly) {
    EXPECT_EQ(format_cpu_list({0, 1, 2, 3, 8, 10, 11}), "0-3,8,10-11");
    EXPECT_EQ(format_cpu_list({}), "");
    EXPECT_EQ(format_cpu_list({4}), "4");
    EXPECT_EQ(format_cpu_list({3, 2}), "3,2");
    EXPECT_EQ(*parse_cpu_list(format_cpu_list({1, 2, 3, 9, 12, 13}), nullptr),
              (std::vector<int>{1, 2, 3, 9, 12, 13}));
}

// A list may repeat cpus, but its expansion is bounded: one line of 16,000 copies of
// the widest range is refused at once instead of growing to a billion entries.
TEST(CpuList, RefusesAListLongerThanItsBound) {
    std::string huge;
    for (int i = 0; i < 16000; ++i) huge += (i ? ",0-65535" : "0-65535");
    std::string error;
    EXPECT_FALSE(parse_cpu_list(huge, &error));
    EXPECT_NE(error.find("longer than"), std::string::npos) << error;
    EXPECT_EQ(parse_cpu_list("0-65535", nullptr)->size(), 65536u); // the bound itself is fine
    EXPECT_FALSE(parse_cpu_list("0-65535,0", nullptr));
    EXPECT_EQ(*parse_cpu_list("1,1,0", nullptr), (std::vector<int>{1, 1, 0})); // repeats kept
}
