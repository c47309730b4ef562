// Time plans: within the clock, more time with increment, movestogo and movetime
// honoured, a sane share of a long clock, no loss on time in sudden death, and the
// stability and node-share scaling of the soft limit. Whole simulated games under the
// plan are in tests/tools/time_simulation_test.cpp (the model is the time-sim tool's).
#include "core/movegen.h"
#include "search/node_time.h"
#include "search/time_manager.h"
#include "search_helpers.h"
#include "switched_on.h"

#include <gtest/gtest.h>

#include <chrono>

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::switched_on;

namespace {
Limits clock_limits(int time, int inc, int movesToGo = 0) {
    Limits l;
    l.time[WHITE] = l.time[BLACK] = time;
    l.increment[WHITE] = l.increment[BLACK] = inc;
    l.movesToGo = movesToGo;
    return l;
}
} // namespace

TEST(TimeManager, NeverExceedsTheClock) {
    for (int time : {1, 5, 20, 100, 1000, 60000, 7200000})
        for (int inc : {0, 10, 100, 10000})
            for (int mtg : {0, 1, 2, 40})
                for (int overhead : {0, 10, 50})
                    for (int ply : {0, 60, 300}) {
                        const TimePlan p =
                            plan_time(clock_limits(time, inc, mtg), WHITE, overhead, ply);
                        EXPECT_GE(p.soft, 1);
                        EXPECT_LE(p.soft, p.hard);
                        // At most the time left after the overhead (1 ms floor when none is).
                        EXPECT_LE(p.hard, std::max(1, time - overhead))
                            << time << " " << inc << " " << mtg << " " << overhead;
                        // Stretched by instability, the soft limit stays under the hard one.
                        EXPECT_LE(scaled_soft_limit(p, 2.5), p.hard);
                    }
}

TEST(TimeManager, Shape) {
    // 45 s, no increment, at the start: 45 moves assumed, 1 s soft, hard 3/45 of the clock.
    TimePlan p = plan_time(clock_limits(45000, 0), WHITE, 0, 0);
    EXPECT_EQ(p.soft, 1000);
    EXPECT_EQ(p.hard, 3000);
    EXPECT_TRUE(p.scalable);
    // The increments still to come are shared out: nearly one increment per move.
    EXPECT_EQ(plan_time(clock_limits(45000, 1000), WHITE, 0, 0).soft, (45000 + 44 * 1000) / 45);
    // Each planned move's overhead (and two more) is kept back.
    EXPECT_EQ(plan_time(clock_limits(45000, 0), WHITE, 10, 0).soft, (45000 - 47 * 10) / 45);
    // movestogo is honoured: 10 moves in 10 s gives 1 s each.
    EXPECT_EQ(plan_time(clock_limits(10000, 0, 10), WHITE, 0, 0).soft, 1000);
    // One move to the time control: most of the clock is usable, never all of it.
    p = plan_time(clock_limits(10000, 0, 1), WHITE, 0, 0);
    EXPECT_GT(p.hard, 5000);
    EXPECT_LE(p.hard, 8000);
    // Fixed move time, minus the overhead, not scaled.
    Limits fixed;
    fixed.moveTime = 500;
    p = plan_time(fixed, BLACK, 20);
    EXPECT_EQ(p.soft, 480);
    EXPECT_EQ(p.hard, 480);
    EXPECT_FALSE(p.scalable);
    EXPECT_EQ(scaled_soft_limit(p, 0.5), 480);
    // No clock at all: unlimited.
    EXPECT_EQ(plan_time(Limits{}, WHITE, 10).hard, TimePlan::UNLIMITED);
    // Only the side to move's clock counts.
    Limits onlyBlack;
    onlyBlack.time[BLACK] = 3000;
    EXPECT_EQ(plan_time(onlyBlack, WHITE, 0).hard, TimePlan::UNLIMITED);
    EXPECT_LT(plan_time(onlyBlack, BLACK, 0).hard, 3000);
}

