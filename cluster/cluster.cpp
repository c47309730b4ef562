#include "cluster/cluster.h"

#include "threads/lazy_smp.h"

#include <algorithm>
#include <ctime>

namespace flotilla::cluster {

namespace {

using Clock = std::chrono::steady_clock;

// The CPU time of the calling thread: what communication costs, whatever else the
// machine runs (wall-clock time would count the thread's waits for a core).
double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

bool valid_entry(const search::ExportedEntry& e) {
    return e.bound >= search::BOUND_UPPER && e.bound <= search::BOUND_EXACT &&
           e.depth >= search::TranspositionTable::DEPTH_MIN;
}

} // namespace

std::size_t batch_per_peer(const Settings& settings, int peers) {
    return std::max<std::size_t>(1, settings.entriesPerExchange / std::size_t(std::max(1, peers)));
}

Cluster::Cluster(TransportFactory make, threads::SearchThread& searcher,
                 search::TranspositionTable& table, Settings settings)
    : searcher(searcher), table(table), config(settings) {
    thread = std::thread([this, make = std::move(make)] { loop(make); });
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return started; });
    if (rankCount > 1) {
        searcher.export_entries(config.exportDepth);
        // Rank r's thread i is helper r + i * ranks: no two threads of the cluster skip
        // the same iterations, and only the leader's main thread skips none.
        searcher.set_thread_numbering(myRank, rankCount);
    }
}

Cluster::~Cluster() { shutdown(); }

void Cluster::shutdown() {
    {
        std::lock_guard lock(mutex);
        stopping = true;
        commandsClosed = true;
    }
    changed.notify_all();
    if (thread.joinable()) thread.join();
}

std::uint64_t Cluster::forward(std::string_view line) {
    std::lock_guard lock(mutex);
    const std::uint64_t seq = ++lastCommand;
    const std::vector<std::byte> bytes = encode(Command{seq, std::string(line)});
    for (int peer = 1; peer < rankCount; ++peer)
        if (!failed[std::size_t(peer)]) outbox.push_back({peer, TAG_COMMAND, bytes});
    changed.notify_all();
    return seq;
}

std::optional<Command> Cluster::next_command() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return !commands.empty() || commandsClosed; });
    if (commands.empty()) return std::nullopt;
    Command c = std::move(commands.front());
    commands.pop_front();
    lastCommand = c.seq;
    return c;
}

void Cluster::begin_search(std::uint64_t id) {
    std::lock_guard lock(mutex);
    if (endedSearch == id) return;
    currentSearch = id;
    searchActive = true;
}

void Cluster::report_result(std::uint64_t id, const search::SearchResult& result) {
    // On the search thread, before bestmove: the threads' counters are final and stable.
    const threads::SearchThread::Progress p = searcher.progress();
    std::lock_guard lock(mutex);
    searchActive = false;
    endedSearch = id;
    if (rankCount > 1 && !failed[0])
        outbox.push_back({0, TAG_RESULT, encode(Result{id, p.tbHits, p.seldepth, result})});
    changed.notify_all();
}

Outcome Cluster::finish_search(std::uint64_t id, const search::SearchResult& local, bool vote) {
    const threads::SearchThread::Progress mine = searcher.progress();
    Outcome o;
    o.ranks.push_back({0, local});
    o.tbHits = mine.tbHits;
    o.seldepth = mine.seldepth;
    if (rankCount > 1) {
        forward("stop"); // after the `go` in every follower's order
        std::unique_lock lock(mutex);
        const auto answered = [&](int f) {
            const std::optional<Result>& r = results[std::size_t(f)];
            return r && r->searchId == id;
        };
        const auto allAnswered = [&] {
            for (int f = 1; f < rankCount; ++f)
                if (!failed[std::size_t(f)] && !answered(f)) return false;
            return true;
        };
        changed.wait_until(lock, Clock::now() + std::chrono::milliseconds(config.answerTimeoutMs),
                           allAnswered);
        for (int f = 1; f < rankCount; ++f) {
            if (failed[std::size_t(f)]) continue;
            if (!answered(f)) {
                mark_failed(f, "sent no result within " + std::to_string(config.answerTimeoutMs) +
                                   " ms of the stop");
                continue;
            }
            const Result& r = *results[std::size_t(f)];
            o.ranks.push_back({f, r.result});
            o.tbHits += r.tbHits;
            o.seldepth = std::max(o.seldepth, int(r.seldepth));
        }
        searchActive = false;
        endedSearch = id;
        o.errors = std::move(failures);
        failures.clear();
    }
    std::vector<search::SearchResult> candidates;
    for (const RankOutcome& r : o.ranks) candidates.push_back(r.result);
    // The ranks vote as the threads do (each rank's result already won its own vote).
    const std::size_t best = vote ? threads::pick_best_thread(candidates) : 0;
    o.chosen = candidates[best];
    o.chosenRank = o.ranks[best].rank;
    o.chosen.nodes = 0;
    for (const search::SearchResult& r : candidates) o.chosen.nodes += r.nodes;
    return o;
}

