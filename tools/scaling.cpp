#include "tools/scaling.h"

#include "core/position.h"
#include "search/tt.h"
#include "threads/search_thread.h"
#include "tools/process_cpu_time.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace flotilla::tools {

namespace {

struct Measured {
    std::uint64_t nodes = 0;
    double seconds = 0;
    double cpuSeconds = 0;
    search::Stats stats;
};

// One search from a cleared table and cleared histories; the clearing is not timed.
Measured measure(threads::SearchThread& searcher, search::TranspositionTable& tt,
                 const Position& pos, const search::Limits& limits, const search::Params& params) {
    tt.clear();
    searcher.clear_histories();
    Measured m;
    const double cpuBefore = process_cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    searcher.start(pos, limits, params, {},
                   [&](const search::SearchResult& result) { m.nodes = result.nodes; });
    searcher.wait();
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m.cpuSeconds = process_cpu_seconds() - cpuBefore;
    m.stats = searcher.summed_stats();
    return m;
}

double ratio(double numerator, double denominator) {
    return numerator > 0 && denominator > 0 ? numerator / denominator : 0;
}

} // namespace

std::vector<int> default_thread_counts(int hardwareThreads) {
    std::vector<int> counts;
    for (int n = 1; n <= hardwareThreads; n *= 2) counts.push_back(n);
    if (counts.empty() || counts.back() != std::max(hardwareThreads, 1))
        counts.push_back(std::max(hardwareThreads, 1));
    return counts;
}

double ScalingTable::nps_speedup(std::size_t row) const {
    return row < rows.size() ? ratio(rows[row].nps(), rows[0].nps()) : 0;
}

double ScalingTable::cpu_speedup(std::size_t row) const {
    return row < rows.size()
               ? ratio(rows[row].nodes_per_cpu_second(), rows[0].nodes_per_cpu_second())
               : 0;
}

double ScalingTable::ttd_speedup(std::size_t row) const {
    return row < rows.size() ? ratio(rows[0].depthSeconds, rows[row].depthSeconds) : 0;
}

ScalingTable run_scaling(const ScalingSettings& settings, const std::vector<std::string>& fens,
                         const search::Params& params, const ScalingProgress& progress,
                         std::vector<std::string>* warnings) {
    std::vector<Position> positions;
    for (const std::string& fen : fens) {
        Position pos;
        std::string error;
        if (pos.set_fen(fen, false, &error))
            positions.push_back(pos);
        else if (warnings)
            warnings->push_back("skipped position '" + fen + "': " + error);
    }
    ScalingTable table;
    table.timeMs = settings.timeMs;
    table.depth = settings.depth;
    table.positions = positions.size();

    search::TranspositionTable tt;
    if (!tt.resize(settings.hashMib) && warnings)
        warnings->push_back("could not allocate " + std::to_string(settings.hashMib) +
                            " MiB of hash; using " + std::to_string(tt.size_mib()) + " MiB");
    threads::SearchThread searcher(tt);
    search::Params single = params;
    single.multiPv = 1; // one best line, as in games: figures do not depend on MultiPV
    search::Limits timed, toDepth;
    timed.moveTime = settings.timeMs;
    toDepth.depth = settings.depth;

    const std::vector<int> counts =
        settings.threads.empty() ? default_thread_counts(int(std::thread::hardware_concurrency()))
                                 : settings.threads;
    for (int threads : counts) {
        searcher.set_threads(threads, settings.policy);
        ScalingRow row;
        row.threads = threads;
        for (const Position& pos : positions) {
            const Measured a = measure(searcher, tt, pos, timed, single);
            row.timedNodes += a.nodes;
            row.timedSeconds += a.seconds;
            row.timedCpuSeconds += a.cpuSeconds;
            row.ttProbes += a.stats.ttProbes;
            row.ttHits += a.stats.ttHits;
            const Measured b = measure(searcher, tt, pos, toDepth, single);
            row.depthNodes += b.nodes;
            row.depthSeconds += b.seconds;
            row.depthCpuSeconds += b.cpuSeconds;
        }
        table.rows.push_back(row);
        if (progress) progress(row);
    }
    if (warnings)
        for (const std::string& w : searcher.placement_warnings()) warnings->push_back(w);
    return table;
}

} // namespace flotilla::tools
