// One search over several processes (ranks), each with its own Lazy SMP pool and table.
// Rank 0, the leader, speaks UCI: it forwards every command that changes state to the
// followers in order, owns the clock and the stop, and chooses the move by a vote over
// the ranks' results. While they search, all ranks send each other their deepest new
// table entries and their progress, on a communication thread of their own: no search
// thread ever waits for a message. A follower that stops answering costs the leader at
// most `answerTimeoutMs` once; the leader then plays on without it.
#pragma once

#include "cluster/transport.h"
#include "cluster/wire.h"
#include "search/tt.h"
#include "search/worker.h"
#include "threads/search_thread.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace flotilla::cluster {

struct Settings {
    // Measured at 2 ranks (docs/cluster.md): 2 ms, 1,024 entries from depth 3 reached
    // depth 18 1.20x faster than 1 rank; 5 ms, 256 from depth 6 only 1.07x.
    int exchangeIntervalMs = 2;            // how often a searching rank sends its batch
    std::size_t entriesPerExchange = 1024; // the most a rank receives a round, all peers together
    Depth exportDepth = 3;                 // stores at least this deep are candidates
    int answerTimeoutMs = 300;             // a follower's result after the stop
};

// The entries each of `peers` live peers gets per round: a share of entriesPerExchange,
// so that what a rank receives (and must store) stays the same however many ranks send
// (at least one entry).
std::size_t batch_per_peer(const Settings& settings, int peers);

// A rank's part in one search, as the leader saw it.
struct RankOutcome {
    int rank = 0;
    search::SearchResult result;
};

struct Outcome {
    search::SearchResult chosen; // nodes: summed over the ranks that answered
    int chosenRank = 0;
    std::uint64_t tbHits = 0;
    int seldepth = 0;
    std::vector<RankOutcome> ranks;  // the leader first, then the followers that answered
    std::vector<std::string> errors; // a line for each rank lost in this search
};

// What this rank's communication thread did, for measurements.
struct Traffic {
    std::uint64_t messagesSent = 0, bytesSent = 0;
    std::uint64_t messagesReceived = 0, bytesReceived = 0;
    std::uint64_t entriesSent = 0, entriesStored = 0;
    std::uint64_t exchanges = 0;
    std::uint64_t largestBatch = 0; // the most entries in one message to a peer
    double busySeconds = 0;         // the communication thread's CPU time
};

class Cluster {
  public:
    using TransportFactory = std::function<std::unique_ptr<Transport>(std::string* error)>;

    // Starts the communication thread, which makes the transport (MPI is initialised on
    // that thread), and waits until the rank and size are known. Without a transport
    // (make returns null) this is a cluster of one rank that does nothing.
    Cluster(TransportFactory make, threads::SearchThread& searcher,
            search::TranspositionTable& table, Settings settings = {});
    ~Cluster();
    Cluster(const Cluster&) = delete;
    Cluster& operator=(const Cluster&) = delete;

    int rank() const { return myRank; }
    int size() const { return rankCount; }
    bool leader() const { return myRank == 0; }
    // Why the transport could not start (the engine then runs alone); empty if it did.
    const std::string& start_error() const { return startError; }
    const Settings& settings() const { return config; }

    // The leader: sends line to every follower still answering, numbered in order, and
    // returns its number.
    std::uint64_t forward(std::string_view line);
    // A follower: the leader's next command, waiting for it; nothing once shut down.
    std::optional<Command> next_command();
    // The number of the last command forwarded (leader) or taken (follower): the number
    // of a `go` names its search on every rank.
    std::uint64_t last_command() const { return lastCommand.load(); }

    // A search `id` has started on this rank (call it after SearchThread::start, which
    // builds the threads and ages the table): from now until it ends, this rank's
    // table and threads are stable, so the communication thread sends their entries
    // and stores what arrives. A search that already ended is not started again.
    void begin_search(std::uint64_t id);
    // A follower's search ended: its result goes to the leader.
    void report_result(std::uint64_t id, const search::SearchResult& result);
    // The leader's search ended: stops every follower, waits for their results (at most
    // answerTimeoutMs), and votes (vote false: the leader's own result stands, as with
    // MultiPV). Runs on the search thread; never blocks longer.
    Outcome finish_search(std::uint64_t id, const search::SearchResult& local, bool vote = true);
    // The leader: info of this rank made to cover all ranks (nodes and tbhits summed,
    // seldepth the deepest, hashfull the mean), from the followers' latest progress.
    void combine(search::SearchInfo& info) const;

    // Ends the communication thread after it has sent what is queued (the leader's
    // `quit`); the transport then finishes (MPI_Finalize, or MPI_Abort when a peer
    // failed). Idempotent; the destructor calls it.
    void shutdown();
    Traffic traffic() const;
    std::vector<int> failed_ranks() const;

  private:
    struct Outgoing {
        int peer;
        int tag;
        std::vector<std::byte> bytes;
    };
    void loop(TransportFactory make);
    void handle(Message message);
    void exchange();
    void mark_failed(int peer, const std::string& why); // with the mutex held

    threads::SearchThread& searcher;
    search::TranspositionTable& table;
    const Settings config;
    int myRank = 0;
    int rankCount = 1;
    std::string startError;
    std::unique_ptr<Transport> transport; // the communication thread's alone

    mutable std::mutex mutex;
    std::condition_variable changed; // started, a command, a result, the outbox
    bool started = false;
    bool stopping = false;
    std::vector<Outgoing> outbox;
    std::deque<Command> commands; // a follower's, not yet taken
    bool commandsClosed = false;
    std::atomic<std::uint64_t> lastCommand{0};
    std::vector<bool> failed;
    std::vector<bool> saidBye;         // peers that will send nothing more
    std::vector<std::string> failures; // not yet reported
    bool searchActive = false;
    std::uint64_t currentSearch = 0;
    std::uint64_t endedSearch = 0;
    std::vector<Progress> peerProgress;
    std::vector<std::optional<Result>> results;
    Traffic counts;
    std::vector<search::ExportedEntry> drained; // the communication thread's
    // Per peer, entries not yet sent because its last batch was still in flight (the
    // communication thread's).
    std::vector<std::vector<search::ExportedEntry>> backlog;
    std::thread thread;
};

} // namespace flotilla::cluster