void Cluster::combine(search::SearchInfo& info) const {
    std::lock_guard lock(mutex);
    int tables = 1;
    std::int64_t hashfull = info.hashfull;
    for (int f = 1; f < rankCount; ++f) {
        const Progress& p = peerProgress[std::size_t(f)];
        if (failed[std::size_t(f)] || p.searchId != currentSearch || p.searchId == 0) continue;
        info.nodes += p.nodes;
        info.tbHits += p.tbHits;
        info.seldepth = std::max(info.seldepth, int(p.seldepth));
        hashfull += p.hashfull;
        ++tables;
    }
    info.hashfull = int(hashfull / tables);
}

Traffic Cluster::traffic() const {
    std::lock_guard lock(mutex);
    return counts;
}

std::vector<int> Cluster::failed_ranks() const {
    std::lock_guard lock(mutex);
    std::vector<int> ranks;
    for (int r = 0; r < rankCount; ++r)
        if (failed[std::size_t(r)]) ranks.push_back(r);
    return ranks;
}

void Cluster::mark_failed(int peer, const std::string& why) {
    if (failed[std::size_t(peer)]) return;
    failed[std::size_t(peer)] = true;
    failures.push_back("cluster: rank " + std::to_string(peer) + " " + why +
                       "; playing on without it");
}