TEST(TimeManager, MovesToGoEstimateShrinksWithTheGameButKeepsAReserve) {
    EXPECT_EQ(estimated_moves_to_go(0, 10000), 45);
    EXPECT_EQ(estimated_moves_to_go(0, 60000), 45);
    EXPECT_EQ(estimated_moves_to_go(0, 1800000), 60);
    EXPECT_EQ(estimated_moves_to_go(0, 7200000), 60);
    EXPECT_EQ(estimated_moves_to_go(0, 0), 45); // an empty (or negative) clock: no log of 0
    for (std::int64_t clock : {1000, 60000, 300000, 7200000})
        for (int ply = 2; ply < 400; ply += 2) {
            EXPECT_LE(estimated_moves_to_go(ply, clock), estimated_moves_to_go(ply - 2, clock));
            EXPECT_GE(estimated_moves_to_go(ply, clock), 25);
        }
    // A longer clock plans further ahead, never less far.
    for (std::int64_t clock = 1000; clock < 4000000; clock += clock / 4)
        EXPECT_LE(estimated_moves_to_go(0, clock), estimated_moves_to_go(0, clock + clock / 4));
    // Deeper into the game a bigger share of the same clock is planned.
    EXPECT_GT(plan_time(clock_limits(60000, 0), WHITE, 0, 80).soft,
              plan_time(clock_limits(60000, 0), WHITE, 0, 0).soft);
}

TEST(TimeManager, LongTimeControlNeverSpendsALargeShareOnOneMove) {
    // TCEC: 120 minutes + 10 s per move.
    for (int ply : {0, 40, 120, 300}) {
        const TimePlan p = plan_time(clock_limits(7200000, 10000), WHITE, 100, ply);
        EXPECT_LE(p.hard, 7200000 * 15 / 100) << ply; // at most 15% of the clock
        EXPECT_GE(p.soft, 7200000 / 100) << ply;      // but a real share: over a minute
        EXPECT_LE(scaled_soft_limit(p, 2.5), p.hard);
    }
}

TEST(TimeManager, SuddenDeathLastsALongGameEvenAtTheHardLimit) {
    // The worst case: each move runs to its hard limit (or, typically, to its soft
    // one) and the GUI loses the whole move overhead on top of it.
    const auto pliesSurvived = [](int start, int overhead, bool hardLimit) {
        std::int64_t clock = start;
        int ply = 0;
        for (; ply < 1000; ply += 2) {
            const TimePlan p = plan_time(clock_limits(int(clock), 0), WHITE, overhead, ply);
            clock -= (hardLimit ? p.hard : p.soft) + overhead;
            if (clock <= 0) break;
        }
        return ply;
    };
    for (int start : {10000, 60000, 300000})
        for (int overhead : {10, 50}) {
            EXPECT_GE(pliesSurvived(start, overhead, true), 120) << start << " " << overhead;
            EXPECT_GE(pliesSurvived(start, overhead, false), 170) << start << " " << overhead;
        }
    EXPECT_GE(pliesSurvived(60000, 10, true), 160);
    EXPECT_GE(pliesSurvived(60000, 10, false), 300);
}

TEST(TimeManager, WithIncrementTheClockLastsForever) {
    // 1 s + 10 ms, overhead 10: every move at its hard limit still leaves time.
    std::int64_t clock = 1000;
    for (int ply = 0; ply < 1000; ply += 2) {
        const TimePlan p = plan_time(clock_limits(int(clock), 10), WHITE, 10, ply);
        clock += 10 - p.hard - 5; // 5 ms lost per move, under the overhead
        ASSERT_GT(clock, 0) << ply;
    }
}

