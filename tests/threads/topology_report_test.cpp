#include "threads/machine/topology_report.h"

#include <gtest/gtest.h>

using namespace flotilla;

namespace {
TopologyDescription server() {
    auto t = Topology::synthetic("pack:2 numa:4 core:16 pu:2", std::nullopt, nullptr);
    EXPECT_TRUE(t);
    return t ? t->description() : TopologyDescription{};
}

int count_lines_starting(const std::string& text, const std::string& prefix) {
    int n = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        std::size_t end = text.find('\n', pos);
        if (text.compare(pos, prefix.size(), prefix) == 0) ++n;
        pos = end == std::string::npos ? text.size() : end + 1;
    }
    return n;
}
} // namespace

TEST(TopologyReport, SummarisesTheMachine) {
    const std::string text = describe_topology(server());
    EXPECT_NE(text.find("packages 2, NUMA nodes 8, cores 128 (128 allowed), hardware threads "
                        "256 (256 allowed)"),
              std::string::npos)
        << text;
    EXPECT_EQ(count_lines_starting(text, "node "), 8);
    EXPECT_NE(text.find("node 1 (os 1): package 0, 16 cores, PUs 32-63, allowed 32-63"),
              std::string::npos)
        << text;
}

TEST(TopologyReport, PrintsOneLinePerThreadAndTheWarnings) {
    const std::string text = topology_report(server(), 300, "cores");
    EXPECT_EQ(count_lines_starting(text, "thread "), 300);
    EXPECT_NE(text.find("\nthread 0: PU 0, core 0, node 0\n"), std::string::npos) << text;
    EXPECT_EQ(count_lines_starting(text, "warning: "), 1);
    EXPECT_NE(text.find("oversubscribed"), std::string::npos);
}

TEST(TopologyReport, AutoShowsEachThreadsNode) {
    const std::string text = topology_report(server(), 2, "auto");
    EXPECT_NE(text.find("\nthread 0: PUs 0-31, node 0\n"), std::string::npos) << text;
    EXPECT_EQ(count_lines_starting(text, "thread 1: PUs "), 1) << text;
}

TEST(TopologyReport, NoneSaysNotBound) {
    const std::string text = topology_report(server(), 3, "none");
    EXPECT_EQ(count_lines_starting(text, "thread "), 3);
    EXPECT_EQ(count_lines_starting(text, "thread 0: not bound"), 1);
    EXPECT_NE(text.find("no binding"), std::string::npos);
}

TEST(TopologyReport, BadPolicyGivesAnErrorNotAPlan) {
    const std::string text = topology_report(server(), 4, "sometimes");
    EXPECT_EQ(count_lines_starting(text, "error: "), 1);
    EXPECT_EQ(count_lines_starting(text, "thread "), 0);
}

TEST(TopologyReport, ThisMachine) {
    std::string error;
    auto t = Topology::detect(&error);
    ASSERT_TRUE(t) << error;
    const std::string text = topology_report(t->description(), 2, "auto");
    EXPECT_EQ(count_lines_starting(text, "topology: this machine"), 1);
    EXPECT_EQ(count_lines_starting(text, "thread "), 2);
}
