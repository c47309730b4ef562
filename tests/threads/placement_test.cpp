#include "threads/machine/placement.h"

#include "synthetic_machine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

using namespace flotilla;

using flotilla::testing::load;
using flotilla::testing::policy;

namespace {

const char* SERVER = "pack:2 numa:4 core:16 pu:2"; // 8 nodes, 128 cores, 256 PUs
// The same machine with scattered OS numbering (SMT siblings 128 apart, as on Linux).
const char* SERVER_SCATTERED = "pack:2 numa:4 core:16 pu:2(indexes=pack:core)";
const char* LAPTOP = "pack:1 core:4 pu:2";
const int THREAD_COUNTS[] = {1, 8, 64, 128, 256, 300};

std::vector<int> range(int first, int last) {
    std::vector<int> v;
    for (int i = first; i <= last; ++i) v.push_back(i);
    return v;
}

bool has_warning(const PlacementPlan& plan, const std::string& word) {
    return std::any_of(plan.warnings.begin(), plan.warnings.end(),
                       [&](const std::string& w) { return w.find(word) != std::string::npos; });
}

// The properties every cores plan must have, whatever the machine and thread count.
void check_cores_plan(const TopologyDescription& d, int threads, const PlacementPlan& plan) {
    SCOPED_TRACE(d.source + ", " + std::to_string(threads) + " threads");
    ASSERT_EQ(plan.threads.size(), std::size_t(threads));
    const int cores = d.allowed_cores(), pus = d.allowed_pus();

    std::map<int, int> perPu, perCore, perNode;
    for (const auto& t : plan.threads) {
        ASSERT_EQ(t.pus.size(), 1u);
        const ProcessingUnit* pu = d.find_pu(t.pus[0]);
        ASSERT_NE(pu, nullptr);
        EXPECT_TRUE(pu->allowed) << "PU " << pu->osIndex;
        EXPECT_EQ(t.numaNode, pu->numaNode);
        ++perPu[pu->osIndex];
        ++perCore[pu->core];
        ++perNode[pu->numaNode];
    }

    // One thread per core while there are cores: no two threads share a core, so no
    // SMT sibling is used. Beyond that every core has a thread before any doubles up.
    EXPECT_EQ(int(perCore.size()), std::min(threads, cores));
    if (threads <= cores) {
        for (auto [core, n] : perCore) EXPECT_EQ(n, 1) << "core " << core;
    }

    // Up to the PU count each PU runs at most one thread; beyond it, the wrap is even.
    const int most = (threads + pus - 1) / pus;
    if (threads <= pus) {
        for (auto [pu, n] : perPu) EXPECT_EQ(n, 1) << "PU " << pu;
    } else {
        EXPECT_EQ(int(perPu.size()), pus);
        for (auto [pu, n] : perPu) {
            EXPECT_GE(n, most - 1) << "PU " << pu;
            EXPECT_LE(n, most) << "PU " << pu;
        }
    }
    EXPECT_EQ(threads > pus, has_warning(plan, "oversubscribed"));
    if (threads <= cores) {
        EXPECT_TRUE(plan.warnings.empty());
    }

    // Spread over NUMA nodes: while a node still has a free core, no node has two
    // threads more than it.
    if (threads <= cores) {
        std::map<int, int> coresOfNode;
        std::set<int> seen;
        for (const auto& pu : d.pus)
            if (pu.allowed && seen.insert(pu.core).second) ++coresOfNode[pu.numaNode];
        for (auto [a, freeCoresA] : coresOfNode)
            for (auto [b, unused] : coresOfNode)
                if (perNode[a] < freeCoresA) {
                    EXPECT_LE(perNode[b], perNode[a] + 1) << "nodes " << a << ", " << b;
                }
    }
}

} // namespace

TEST(Placement, CoresOnTwoSocketServer) {
    for (const char* spec : {SERVER, SERVER_SCATTERED}) {
        const auto d = load(spec);
        for (int threads : THREAD_COUNTS)
            check_cores_plan(d, threads, plan_placement(d, threads, policy("cores")));
    }
}

TEST(Placement, CoresSpreadsEvenlyOverTheServersNodes) {
    const auto d = load(SERVER);
    for (int threads : THREAD_COUNTS) {
        const auto plan = plan_placement(d, threads, policy("cores"));
        std::map<int, int> perNode;
        for (const auto& t : plan.threads) ++perNode[t.numaNode];
        for (auto [node, n] : perNode) {
            EXPECT_GE(n, threads / 8) << threads << " threads, node " << node;
            EXPECT_LE(n, (threads + 7) / 8) << threads << " threads, node " << node;
        }
        // Neighbours land on different nodes: round-robin over the nodes.
        for (std::size_t i = 0; i + 1 < plan.threads.size(); ++i)
            EXPECT_NE(plan.threads[i].numaNode, plan.threads[i + 1].numaNode);
    }
}

