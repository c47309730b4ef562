// The cluster over MPI: this program runs as every rank (mpirun -np 2 and -np 4); each
// test runs on all ranks at once, the leader's part and the followers' part side by side.
#include "cluster/cluster.h"
#include "cluster/follower_limits.h"
#include "cluster/launch.h"
#include "core/movegen.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

namespace flotilla::cluster {
namespace {

using namespace std::chrono_literals;

constexpr const char* MIDDLEGAME =
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9";

// The leader waits this long for the followers' results: up to four ranks share the
// machine's cores with whatever else runs (CI beside SPRT games), and a follower that is
// merely late must not be counted as lost. The wait ends as soon as all have answered;
// StopEndsEveryRankQuickly still holds them to the default timeout.
Settings patient() {
    Settings s;
    s.answerTimeoutMs = 10000;
    return s;
}

// This process's rank, made once (MPI starts once per process).
struct Rank {
    search::TranspositionTable table;
    threads::SearchThread searcher{table};
    Cluster cluster{process_transport(), searcher, table, patient()};
};
Rank* self = nullptr;

Position middlegame() {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set_fen(MIDDLEGAME, false, &error)) << error;
    return pos;
}

std::string next_text() {
    const std::optional<Command> c = self->cluster.next_command();
    return c ? c->text : "<none>";
}

TEST(MpiCluster, EveryRankHasItsPlace) {
    ASSERT_TRUE(self->cluster.start_error().empty()) << self->cluster.start_error();
    EXPECT_GE(self->cluster.size(), 2);
    EXPECT_LT(self->cluster.rank(), self->cluster.size());
}

TEST(MpiCluster, EveryFollowerReceivesEveryCommandInOrder) {
    const std::string longLine = "position fen " + std::string(100000, 'x');
    constexpr int COUNT = 300;
    if (self->cluster.leader()) {
        for (int i = 0; i < COUNT; ++i)
            self->cluster.forward("setoption name N value " + std::to_string(i));
        self->cluster.forward(longLine);
        return;
    }
    for (int i = 0; i < COUNT; ++i)
        EXPECT_EQ(next_text(), "setoption name N value " + std::to_string(i));
    EXPECT_EQ(next_text(), longLine);
}

TEST(MpiCluster, EntriesTheLeaderSendsAreFoundInEveryFollowersTable) {
    const Position pos = middlegame();
    if (self->cluster.leader()) {
        const std::uint64_t id = self->cluster.forward("search");
        // A rank stores what arrives only while it is in the search: give the followers
        // (four ranks on two cores, each may wait for a core) time to take the command.
        std::this_thread::sleep_for(300ms);
        search::Limits limits;
        limits.depth = 11;
        search::SearchResult own;
        self->searcher.start(pos, limits, search::Params{}, {},
                             [&](const search::SearchResult& r) { own = r; });
        self->cluster.begin_search(id); // after start, as the engine does: the pool is built
        self->searcher.wait();
        std::this_thread::sleep_for(100ms); // the last batches
        self->cluster.forward("probe");
        const Outcome o = self->cluster.finish_search(id, own, false);
        EXPECT_TRUE(o.errors.empty());
        ASSERT_EQ(int(o.ranks.size()), self->cluster.size());
        const Move ownMove = self->table.probe(pos.key())->move;
        for (const RankOutcome& r : o.ranks) {
            if (r.rank == 0) continue;
            // Each follower reports the depth and move its table holds for the root.
            EXPECT_GE(r.result.depth, Settings{}.exportDepth) << "rank " << r.rank;
            EXPECT_EQ(r.result.bestMove, ownMove) << "rank " << r.rank;
        }
        return;
    }
    ASSERT_EQ(next_text(), "search");
    const std::uint64_t id = self->cluster.last_command();
    self->cluster.begin_search(id);
    ASSERT_EQ(next_text(), "probe");
    search::SearchResult found;
    if (const std::optional<search::TTData> e = self->table.probe(pos.key())) {
        found.depth = e->depth;
        found.bestMove = e->move;
    }
    self->cluster.report_result(id, found);
    EXPECT_EQ(next_text(), "stop");
}

// A search on every rank as the engine runs it: the leader with a clock, the followers
// until its stop.
void search_everywhere(const search::Limits& leaderLimits, std::chrono::milliseconds stopAfter,
                       Outcome* outcome, std::chrono::milliseconds* stopToOutcome) {
    const Position pos = middlegame();
    if (self->cluster.leader()) {
        const std::uint64_t id = self->cluster.forward("go");
        std::chrono::steady_clock::time_point stopped{};
        self->searcher.start(
            pos, leaderLimits, search::Params{}, {}, [&](const search::SearchResult& r) {
                *outcome = self->cluster.finish_search(id, r);
                *stopToOutcome = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - stopped);
            });
        self->cluster.begin_search(id);
        if (stopAfter.count() > 0) {
            std::this_thread::sleep_for(stopAfter);
            stopped = std::chrono::steady_clock::now();
            self->searcher.stop();
        }
        self->searcher.wait();
        return;
    }
    ASSERT_EQ(next_text(), "go");
    const std::uint64_t id = self->cluster.last_command();
    search::Limits go;
    go.infinite = true;
    self->searcher.start(
        pos, follower_limits(go, self->cluster.size()), search::Params{}, {},
        [id](const search::SearchResult& r) { self->cluster.report_result(id, r); });
    self->cluster.begin_search(id);
    EXPECT_EQ(next_text(), "stop");
    self->searcher.stop();
    self->searcher.wait();
}

TEST(MpiCluster, ASearchOnEveryRankVotesAndSumsTheNodes) {
    search::Limits limits;
    limits.moveTime = 400;
    Outcome o;
    std::chrono::milliseconds unused{};
    search_everywhere(limits, 0ms, &o, &unused);
    if (!self->cluster.leader()) return;
    EXPECT_TRUE(o.errors.empty());
    ASSERT_EQ(int(o.ranks.size()), self->cluster.size());
    std::uint64_t sum = 0;
    for (const RankOutcome& r : o.ranks) {
        EXPECT_GT(r.result.depth, 0) << "rank " << r.rank;
        EXPECT_GT(r.result.nodes, 0u) << "rank " << r.rank;
        sum += r.result.nodes;
    }
    EXPECT_EQ(o.chosen.nodes, sum);
    bool legal = false;
    for (Move m : MoveList(middlegame())) legal |= m == o.chosen.bestMove;
    EXPECT_TRUE(legal);
    EXPECT_GT(self->cluster.traffic().entriesStored, 0u);
}

TEST(MpiCluster, StopEndsEveryRankQuickly) {
    search::Limits limits;
    limits.infinite = true;
    Outcome o;
    std::chrono::milliseconds stopToOutcome{};
    search_everywhere(limits, 300ms, &o, &stopToOutcome);
    if (!self->cluster.leader()) return;
    EXPECT_TRUE(o.errors.empty());
    EXPECT_EQ(int(o.ranks.size()), self->cluster.size());
    // Well inside the answer timeout: every rank stopped and answered.
    EXPECT_LT(stopToOutcome.count(), Settings{}.answerTimeoutMs);
}

} // namespace
} // namespace flotilla::cluster

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    auto rank = std::make_unique<flotilla::cluster::Rank>();
    flotilla::cluster::self = rank.get();
    const int failed = RUN_ALL_TESTS();
    rank->cluster.shutdown();
    return failed;
}