TEST(TimeManager, StabilityScalesTheSoftLimit) {
    // A best move that just changed earns more time than one stable for a while.
    EXPECT_GT(stability_factor(0, 0), stability_factor(1, 0));
    EXPECT_GT(stability_factor(1, 0), stability_factor(3, 0));
    EXPECT_GT(stability_factor(3, 0), stability_factor(6, 0));
    EXPECT_GT(stability_factor(6, 0), stability_factor(10, 0));
    EXPECT_GT(stability_factor(0, 0), 1.0);
    EXPECT_LT(stability_factor(10, 0), 1.0);
    // A falling score earns more time; a rising one no less than a steady one.
    EXPECT_GT(stability_factor(3, 50), stability_factor(3, 0));
    EXPECT_EQ(stability_factor(3, -50), stability_factor(3, 0));
    for (int stable = 0; stable < 20; ++stable)
        for (int drop : {-1000, 0, 30, 1000}) {
            EXPECT_GE(stability_factor(stable, drop), 0.5);
            EXPECT_LE(stability_factor(stable, drop), 2.5);
        }
    const TimePlan p = plan_time(clock_limits(60000, 0), WHITE, 0, 0);
    EXPECT_LT(scaled_soft_limit(p, stability_factor(10, 0)), p.soft);
    EXPECT_GT(scaled_soft_limit(p, stability_factor(0, 80)), p.soft);
}

// The clock runs from the `go` (Limits::startedAt), not from the start of the search:
// what came before it (a thread pool rebuilt after a Threads change) counts too.
TEST(TimeManager, TheClockRunsFromTheGo) {
    Limits limits;
    limits.moveTime = 2100;
    limits.startedAt = std::chrono::steady_clock::now() - std::chrono::milliseconds(2000);
    const auto run = flotilla::search::testing::run_search(Position::START_FEN, limits);
    ASSERT_FALSE(run.infos.empty());
    EXPECT_GE(run.infos.front().timeMs, 2000);
    EXPECT_TRUE(run.result.bestMove);
}

TEST(TimeManager, NodeShareScalesTheSoftLimit) {
    const NodeTimeParams p = switched_on<NodeTimeParams>();
    // (1.5 - share) x 1.35: less time for a best move that took every node, more for one
    // whose subtree was small beside its rivals'.
    EXPECT_DOUBLE_EQ(node_time_factor(p, 100, 100), 0.5 * 1.35);
    EXPECT_DOUBLE_EQ(node_time_factor(p, 0, 100), 1.5 * 1.35);
    EXPECT_DOUBLE_EQ(node_time_factor(p, 50, 100), 1.0 * 1.35);
    EXPECT_GT(node_time_factor(p, 10, 100), node_time_factor(p, 90, 100));
    EXPECT_DOUBLE_EQ(node_time_factor(p, 200, 100), 0.5 * 1.35); // a share above 1 counts as 1
    EXPECT_DOUBLE_EQ(node_time_factor(p, 5, 0), 1.0);            // nothing counted yet
    NodeTimeParams off;
    off.enabled = false;
    EXPECT_DOUBLE_EQ(node_time_factor(off, 10, 100), 1.0);
    NodeTimeParams low = p;
    low.base = 50; // below the option's range, so reachable only from code
    EXPECT_DOUBLE_EQ(node_time_factor(low, 100, 100), 0.0); // never negative
}

// The worker counts the nodes below each root move, and they add up to nearly all its
// nodes (the rest: the root itself and its TT probe).
TEST(TimeManager, RootMoveNodesAddUpToTheSearch) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                            false, nullptr));
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    std::atomic<bool> stop{false};
    const SearchResult result =
        worker->iterative_deepening(pos, search::testing::depth_limit(8), Params{}, stop);
    std::uint64_t sum = 0;
    for (const Move m : MoveList(pos)) sum += worker->root_move_nodes(m);
    EXPECT_LE(sum, worker->nodes());
    EXPECT_GT(sum, worker->nodes() * 9 / 10);
    EXPECT_GT(worker->root_move_nodes(result.bestMove), 0u);
    // A second search starts its counts afresh.
    worker->iterative_deepening(pos, search::testing::depth_limit(1), Params{}, stop);
    std::uint64_t again = 0;
    for (const Move m : MoveList(pos)) again += worker->root_move_nodes(m);
    EXPECT_LE(again, worker->nodes());
}
