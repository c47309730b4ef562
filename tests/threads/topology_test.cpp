#include "threads/machine/topology.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <set>

using namespace flotilla;

namespace {
// A known-good spec; a failure to load is reported and gives an empty description.
TopologyDescription load(const std::string& spec,
                         const std::optional<std::vector<int>>& allowed = {}) {
    std::string error;
    auto t = Topology::synthetic(spec, allowed, &error);
    EXPECT_TRUE(t) << error;
    if (t) {
        EXPECT_FALSE(t->is_this_system());
    }
    return t ? t->description() : TopologyDescription{};
}
} // namespace

TEST(Topology, SyntheticTwoSocketServer) {
    const auto d = load("pack:2 numa:4 core:16 pu:2");
    EXPECT_EQ(d.packages, 2);
    EXPECT_EQ(d.numaNodes.size(), 8u);
    EXPECT_EQ(d.cores, 128);
    EXPECT_EQ(d.pus.size(), 256u);
    EXPECT_EQ(d.allowed_pus(), 256);
    EXPECT_EQ(d.allowed_cores(), 128);
    // Every node holds 16 cores and 32 PUs of one package; every core two PUs.
    std::vector<std::set<int>> coresOfNode(8), packagesOfNode(8);
    std::vector<int> pusOfCore(128);
    for (const auto& pu : d.pus) {
        ASSERT_GE(pu.numaNode, 0);
        ASSERT_LT(pu.numaNode, 8);
        coresOfNode[pu.numaNode].insert(pu.core);
        packagesOfNode[pu.numaNode].insert(pu.package);
        ++pusOfCore[pu.core];
    }
    for (int n = 0; n < 8; ++n) {
        EXPECT_EQ(coresOfNode[n].size(), 16u);
        EXPECT_EQ(packagesOfNode[n], std::set<int>{n / 4});
    }
    for (int c : pusOfCore) EXPECT_EQ(c, 2);
}

TEST(Topology, SyntheticLaptopHasOneNode) {
    const auto d = load("pack:1 core:4 pu:2");
    EXPECT_EQ(d.numaNodes.size(), 1u);
    EXPECT_EQ(d.cores, 4);
    EXPECT_EQ(d.pus.size(), 8u);
}

TEST(Topology, SyntheticL3Caches) {
    const auto d = load("pack:2 l3:2(size=32MB) core:4 pu:2");
    ASSERT_EQ(d.l3Caches.size(), 4u);
    EXPECT_EQ(d.l3Caches[0].sizeBytes, 32u * 1000 * 1000);
    for (const auto& pu : d.pus) EXPECT_EQ(pu.l3, pu.core / 4);
}

TEST(Topology, RestrictedCpusetMarksAllowedPus) {
    const auto d = load("pack:1 core:4 pu:2", std::vector<int>{0, 2, 3});
    EXPECT_EQ(d.allowed_pus(), 3);
    EXPECT_EQ(d.allowed_cores(), 2);
    for (const auto& pu : d.pus)
        EXPECT_EQ(pu.allowed, pu.osIndex == 0 || pu.osIndex == 2 || pu.osIndex == 3);
    ASSERT_NE(d.find_pu(2), nullptr);
    EXPECT_EQ(d.find_pu(99), nullptr);
}

TEST(Topology, BadSyntheticInputIsAnError) {
    std::string error;
    EXPECT_FALSE(Topology::synthetic("garbage", std::nullopt, &error));
    EXPECT_FALSE(error.empty());
    error.clear();
    EXPECT_FALSE(Topology::synthetic("pack:1 core:4 pu:2", std::vector<int>{8}, &error));
    EXPECT_NE(error.find("8"), std::string::npos);
    error.clear();
    EXPECT_FALSE(Topology::synthetic("pack:1 core:4 pu:2", std::vector<int>{}, &error));
    EXPECT_FALSE(error.empty());
}

TEST(Topology, ThisMachineLoadsAndMatchesTheAffinityMask) {
    std::string error;
    auto t = Topology::detect(&error);
    ASSERT_TRUE(t) << error;
    EXPECT_TRUE(t->is_this_system());
    const auto& d = t->description();
    EXPECT_GE(d.allowed_pus(), 1);
    EXPECT_GE(d.cores, 1);
    EXPECT_GE(d.numaNodes.size(), 1u);

    // The kernel's affinity mask already folds in taskset and the cgroup cpuset.
    cpu_set_t mask;
    ASSERT_EQ(sched_getaffinity(0, sizeof mask, &mask), 0);
    for (const auto& pu : d.pus)
        EXPECT_EQ(pu.allowed, CPU_ISSET(pu.osIndex, &mask) != 0) << "cpu " << pu.osIndex;
    EXPECT_EQ(d.allowed_pus(), CPU_COUNT(&mask));
}
