#include "threads/machine/numa_replicated.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

using namespace flotilla;

namespace {
struct Weights {
    std::vector<int> values;
    bool operator==(const Weights&) const = default;
};

Weights sample() {
    Weights w;
    for (int i = 0; i < 1000; ++i) w.values.push_back(i * 7 % 13);
    return w;
}
} // namespace

TEST(NumaReplicated, OneCopyPerNodeOfASyntheticMachine) {
    auto t = Topology::synthetic("pack:2 numa:4 core:2 pu:1", std::nullopt, nullptr);
    ASSERT_TRUE(t);
    const Weights w = sample();
    NumaReplicated<Weights> replicated(*t, w);
    ASSERT_EQ(replicated.nodes(), 8);
    std::set<const Weights*> addresses;
    for (int node = 0; node < 8; ++node) {
        EXPECT_EQ(replicated.on_node(node), w);
        addresses.insert(&replicated.on_node(node));
    }
    EXPECT_EQ(addresses.size(), 8u);
    // A synthetic machine cannot place memory, and says so per copy.
    EXPECT_EQ(replicated.warnings().size(), 8u);
    // Unknown nodes read copy 0 instead of crashing.
    EXPECT_EQ(&replicated.on_node(-1), &replicated.on_node(0));
    EXPECT_EQ(&replicated.on_node(8), &replicated.on_node(0));
}

TEST(NumaReplicated, LocalCopyOnThisMachine) {
    std::string error;
    auto t = Topology::detect(&error);
    ASSERT_TRUE(t) << error;
    const Weights w = sample();
    NumaReplicated<Weights> replicated(*t, w);
    EXPECT_EQ(replicated.nodes(), int(t->description().numaNodes.size()));
    std::thread([&] { EXPECT_EQ(replicated.local(*t), w); }).join();
}
