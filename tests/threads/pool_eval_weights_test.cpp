// The pool keeps one copy of the evaluation weights per NUMA node and each worker
// reads the copy of the node its thread is planned on.
#include "synthetic_machine.h"
#include "threads/pool.h"

#include <gtest/gtest.h>

#include <cstring>
#include <set>

namespace flotilla::threads {
namespace {

bool same_values(const eval::Weights& a, const eval::Weights& b) {
    return std::memcmp(&a, &b, sizeof(eval::Weights)) == 0;
}

TEST(PoolEvalWeights, EachWorkerReadsTheCopyOnItsPlannedNode) {
    std::string error;
    auto machine = Topology::synthetic("pack:2 numa:2 core:2 pu:1", std::nullopt, &error);
    ASSERT_TRUE(machine) << error;
    search::TranspositionTable tt;
    ThreadPool pool(tt, &*machine);
    ASSERT_NE(pool.eval_weights(), nullptr);
    ASSERT_EQ(pool.eval_weights()->nodes(), 4);

    const NumaPolicy cores = testing::policy("cores");
    const PlacementPlan plan = plan_placement(machine->description(), 8, cores);
    pool.resize(8, cores); // a synthetic machine refuses the binds, not the plan
    ASSERT_EQ(pool.size(), 8);
    std::set<const eval::Weights*> copies;
    for (int i = 0; i < pool.size(); ++i) {
        const int node = plan.threads[std::size_t(i)].numaNode;
        ASSERT_GE(node, 0);
        const eval::Weights& used = pool[i].worker().eval_weights();
        EXPECT_EQ(&used, &pool.eval_weights()->on_node(node)) << "thread " << i;
        EXPECT_NE(&used, &eval::DEFAULT_WEIGHTS);
        EXPECT_TRUE(same_values(used, eval::DEFAULT_WEIGHTS));
        copies.insert(&used);
    }
    EXPECT_EQ(copies.size(), 4u); // eight threads over four nodes use all four copies
}

TEST(PoolEvalWeights, WithoutATopologyWorkersReadTheBuiltInWeights) {
    search::TranspositionTable tt;
    ThreadPool pool(tt, nullptr);
    EXPECT_EQ(pool.eval_weights(), nullptr);
    pool.resize(2, testing::policy("auto"));
    for (int i = 0; i < pool.size(); ++i)
        EXPECT_EQ(&pool[i].worker().eval_weights(), &eval::DEFAULT_WEIGHTS);
}

} // namespace
} // namespace flotilla::threads
