#include "threads/machine/affinity.h"

#include <gtest/gtest.h>

#include <cstring>
#include <thread>

using namespace flotilla;

namespace {

int first_allowed_pu(const TopologyDescription& d) {
    for (const auto& pu : d.pus)
        if (pu.allowed) return pu.osIndex;
    return -1;
}

std::vector<int> allowed_pus(const TopologyDescription& d) {
    std::vector<int> pus;
    for (const auto& pu : d.pus)
        if (pu.allowed) pus.push_back(pu.osIndex);
    return pus;
}
} // namespace

TEST(Affinity, BindsAThreadToAnAllowedPu) {
    std::string detectError;
    const auto machine = Topology::detect(&detectError);
    ASSERT_TRUE(machine) << detectError;
    const Topology& t = *machine;
    const int pu = first_allowed_pu(t.description());
    ASSERT_GE(pu, 0);
    // In a thread of its own, so the test runner's thread keeps its binding.
    std::thread([&] {
        std::string error;
        ASSERT_TRUE(bind_current_thread(t, {pu}, &error)) << error;
        EXPECT_EQ(current_thread_binding(t), std::vector<int>{pu});
        EXPECT_EQ(current_numa_node(t), t.description().find_pu(pu)->numaNode);
    }).join();
}

TEST(Affinity, BindsAThreadToSeveralPus) {
    // NumaPolicy auto binds a thread to every allowed PU of its node.
    std::string detectError;
    const auto machine = Topology::detect(&detectError);
    ASSERT_TRUE(machine) << detectError;
    const Topology& t = *machine;
    const std::vector<int> allowed = allowed_pus(t.description());
    std::thread([&] {
        std::string error;
        ASSERT_TRUE(bind_current_thread(t, allowed, &error)) << error;
        EXPECT_EQ(current_thread_binding(t), allowed);
    }).join();
}

TEST(Affinity, ManyThreadsBindConcurrentlyThroughOneTopology) {
    // The pool's workers will all bind at once through the engine's one Topology.
    std::string detectError;
    const auto machine = Topology::detect(&detectError);
    ASSERT_TRUE(machine) << detectError;
    const Topology& t = *machine;
    const std::vector<int> allowed = allowed_pus(t.description());
    std::vector<std::vector<int>> seen(8);
    std::vector<std::thread> workers;
    for (std::size_t i = 0; i < seen.size(); ++i)
        workers.emplace_back([&, i] {
            if (bind_current_thread(t, {allowed[i % allowed.size()]}, nullptr))
                seen[i] = current_thread_binding(t);
        });
    for (auto& w : workers) w.join();
    for (std::size_t i = 0; i < seen.size(); ++i)
        EXPECT_EQ(seen[i], std::vector<int>{allowed[i % allowed.size()]}) << "thread " << i;
}

TEST(Affinity, RefusesCpusOutsideTheAllowedSet) {
    std::string detectError;
    const auto machine = Topology::detect(&detectError);
    ASSERT_TRUE(machine) << detectError;
    const Topology& t = *machine;
    std::thread([&] {
        const auto before = current_thread_binding(t);
        std::string error;
        EXPECT_FALSE(bind_current_thread(t, {60000}, &error));
        EXPECT_NE(error.find("60000"), std::string::npos);
        EXPECT_FALSE(bind_current_thread(t, {}, &error));
        EXPECT_EQ(current_thread_binding(t), before);
    }).join();
}

TEST(Affinity, RefusesToBindOnASyntheticTopology) {
    auto t = Topology::synthetic("pack:1 core:2 pu:1", std::nullopt, nullptr);
    ASSERT_TRUE(t);
    std::string error;
    EXPECT_FALSE(bind_current_thread(*t, {0}, &error));
    EXPECT_NE(error.find("not this machine"), std::string::npos);
    EXPECT_TRUE(current_thread_binding(*t).empty());
}

TEST(Affinity, AllocatesOnANodeOrSaysWhyNot) {
    std::string detectError;
    const auto machine = Topology::detect(&detectError);
    ASSERT_TRUE(machine) << detectError;
    const Topology& t = *machine;
    std::string error;
    const std::size_t bytes = 1 << 20;
    NodeMemory m = NodeMemory::allocate(t, bytes, 0, &error);
    ASSERT_NE(m.data(), nullptr) << error;
    EXPECT_EQ(m.size(), bytes);
    if (!m.bound_to_node()) {
        EXPECT_FALSE(error.empty()); // e.g. a kernel without NUMA
    }
    std::memset(m.data(), 0xA5, bytes);
    EXPECT_EQ(static_cast<unsigned char*>(m.data())[bytes - 1], 0xA5);

    NodeMemory moved = std::move(m);
    EXPECT_EQ(m.data(), nullptr);
    EXPECT_NE(moved.data(), nullptr);
}

TEST(Affinity, BadNodeOrSizeIsReportedNotFatal) {
    std::string detectError;
    const auto machine = Topology::detect(&detectError);
    ASSERT_TRUE(machine) << detectError;
    const Topology& t = *machine;
    std::string error;
    NodeMemory m = NodeMemory::allocate(t, 4096, 999, &error);
    EXPECT_NE(error.find("999"), std::string::npos);
    EXPECT_NE(m.data(), nullptr); // still usable, just not placed
    EXPECT_FALSE(m.bound_to_node());

    error.clear();
    NodeMemory none = NodeMemory::allocate(t, 0, 0, &error);
    EXPECT_EQ(none.data(), nullptr);
    EXPECT_FALSE(error.empty());

    ScopedNodeMemoryPolicy policy(t, -1);
    EXPECT_FALSE(policy.active());
    EXPECT_FALSE(policy.error().empty());
}

TEST(Affinity, SyntheticAllocationFallsBackToPlainMemory) {
    auto t = Topology::synthetic("pack:2 numa:2 core:2 pu:1", std::nullopt, nullptr);
    ASSERT_TRUE(t);
    std::string error;
    NodeMemory m = NodeMemory::allocate(*t, 4096, 1, &error);
    ASSERT_NE(m.data(), nullptr);
    EXPECT_FALSE(m.bound_to_node());
    EXPECT_NE(error.find("not this machine"), std::string::npos);
}