TEST(Placement, CoresAlternatesPackages) {
    const auto d = load(SERVER);
    const auto plan = plan_placement(d, 2, policy("cores"));
    ASSERT_EQ(plan.threads.size(), 2u);
    EXPECT_NE(d.find_pu(plan.threads[0].pus[0])->package,
              d.find_pu(plan.threads[1].pus[0])->package);
}

TEST(Placement, CoresOnLaptop) {
    const auto d = load(LAPTOP);
    for (int threads : {1, 2, 4, 6, 8, 9, 64, 300})
        check_cores_plan(d, threads, plan_placement(d, threads, policy("cores")));
    const auto plan = plan_placement(d, 6, policy("cores"));
    EXPECT_TRUE(has_warning(plan, "SMT"));
}

TEST(Placement, CoresOnRestrictedCpuset) {
    // taskset -c 0-63 on the server: nodes 0 and 1 only (PUs 0-31 and 32-63).
    const auto d = load(SERVER, range(0, 63));
    for (int threads : THREAD_COUNTS) {
        const auto plan = plan_placement(d, threads, policy("cores"));
        check_cores_plan(d, threads, plan);
        for (const auto& t : plan.threads) EXPECT_LT(t.numaNode, 2);
    }
}

TEST(Placement, CoresOnAsymmetricNodes) {
    // Node 0 keeps 4 of its 16 cores, and one core of node 1 loses its SMT sibling.
    std::vector<int> allowed = range(0, 7);
    for (int pu : range(33, 255)) allowed.push_back(pu);
    const auto d = load(SERVER, allowed);
    ASSERT_EQ(d.allowed_cores(), 4 + 112);
    ASSERT_EQ(d.allowed_pus(), 8 + 223);
    for (int threads : THREAD_COUNTS)
        check_cores_plan(d, threads, plan_placement(d, threads, policy("cores")));
    // At 64 threads node 0 is full with 4; the other 60 spread as 8 or 9 per node.
    const auto plan = plan_placement(d, 64, policy("cores"));
    std::map<int, int> perNode;
    for (const auto& t : plan.threads) ++perNode[t.numaNode];
    EXPECT_EQ(perNode[0], 4);
    for (int node = 1; node < 8; ++node) {
        EXPECT_GE(perNode[node], 8);
        EXPECT_LE(perNode[node], 9);
    }
}

TEST(Placement, CoresSpreadsOverL3WithinANode) {
    // One node, two L3 caches of 4 cores each: 2 threads get one L3 each.
    const auto d = load("pack:1 l3:2 core:4 pu:2");
    const auto plan = plan_placement(d, 2, policy("cores"));
    ASSERT_EQ(plan.threads.size(), 2u);
    EXPECT_NE(d.find_pu(plan.threads[0].pus[0])->l3, d.find_pu(plan.threads[1].pus[0])->l3);
}

namespace {

// Auto: the cores plan's node for each thread, bound to all of that node's allowed PUs.
void check_auto_plan(const TopologyDescription& d, int threads) {
    SCOPED_TRACE(d.source + ", " + std::to_string(threads) + " threads");
    const auto cores = plan_placement(d, threads, policy("cores"));
    const auto plan = plan_placement(d, threads, policy("auto"));
    ASSERT_EQ(plan.threads.size(), cores.threads.size());
    EXPECT_EQ(plan.warnings, cores.warnings);
    for (std::size_t i = 0; i < plan.threads.size(); ++i) {
        const int node = cores.threads[i].numaNode;
        EXPECT_EQ(plan.threads[i].numaNode, node);
        std::vector<int> nodePus;
        for (const auto& pu : d.pus)
            if (pu.allowed && pu.numaNode == node) nodePus.push_back(pu.osIndex);
        EXPECT_EQ(plan.threads[i].pus, nodePus) << "thread " << i;
    }
}

} // namespace

TEST(Placement, AutoBindsEachThreadToItsWholeNode) {
    for (const char* spec : {SERVER, SERVER_SCATTERED}) {
        const auto d = load(spec);
        for (int threads : THREAD_COUNTS) check_auto_plan(d, threads);
    }
    // Restricted to nodes 0 and 1, and an asymmetric cpuset: only allowed PUs are bound.
    check_auto_plan(load(SERVER, range(0, 63)), 64);
    std::vector<int> allowed = range(0, 7);
    for (int pu : range(33, 255)) allowed.push_back(pu);
    for (int threads : THREAD_COUNTS) check_auto_plan(load(SERVER, allowed), threads);
    const auto plan = plan_placement(load(SERVER, range(0, 63)), 3, policy("auto"));
    EXPECT_EQ(plan.threads[0].pus, range(0, 31));
    EXPECT_EQ(plan.threads[1].pus, range(32, 63));
    EXPECT_EQ(plan.threads[2].pus, range(0, 31));
}

