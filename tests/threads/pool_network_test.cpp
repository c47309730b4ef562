// The pool copies the network once per NUMA node and each worker evaluates with the copy
// of its planned node, also after a resize; null goes back to the hand-written evaluation.
#include "synthetic_machine.h"
#include "tests/eval/nnue_random_network.h"
#include "threads/pool.h"

#include <gtest/gtest.h>

#include <set>

namespace flotilla::threads {
namespace {

TEST(PoolNetwork, EachWorkerReadsTheCopyOnItsPlannedNode) {
    std::string error;
    auto machine = Topology::synthetic("pack:2 numa:2 core:2 pu:1", std::nullopt, &error);
    ASSERT_TRUE(machine) << error;
    search::TranspositionTable tt;
    ThreadPool pool(tt, &*machine);
    const NumaPolicy cores = testing::policy("cores");
    const PlacementPlan plan = plan_placement(machine->description(), 8, cores);
    pool.resize(8, cores);
    for (int i = 0; i < pool.size(); ++i) EXPECT_EQ(pool[i].worker().eval_network(), nullptr);

    const nnue::Network net = nnue_test::random_network(32, 2, 3);
    pool.use_network(&net);
    std::set<const nnue::Network*> copies;
    for (int i = 0; i < pool.size(); ++i) {
        const nnue::Network* used = pool[i].worker().eval_network();
        ASSERT_NE(used, nullptr);
        EXPECT_NE(used, &net);
        EXPECT_EQ(used, pool.network_on_node(plan.threads[std::size_t(i)].numaNode));
        EXPECT_EQ(used->to_bytes(), net.to_bytes());
        copies.insert(used);
    }
    EXPECT_EQ(copies.size(), 4u);

    pool.resize(2, cores); // new threads get the network too
    for (int i = 0; i < pool.size(); ++i) EXPECT_NE(pool[i].worker().eval_network(), nullptr);
    pool.use_network(nullptr);
    for (int i = 0; i < pool.size(); ++i) EXPECT_EQ(pool[i].worker().eval_network(), nullptr);
}

TEST(PoolNetwork, WithoutATopologyOneCopyServesAll) {
    search::TranspositionTable tt;
    ThreadPool pool(tt, nullptr);
    pool.resize(2, testing::policy("auto"));
    const nnue::Network net = nnue_test::random_network(16, 1, 4);
    pool.use_network(&net);
    ASSERT_NE(pool[0].worker().eval_network(), nullptr);
    EXPECT_EQ(pool[0].worker().eval_network(), pool[1].worker().eval_network());
}

} // namespace
} // namespace flotilla::threads
