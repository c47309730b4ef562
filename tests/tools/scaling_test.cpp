// The scaling benchmark, for real but tiny: two positions, threads 1 and 2, depth 3.
#include "search/bench.h"
#include "tools/scaling.h"

#include <gtest/gtest.h>

using namespace flotilla;
using namespace flotilla::tools;

TEST(Scaling, DefaultThreadCountsDoubleUpToTheHardware) {
    EXPECT_EQ(default_thread_counts(1), std::vector<int>{1});
    EXPECT_EQ(default_thread_counts(2), (std::vector<int>{1, 2}));
    EXPECT_EQ(default_thread_counts(6), (std::vector<int>{1, 2, 4, 6}));
    EXPECT_EQ(default_thread_counts(16), (std::vector<int>{1, 2, 4, 8, 16}));
    EXPECT_EQ(default_thread_counts(0), std::vector<int>{1}); // unknown hardware
}

TEST(Scaling, ATinyRunGivesSaneRows) {
    std::vector<std::string> fens = search::bench_positions();
    ASSERT_GE(fens.size(), 2u);
    fens.resize(2);
    ScalingSettings settings;
    settings.threads = {1, 2};
    settings.timeMs = 30;
    settings.depth = 3;
    settings.hashMib = 4;
    std::vector<int> reported;
    std::vector<std::string> warnings;
    const ScalingTable table = run_scaling(
        settings, fens, search::Params{},
        [&](const ScalingRow& r) { reported.push_back(r.threads); }, &warnings);
    EXPECT_EQ(reported, (std::vector<int>{1, 2}));
    EXPECT_EQ(table.positions, 2u);
    EXPECT_EQ(table.depth, 3);
    ASSERT_EQ(table.rows.size(), 2u);
    for (const ScalingRow& r : table.rows) {
        SCOPED_TRACE(r.threads);
        EXPECT_GT(r.timedNodes, 0u);
        EXPECT_GT(r.depthNodes, 0u);
        // Two 30 ms searches (less the move overhead): some time, far less than a minute.
        // No tighter lower bound: a timed assertion would be flaky under load.
        EXPECT_GT(r.timedSeconds, 0);
        EXPECT_LT(r.timedSeconds, 60);
        EXPECT_GT(r.depthSeconds, 0);
        EXPECT_GE(r.timedCpuSeconds, 0);
        EXPECT_GT(r.nps(), 0);
        // Every search probes the table (root moves at least), and hits are a subset.
        EXPECT_GT(r.ttProbes, 0u);
        EXPECT_LE(r.ttHits, r.ttProbes);
        EXPECT_GE(r.tt_hit_rate(), 0);
        EXPECT_LE(r.tt_hit_rate(), 1);
    }
    EXPECT_EQ(table.rows[0].threads, 1);
    EXPECT_EQ(table.rows[1].threads, 2);
    EXPECT_DOUBLE_EQ(table.nps_speedup(0), 1.0);
    EXPECT_GT(table.nps_speedup(1), 0);
    EXPECT_GT(table.ttd_speedup(1), 0);
}

TEST(Scaling, ABadPositionIsSkippedWithAWarning) {
    ScalingSettings settings;
    settings.threads = {1};
    settings.timeMs = 5;
    settings.depth = 1;
    settings.hashMib = 1;
    std::vector<std::string> warnings;
    const ScalingTable table =
        run_scaling(settings, {"not a fen", search::bench_positions().front()}, search::Params{},
                    {}, &warnings);
    EXPECT_EQ(table.positions, 1u);
    ASSERT_FALSE(warnings.empty());
    EXPECT_NE(warnings[0].find("not a fen"), std::string::npos);
    ASSERT_EQ(table.rows.size(), 1u);
    EXPECT_GT(table.rows[0].depthNodes, 0u);
}
