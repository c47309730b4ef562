// Where the transposition table's pages go: the pure plan on synthetic machines, and
// the executor clearing a real table on this machine.
#include "threads/table_placement.h"

#include "synthetic_machine.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace flotilla;
using namespace flotilla::threads;

using flotilla::testing::load;
using flotilla::testing::policy;

namespace {

constexpr std::size_t MiB = std::size_t(1) << 20;
constexpr std::size_t GiB = std::size_t(1) << 30;

// Every bound worker's PUs are allowed and on its node; nodes alternate part by part.
void check_bound_workers(const TopologyDescription& d, const TableClearPlan& plan,
                         const std::vector<int>& nodes) {
    ASSERT_FALSE(plan.workers.empty());
    ASSERT_EQ(plan.workers.size() % nodes.size(), 0u);
    for (std::size_t i = 0; i < plan.workers.size(); ++i) {
        const TableClearWorker& w = plan.workers[i];
        EXPECT_EQ(w.numaNode, nodes[i % nodes.size()]) << "worker " << i;
        ASSERT_TRUE(w.bound());
        for (int os : w.pus) {
            const ProcessingUnit* pu = d.find_pu(os);
            ASSERT_NE(pu, nullptr);
            EXPECT_TRUE(pu->allowed);
            EXPECT_EQ(pu->numaNode, w.numaNode);
        }
    }
}

} // namespace

TEST(TablePlacement, ThreadsOnEveryNodeInterleaveTheTableOverAllNodes) {
    const TopologyDescription d = load("pack:2 numa:4 core:16 pu:2"); // 8 nodes, 32 PUs each
    for (int threads : {8, 64, 256}) {
        const PlacementPlan p = plan_placement(d, threads, policy("auto"));
        EXPECT_EQ(table_nodes(d, p), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
        // 16 GiB: 2 GiB per node, 32 workers of 64 MiB each per node.
        const TableClearPlan big = plan_table_clear(d, p, 16 * GiB);
        EXPECT_EQ(big.workers.size(), 8u * 32u);
        check_bound_workers(d, big, table_nodes(d, p));
        // The threads per node are capped by its PUs: 1 TiB still gives 32 per node.
        EXPECT_EQ(plan_table_clear(d, p, 1024 * GiB).workers.size(), 8u * 32u);
        // A small table still has one worker on every node.
        const TableClearPlan small = plan_table_clear(d, p, 16 * MiB);
        EXPECT_EQ(small.workers.size(), 8u);
        check_bound_workers(d, small, table_nodes(d, p));
    }
}

TEST(TablePlacement, ThreadsOnSomeNodesKeepTheTableOnThoseNodes) {
    const TopologyDescription d = load("pack:2 numa:4 core:16 pu:2");
    // Two threads: the planner puts them on different packages' first nodes.
    const PlacementPlan two = plan_placement(d, 2, policy("auto"));
    const std::vector<int> nodes = table_nodes(d, two);
    ASSERT_EQ(nodes.size(), 2u);
    std::set<int> threadNodes;
    for (const auto& t : two.threads) threadNodes.insert(t.numaNode);
    EXPECT_EQ(std::set<int>(nodes.begin(), nodes.end()), threadNodes);
    const TableClearPlan plan = plan_table_clear(d, two, 4 * GiB);
    EXPECT_EQ(plan.workers.size(), 2u * 32u);
    check_bound_workers(d, plan, nodes);

    // An explicit cpu list on node 0's PUs only: one node, nothing to place.
    const PlacementPlan listed = plan_placement(d, 4, policy("0-3"));
    EXPECT_EQ(table_nodes(d, listed), std::vector<int>{0});
    for (const auto& w : plan_table_clear(d, listed, 4 * GiB).workers) EXPECT_FALSE(w.bound());
}

TEST(TablePlacement, UnboundThreadsSpreadTheTableOverAllowedNodes) {
    // NumaPolicy none: the threads may run anywhere, so every node with an allowed PU
    // holds a share; nodes outside the cpuset hold none.
    const TopologyDescription d = load("pack:2 numa:4 core:16 pu:2", std::vector<int>{0, 1, 40});
    const PlacementPlan none = plan_placement(d, 16, policy("none"));
    EXPECT_EQ(table_nodes(d, none), (std::vector<int>{0, 1}));
    const TableClearPlan plan = plan_table_clear(d, none, 8 * GiB);
    // Node 1 has a single allowed PU, so each node gets one worker.
    EXPECT_EQ(plan.workers.size(), 2u);
    check_bound_workers(d, plan, {0, 1});
}

TEST(TablePlacement, OneNodeGivesPlainParallelSlices) {
    const TopologyDescription d = load("pack:1 core:4 pu:2"); // 8 PUs
    for (const char* text : {"auto", "none"}) {
        const PlacementPlan p = plan_placement(d, 4, policy(text));
        EXPECT_EQ(table_nodes(d, p), std::vector<int>{0});
        const TableClearPlan small = plan_table_clear(d, p, 16 * MiB);
        ASSERT_EQ(small.workers.size(), 1u);
        EXPECT_FALSE(small.workers[0].bound());
        const TableClearPlan big = plan_table_clear(d, p, 16 * GiB);
        EXPECT_EQ(big.workers.size(), 8u); // one per allowed PU
        for (const auto& w : big.workers) EXPECT_FALSE(w.bound());
        EXPECT_EQ(plan_table_clear(d, p, 256 * MiB).workers.size(), 4u); // one per 64 MiB
    }
}

TEST(TablePlacement, ExecutorClearsARealTableOnThisMachine) {
    std::string error;
    const std::optional<Topology> machine = Topology::detect(&error);
    if (!machine) GTEST_SKIP() << error;
    search::TranspositionTable tt;
    ASSERT_TRUE(tt.resize(130));
    const PlacementPlan plan = plan_placement(machine->description(), 2, NumaPolicy{});
    tt.set_clear_executor(table_clear_executor(&*machine, plan));
    std::mt19937_64 rng(5);
    for (int i = 0; i < 200000; ++i) tt.store(rng(), 1, 2, 3, search::BOUND_EXACT, Move::none());
    ASSERT_GT(tt.count_filled_entries(), 0u);
    tt.clear(); // gives the pages back and touches them again on the planned nodes
    EXPECT_EQ(tt.count_filled_entries(), 0u);
    for (int i = 0; i < 200000; ++i) tt.store(rng(), 1, 2, 3, search::BOUND_EXACT, Move::none());
    tt.clear(); // an ordinary clear through the same executor
    EXPECT_EQ(tt.count_filled_entries(), 0u);
    ASSERT_TRUE(tt.resize(70)); // a fresh table, constructed by the executor's threads
    EXPECT_EQ(tt.count_filled_entries(), 0u);
    tt.store(77, 5, 5, 5, search::BOUND_EXACT, Move::none());
    EXPECT_TRUE(tt.probe(77));
    tt.set_clear_executor({});
}

TEST(TablePlacement, NoTopologyGivesTheDefaultExecutor) {
    EXPECT_FALSE(table_clear_executor(nullptr, PlacementPlan{}));
}