TEST(Placement, AutoOnOneNodeBindsNothing) {
    // Two engines on one machine must not both be pinned to its first core.
    for (const char* spec : {LAPTOP, "pack:1 l3:2 core:4 pu:2"}) {
        const auto d = load(spec);
        for (int threads : THREAD_COUNTS) {
            const auto plan = plan_placement(d, threads, policy("auto"));
            ASSERT_EQ(plan.threads.size(), std::size_t(threads));
            EXPECT_FALSE(plan.binds()) << spec << ", " << threads << " threads";
            EXPECT_EQ(plan.warnings, plan_placement(d, threads, policy("cores")).warnings);
        }
    }
    // A server restricted to the PUs of one node is a one-node machine for the engine.
    EXPECT_FALSE(plan_placement(load(SERVER, range(32, 63)), 8, policy("auto")).binds());
}

TEST(Placement, NoneBindsNothing) {
    for (const char* spec : {SERVER, LAPTOP}) {
        const auto d = load(spec);
        for (int threads : THREAD_COUNTS) {
            const auto plan = plan_placement(d, threads, policy("none"));
            ASSERT_EQ(plan.threads.size(), std::size_t(threads));
            EXPECT_FALSE(plan.binds());
            for (const auto& t : plan.threads) EXPECT_EQ(t.numaNode, -1);
        }
    }
}

TEST(Placement, CpuListBindsInOrderAndWraps) {
    const auto d = load(SERVER);
    const std::vector<int> expected = {0, 1, 2, 3, 8, 10, 11};
    auto plan = plan_placement(d, 7, policy("0-3,8,10-11"));
    ASSERT_EQ(plan.threads.size(), 7u);
    for (std::size_t i = 0; i < 7; ++i) {
        EXPECT_EQ(plan.threads[i].pus, std::vector<int>{expected[i]});
        EXPECT_EQ(plan.threads[i].numaNode, 0);
    }
    EXPECT_TRUE(plan.warnings.empty());

    plan = plan_placement(d, 9, policy("0-3,8,10-11"));
    ASSERT_EQ(plan.threads.size(), 9u);
    EXPECT_EQ(plan.threads[7].pus, std::vector<int>{0});
    EXPECT_EQ(plan.threads[8].pus, std::vector<int>{1});
    EXPECT_TRUE(has_warning(plan, "oversubscribed"));

    plan = plan_placement(d, 2, policy("200,40"));
    EXPECT_EQ(plan.threads[0].numaNode, 6);
    EXPECT_EQ(plan.threads[1].numaNode, 1);
}

TEST(Placement, CpuListIgnoresCpusThatAreAbsentOrNotAllowed) {
    const auto d = load(LAPTOP, std::vector<int>{0, 1, 2, 3});
    auto plan = plan_placement(d, 2, policy("3,5,9"));
    ASSERT_EQ(plan.threads.size(), 2u);
    EXPECT_EQ(plan.threads[0].pus, std::vector<int>{3});
    EXPECT_EQ(plan.threads[1].pus, std::vector<int>{3});
    EXPECT_TRUE(has_warning(plan, "5,9"));

    plan = plan_placement(d, 2, policy("6-7"));
    EXPECT_FALSE(plan.binds());
    EXPECT_EQ(plan.threads.size(), 2u);
    EXPECT_TRUE(has_warning(plan, "not bound"));
}

TEST(Placement, ZeroOrAbsurdThreadCountsGiveAnEmptyPlan) {
    const auto d = load(LAPTOP);
    EXPECT_TRUE(plan_placement(d, 0, policy("auto")).threads.empty());
    EXPECT_TRUE(plan_placement(d, -3, policy("0-1")).threads.empty());
    const auto huge = plan_placement(d, 2'000'000'000, policy("auto"));
    EXPECT_TRUE(huge.threads.empty());
    EXPECT_TRUE(has_warning(huge, "more than"));
}

TEST(NumaPolicyParse, AcceptsKeywordsAndLists) {
    EXPECT_EQ(policy("auto").kind, NumaPolicy::Kind::Auto);
    EXPECT_EQ(policy(" AUTO ").kind, NumaPolicy::Kind::Auto);
    EXPECT_EQ(policy("None").kind, NumaPolicy::Kind::None);
    EXPECT_EQ(policy("Cores").kind, NumaPolicy::Kind::Cores);
    EXPECT_EQ(to_string(policy("cores")), "cores");
    const auto list = policy("0-3,8,10-11");
    EXPECT_EQ(list.kind, NumaPolicy::Kind::CpuList);
    EXPECT_EQ(list.cpus, (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
    EXPECT_EQ(to_string(list), "0-3,8,10-11");
    EXPECT_EQ(to_string(policy("none")), "none");
}

TEST(NumaPolicyParse, RejectsBadStringsWithAMessage) {
    for (const char* bad : {"", "  ", "autox", "numa", "0-", "3-1", "1,,2", "all", "-5", "1;2"}) {
        std::string error;
        EXPECT_FALSE(parse_numa_policy(bad, &error)) << "'" << bad << "'";
        EXPECT_NE(error.find("NumaPolicy"), std::string::npos) << "'" << bad << "': " << error;
    }
}
