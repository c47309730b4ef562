// The cluster protocol on ranks that are threads of this process (the loopback
// transport): commands in order, entries reaching another rank's table, the vote and the
// summed counts, and a follower that hangs. tests/cluster_mpi runs the same over MPI.
#include "cluster/cluster.h"
#include "cluster/follower_limits.h"
#include "cluster/loopback_transport.h"
#include "core/movegen.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace flotilla::cluster {
namespace {

using namespace std::chrono_literals;

constexpr const char* MIDDLEGAME =
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9";

// One rank: its own table, threads and cluster endpoint.
struct Rank {
    search::TranspositionTable table;
    threads::SearchThread searcher{table};
    std::unique_ptr<Cluster> cluster;
    Rank(LoopbackHub& hub, int r, Settings settings = {}) {
        cluster = std::make_unique<Cluster>([&hub, r](std::string*) { return hub.endpoint(r); },
                                            searcher, table, settings);
    }
};

Position position(const char* fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set_fen(fen, false, &error)) << error;
    return pos;
}

bool legal(const Position& pos, Move m) {
    for (Move legalMove : MoveList(pos))
        if (legalMove == m) return true;
    return false;
}

TEST(ClusterWire, MessagesRoundTripAndTruncatedOnesAreRefused) {
    const std::vector<std::byte> c = encode(Command{7, "position startpos moves e2e4"});
    ASSERT_TRUE(decode_command(c));
    EXPECT_EQ(decode_command(c)->seq, 7u);
    EXPECT_EQ(decode_command(c)->text, "position startpos moves e2e4");
    EXPECT_FALSE(decode_command(std::span(c).first(3)));

    Exchange e;
    e.progress = Progress{3, 123456, 9, 17, 250};
    e.entries.push_back({0x1234'5678'9abc'def0ull, -250, 31, 12, search::BOUND_LOWER, 0x0ccd});
    const std::vector<std::byte> eb = encode(e);
    const std::optional<Exchange> back = decode_exchange(eb);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->progress.nodes, 123456u);
    EXPECT_EQ(back->progress.hashfull, 250);
    ASSERT_EQ(back->entries.size(), 1u);
    EXPECT_EQ(back->entries[0].key, 0x1234'5678'9abc'def0ull);
    EXPECT_EQ(back->entries[0].score, -250);
    EXPECT_EQ(back->entries[0].depth, 12);
    EXPECT_FALSE(decode_exchange(std::span(eb).first(eb.size() - 1)));

    Result r;
    r.searchId = 5;
    r.result.bestMove = Move(0x0ccd);
    r.result.score = 42;
    r.result.depth = 9;
    r.result.nodes = 99;
    r.result.pv = {Move(0x0ccd), Move(0x0d35)};
    const std::vector<std::byte> rb = encode(r);
    const std::optional<Result> rr = decode_result(rb);
    ASSERT_TRUE(rr);
    EXPECT_EQ(rr->result.pv.size(), 2u);
    EXPECT_EQ(rr->result.bestMove, Move(0x0ccd));
    EXPECT_EQ(rr->result.nodes, 99u);
    EXPECT_FALSE(decode_result(std::span(rb).first(rb.size() - 2)));
}

TEST(ClusterFollowerLimits, NoClockNoDepthAndAShareOfTheNodes) {
    search::Limits go;
    go.time[WHITE] = 60000;
    go.increment[WHITE] = 1000;
    go.depth = 12;
    go.nodes = 1000000;
    go.mate = 3;
    const search::Limits f = follower_limits(go, 4);
    EXPECT_TRUE(f.infinite);
    EXPECT_FALSE(f.uses_clock());
    EXPECT_EQ(f.depth, -1);
    EXPECT_EQ(f.nodes, 250000u);
    EXPECT_EQ(f.mate, 3);
}

TEST(Cluster, FollowersReceiveEveryCommandInOrder) {
    LoopbackHub hub(3);
    std::vector<std::unique_ptr<Rank>> ranks;
    for (int r = 0; r < 3; ++r) ranks.push_back(std::make_unique<Rank>(hub, r));
    ASSERT_TRUE(ranks[0]->cluster->leader());
    ASSERT_EQ(ranks[2]->cluster->size(), 3);
    constexpr int COUNT = 200;
    for (int i = 1; i <= COUNT; ++i)
        EXPECT_EQ(ranks[0]->cluster->forward("setoption name X value " + std::to_string(i)),
                  std::uint64_t(i));
    for (int r = 1; r < 3; ++r)
        for (int i = 1; i <= COUNT; ++i) {
            const std::optional<Command> c = ranks[std::size_t(r)]->cluster->next_command();
            ASSERT_TRUE(c);
            EXPECT_EQ(c->seq, std::uint64_t(i));
            EXPECT_EQ(c->text, "setoption name X value " + std::to_string(i));
            EXPECT_EQ(ranks[std::size_t(r)]->cluster->last_command(), std::uint64_t(i));
        }
}

// Search `id` to depth 11 on this rank alone (the others only take part), give the
// exchange a few more intervals, and report the result.
search::SearchResult search_alone(Rank& rank, const Position& pos, std::uint64_t id) {
    search::Limits limits;
    limits.depth = 11;
    search::SearchResult found;
    // A root searched shallower after an aspiration fail high stores its entry below the
    // depth the same iteration may already have exported: the root's last entry is then
    // not the deepest, which DeepEntriesOfOneRankReachTheOtherRanksTable reads.
    search::Params params;
    params.aspirationFailHigh.enabled = false;
    rank.searcher.start(pos, limits, params, {}, [&](const search::SearchResult& r) { found = r; });
    rank.cluster->begin_search(id);
    rank.searcher.wait();
    std::this_thread::sleep_for(50ms); // a few more exchange intervals
    rank.cluster->report_result(id, found);
    return found;
}

TEST(Cluster, DeepEntriesOfOneRankReachTheOtherRanksTable) {
    LoopbackHub hub(2);
    Rank leader(hub, 0), follower(hub, 1);
    const Position pos = position(MIDDLEGAME);
    // Both ranks are in search 1; only the follower searches, so whatever the leader's
    // table holds came from the follower.
    leader.cluster->begin_search(1);
    const search::SearchResult found = search_alone(follower, pos, 1);
    ASSERT_GT(found.depth, 6);

    EXPECT_GT(follower.cluster->traffic().entriesSent, 0u);
    EXPECT_GT(leader.cluster->traffic().entriesStored, 0u);
    EXPECT_GT(leader.table.count_filled_entries(), 0u);
    // The root, stored deepest of all, is the first to be sent. The last iteration may
    // have stored it twice at the same depth (a fail low, then the exact score); the
    // leader keeps the first that reached it, so the move is compared only when the
    // bounds agree.
    const std::optional<search::TTData> root = leader.table.probe(pos.key());
    const std::optional<search::TTData> own = follower.table.probe(pos.key());
    ASSERT_TRUE(root);
    ASSERT_TRUE(own);
    EXPECT_GE(root->depth, Settings{}.exportDepth);
    EXPECT_EQ(root->depth, own->depth);
    if (root->bound == own->bound) {
        EXPECT_EQ(root->move, own->move);
    }
    leader.cluster->finish_search(1, found);
}

TEST(ClusterBatch, EachPeerGetsAShareSoThatWhatARankReceivesStaysTheSame) {
    const Settings settings{};
    EXPECT_EQ(batch_per_peer(settings, 1), settings.entriesPerExchange);
    EXPECT_EQ(batch_per_peer(settings, 3), settings.entriesPerExchange / 3);
    EXPECT_EQ(batch_per_peer(settings, 255), settings.entriesPerExchange / 255);
    EXPECT_EQ(batch_per_peer(settings, 100000), 1u); // never nothing
    EXPECT_EQ(batch_per_peer(settings, 0), settings.entriesPerExchange);
}

TEST(Cluster, WithThreeRanksEachPeerGetsHalfTheEntries) {
    Settings settings;
    settings.entriesPerExchange = 64;
    LoopbackHub hub(3);
    Rank leader(hub, 0, settings), searching(hub, 1, settings), other(hub, 2, settings);
    const Position pos = position(MIDDLEGAME);
    leader.cluster->begin_search(1);
    other.cluster->begin_search(1);
    const search::SearchResult found = search_alone(searching, pos, 1);
    other.cluster->report_result(1, found);

    const Traffic sent = searching.cluster->traffic();
    EXPECT_GT(sent.largestBatch, 0u);
    EXPECT_LE(sent.largestBatch, settings.entriesPerExchange / 2);
    EXPECT_GT(leader.cluster->traffic().entriesStored, 0u);
    EXPECT_GT(other.cluster->traffic().entriesStored, 0u);
    leader.cluster->finish_search(1, found);
}

void follow(Rank& rank, const Position& pos) {
    while (const std::optional<Command> c = rank.cluster->next_command()) {
        if (c->text == "go") {
            const std::uint64_t id = c->seq;
            search::Limits go;
            go.infinite = true;
            rank.searcher.start(
                pos, follower_limits(go, rank.cluster->size()), search::Params{}, {},
                [&rank, id](const search::SearchResult& r) { rank.cluster->report_result(id, r); });
            rank.cluster->begin_search(id);
        } else if (c->text == "stop") {
            rank.searcher.stop();
            rank.searcher.wait();
        } else if (c->text == "quit") {
            return;
        }
    }
}

TEST(Cluster, TheLeaderVotesOverAllRanksAndSumsTheirNodes) {
    LoopbackHub hub(2);
    Rank leader(hub, 0), follower(hub, 1);
    const Position pos = position(MIDDLEGAME);
    std::thread followerLoop([&] { follow(follower, pos); });

    const std::uint64_t id = leader.cluster->forward("go");
    search::Limits limits;
    limits.infinite = true;
    std::optional<Outcome> outcome;
    std::atomic<bool> countedFollower{false};
    leader.searcher.start(
        pos, limits, search::Params{},
        [&](const search::SearchInfo& info) {
            search::SearchInfo all = info;
            leader.cluster->combine(all);
            if (all.nodes > info.nodes) countedFollower = true;
        },
        [&](const search::SearchResult& r) { outcome = leader.cluster->finish_search(id, r); });
    leader.cluster->begin_search(id);
    // At least 300 ms, and until an info line has counted the follower's progress: under
    // ThreadSanitizer on a loaded machine the first progress can take seconds to arrive
    // (a fixed 300 ms once saw none). The bound is only reached when the count is broken.
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - start < 300ms ||
           (!countedFollower && std::chrono::steady_clock::now() - start < 60s))
        std::this_thread::sleep_for(5ms);
    leader.searcher.stop();
    leader.searcher.wait();
    leader.cluster->forward("quit");
    followerLoop.join();

    ASSERT_TRUE(outcome);
    EXPECT_TRUE(outcome->errors.empty());
    ASSERT_EQ(outcome->ranks.size(), 2u);
    EXPECT_EQ(outcome->ranks[1].rank, 1);
    EXPECT_GT(outcome->ranks[1].result.depth, 0);
    EXPECT_TRUE(legal(pos, outcome->chosen.bestMove));
    EXPECT_EQ(outcome->chosen.nodes,
              outcome->ranks[0].result.nodes + outcome->ranks[1].result.nodes);
    EXPECT_GT(outcome->ranks[1].result.nodes, 0u);
    // The info lines counted the follower's progress too.
    EXPECT_TRUE(countedFollower);
}

TEST(Cluster, TheLeaderPlaysOnWithoutAFollowerThatHangs) {
    LoopbackHub hub(3);
    Settings fast;
    fast.answerTimeoutMs = 200;
    Rank leader(hub, 0, fast), follower(hub, 1, fast), hung(hub, 2, fast);
    const Position pos = position(MIDDLEGAME);
    std::thread followerLoop([&] { follow(follower, pos); });
    hub.silence(2); // rank 2 neither reads nor sends any more

    for (int round = 0; round < 2; ++round) {
        const std::uint64_t id = leader.cluster->forward("go");
        search::Limits limits;
        limits.moveTime = 100;
        std::optional<Outcome> outcome;
        std::chrono::steady_clock::time_point ended, collected;
        leader.searcher.start(pos, limits, search::Params{}, {},
                              [&](const search::SearchResult& r) {
                                  ended = std::chrono::steady_clock::now();
                                  outcome = leader.cluster->finish_search(id, r);
                                  collected = std::chrono::steady_clock::now();
                              });
        leader.cluster->begin_search(id);
        leader.searcher.wait();
        ASSERT_TRUE(outcome);
        EXPECT_TRUE(legal(pos, outcome->chosen.bestMove));
        ASSERT_EQ(outcome->ranks.size(), 2u); // the leader and rank 1
        if (round == 0) {
            // Waited for rank 2 once, no longer than the timeout (and some slack).
            ASSERT_EQ(outcome->errors.size(), 1u);
            EXPECT_NE(outcome->errors[0].find("rank 2"), std::string::npos) << outcome->errors[0];
            EXPECT_LT(collected - ended, std::chrono::milliseconds(fast.answerTimeoutMs) + 300ms);
        } else {
            // Then it is not waited for any more.
            EXPECT_TRUE(outcome->errors.empty());
            EXPECT_LT(collected - ended, 150ms);
        }
    }
    EXPECT_EQ(leader.cluster->failed_ranks(), std::vector<int>{2});
    leader.cluster->forward("quit");
    followerLoop.join();
}

TEST(Cluster, WithoutATransportItIsOneRank) {
    search::TranspositionTable table;
    threads::SearchThread searcher(table);
    Cluster alone({}, searcher, table);
    EXPECT_EQ(alone.size(), 1);
    EXPECT_TRUE(alone.leader());
    const search::SearchResult r{Move(0x0ccd), Move::none(), 10, 5, 1000, {}};
    const Outcome o = alone.finish_search(1, r);
    EXPECT_EQ(o.chosen.bestMove, r.bestMove);
    EXPECT_EQ(o.chosen.nodes, 1000u);
}

} // namespace
} // namespace flotilla::cluster