void Cluster::loop(TransportFactory make) {
    std::string error;
    std::unique_ptr<Transport> made = make ? make(&error) : nullptr;
    {
        std::lock_guard lock(mutex);
        if (made) {
            myRank = made->rank();
            rankCount = made->size();
        } else {
            startError = error;
        }
        failed.assign(std::size_t(rankCount), false);
        peerProgress.assign(std::size_t(rankCount), Progress{});
        results.assign(std::size_t(rankCount), std::nullopt);
        saidBye.assign(std::size_t(rankCount), false);
        started = true;
    }
    changed.notify_all();
    if (!made) return;
    transport = std::move(made);

    Clock::time_point nextExchange = Clock::now();
    for (;;) {
        std::vector<Outgoing> sending;
        bool quitting;
        {
            std::lock_guard lock(mutex);
            sending.swap(outbox);
            quitting = stopping;
        }
        for (Outgoing& o : sending) {
            {
                std::lock_guard lock(mutex);
                if (failed[std::size_t(o.peer)]) continue;
            }
            const std::size_t bytes = o.bytes.size();
            const bool sent = transport->send(o.peer, o.tag, std::move(o.bytes));
            std::lock_guard lock(mutex);
            if (!sent) {
                mark_failed(o.peer, "cannot be reached");
                continue;
            }
            ++counts.messagesSent;
            counts.bytesSent += bytes;
        }
        while (std::optional<Message> m = transport->poll()) handle(std::move(*m));
        if (Clock::now() >= nextExchange) {
            exchange();
            nextExchange = Clock::now() + std::chrono::milliseconds(config.exchangeIntervalMs);
        }
        std::unique_lock lock(mutex);
        counts.busySeconds = thread_cpu_seconds();
        if (quitting && outbox.empty()) break;
        changed.wait_for(lock, std::chrono::milliseconds(1),
                         [&] { return !outbox.empty() || stopping != quitting; });
    }
    std::vector<bool> lost;
    {
        std::lock_guard lock(mutex);
        lost = failed;
    }
    const bool anyFailed = std::find(lost.begin(), lost.end(), true) != lost.end();
    // A batch still on its way to a peer that has stopped reading would never be
    // delivered: each rank says goodbye and keeps reading (and dropping) until every live
    // peer has said goodbye too and nothing is in flight, for at most two seconds.
    for (int peer = 0; peer < rankCount; ++peer)
        if (peer != myRank && !lost[std::size_t(peer)]) transport->send(peer, TAG_BYE, {});
    const auto waiting = [&] {
        std::lock_guard lock(mutex);
        int peers = 0;
        for (int peer = 0; peer < rankCount; ++peer)
            peers += peer != myRank && !lost[std::size_t(peer)] && !saidBye[std::size_t(peer)];
        return peers;
    };
    const Clock::time_point deadline = Clock::now() + std::chrono::seconds(2);
    while ((waiting() > 0 || !transport->idle()) && Clock::now() < deadline) {
        while (std::optional<Message> m = transport->poll()) handle(std::move(*m));
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    transport->finish(anyFailed || waiting() > 0);
}

void Cluster::handle(Message m) {
    std::unique_lock lock(mutex);
    ++counts.messagesReceived;
    counts.bytesReceived += m.bytes.size();
    if (m.source < 0 || m.source >= rankCount) return;
    switch (m.tag) {
    case TAG_COMMAND:
        if (std::optional<Command> c = decode_command(m.bytes); c && m.source == 0) {
            commands.push_back(std::move(*c));
            changed.notify_all();
        }
        break;
    case TAG_EXCHANGE: {
        const std::optional<Exchange> e = decode_exchange(m.bytes);
        if (!e) break;
        if (leader() && e->progress.searchId == currentSearch)
            peerProgress[std::size_t(m.source)] = e->progress;
        // Only while this rank searches is its table sure to stay where it is.
        if (!searchActive) break;
        for (const search::ExportedEntry& x : e->entries) {
            if (!valid_entry(x)) continue;
            // A position this table already holds at least as deep keeps its own entry.
            const std::optional<search::TTData> own = table.probe(x.key);
            if (own && own->depth >= x.depth) continue;
            // Entries carry no pv flag (it marks a rank's own PV): this table's stays.
            table.store(x.key, x.score, x.eval, x.depth, search::Bound(x.bound), Move(x.move),
                        own && own->pv);
            ++counts.entriesStored;
        }
        break;
    }
    case TAG_BYE: saidBye[std::size_t(m.source)] = true; break;
    case TAG_RESULT:
        if (std::optional<Result> r = decode_result(m.bytes); r && leader()) {
            results[std::size_t(m.source)] = std::move(*r);
            changed.notify_all();
        }
        break;
    default: break;
    }
}

void Cluster::exchange() {
    Progress progress;
    std::vector<bool> skip;
    {
        std::lock_guard lock(mutex);
        if (!searchActive || rankCount < 2) return;
        const threads::SearchThread::Progress p = searcher.progress();
        progress = Progress{currentSearch, p.nodes, p.tbHits, p.seldepth, table.hashfull()};
        drained.clear();
        searcher.drain_exported(drained, 16 * config.entriesPerExchange);
        skip = failed;
    }
    const int peers = int(std::count(skip.begin(), skip.end(), false)) - 1;
    const std::size_t batch = batch_per_peer(config, peers);
    // The deepest entries are the ones worth a message: they cost the most to find.
    const auto keep_deepest = [&](std::vector<search::ExportedEntry>& entries) {
        if (entries.size() <= batch) return;
        std::nth_element(entries.begin(), entries.begin() + std::ptrdiff_t(batch), entries.end(),
                         [](const auto& a, const auto& b) { return a.depth > b.depth; });
        entries.resize(batch);
    };
    keep_deepest(drained);
    backlog.resize(std::size_t(rankCount));
    std::uint64_t messages = 0, bytesSent = 0, entriesSent = 0, largest = 0;
    for (int peer = 0; peer < rankCount; ++peer) {
        if (peer == myRank || skip[std::size_t(peer)]) continue;
        // One batch in flight per peer, never a queue: a peer still reading the last one
        // gets this round's entries with the next, the deepest of both.
        std::vector<search::ExportedEntry>& waiting = backlog[std::size_t(peer)];
        waiting.insert(waiting.end(), drained.begin(), drained.end());
        keep_deepest(waiting);
        if (transport->in_flight(peer, TAG_EXCHANGE) > 0) continue;
        Exchange e{progress, std::move(waiting)};
        waiting.clear();
        std::vector<std::byte> bytes = encode(e);
        const std::size_t size = bytes.size();
        if (!transport->send(peer, TAG_EXCHANGE, std::move(bytes))) continue;
        ++messages;
        bytesSent += size;
        entriesSent += e.entries.size();
        largest = std::max<std::uint64_t>(largest, e.entries.size());
    }
    std::lock_guard lock(mutex);
    ++counts.exchanges;
    counts.messagesSent += messages;
    counts.bytesSent += bytesSent;
    counts.entriesSent += entriesSent;
    counts.largestBatch = std::max(counts.largestBatch, largest);
}

} // namespace flotilla::cluster
