// The thread-scaling benchmark behind `flotilla scaling`: for each thread count, Lazy SMP
// searches a fixed position set (a) for a fixed time per position, giving nodes per
// second, and (b) to a fixed depth, giving the time to depth. Each search starts from a
// cleared table and cleared histories, so positions and thread counts do not feed each
// other. Process CPU time is read around every search, since on a shared machine the
// nodes per CPU-second show the engine's own scaling.
#pragma once

#include "search/params.h"
#include "threads/machine/placement.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace flotilla::tools {

struct ScalingSettings {
    std::vector<int> threads; // thread counts, in the order run; empty: default_thread_counts
    int timeMs = 1000;        // (a) per position
    int depth = 12;           // (b) per position
    std::size_t hashMib = 64;
    NumaPolicy policy;
};

// 1, 2, 4, ... up to the hardware threads, which end the list when not a power of two.
std::vector<int> default_thread_counts(int hardwareThreads);

// One thread count's measurements, summed over the positions.
struct ScalingRow {
    int threads = 0;
    // (a) fixed time per position.
    std::uint64_t timedNodes = 0;
    double timedSeconds = 0;    // wall clock
    double timedCpuSeconds = 0; // this process's CPU time, all threads
    std::uint64_t ttProbes = 0; // probes and hits of the fixed-time searches
    std::uint64_t ttHits = 0;
    // (b) fixed depth per position.
    std::uint64_t depthNodes = 0;
    double depthSeconds = 0;
    double depthCpuSeconds = 0;

    double nps() const { return timedSeconds > 0 ? double(timedNodes) / timedSeconds : 0; }
    double nodes_per_cpu_second() const {
        return timedCpuSeconds > 0 ? double(timedNodes) / timedCpuSeconds : 0;
    }
    double tt_hit_rate() const { return ttProbes ? double(ttHits) / double(ttProbes) : 0; }
};

struct ScalingTable {
    int timeMs = 0;
    int depth = 0;
    std::size_t positions = 0;
    std::vector<ScalingRow> rows; // rows[0] is the baseline of the speedups

    // Ratios to rows[0]; 0 when either figure is missing.
    double nps_speedup(std::size_t row) const;
    double cpu_speedup(std::size_t row) const; // of nodes per CPU-second
    double ttd_speedup(std::size_t row) const; // time to depth: baseline / this
};

// Called after each thread count's row is complete (progress for long runs).
using ScalingProgress = std::function<void(const ScalingRow&)>;

// Runs every thread count over the positions (FENs; a bad one is skipped and named in
// *warnings). Single-threaded callers only; it builds its own table and threads.
ScalingTable run_scaling(const ScalingSettings& settings, const std::vector<std::string>& fens,
                         const search::Params& params, const ScalingProgress& progress,
                         std::vector<std::string>* warnings);

} // namespace flotilla::tools
