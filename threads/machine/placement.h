// The thread placement planner: pure, from a topology description, a thread count and
// a NumaPolicy to the hardware thread(s) each search thread is bound to. No hwloc here,
// so every case is tested on made-up machines.
#pragma once

#include "threads/machine/topology.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flotilla {

struct NumaPolicy {
    enum class Kind {
        Auto,    // the Cores plan's nodes; each thread bound to its whole node, and on a
                 // one-node machine not bound at all
        Cores,   // one thread per physical core, spread over NUMA nodes; SMT last
        None,    // bind nothing: the OS scheduler places threads
        CpuList, // threads take the listed PUs in order
    };
    Kind kind = Kind::Auto;
    std::vector<int> cpus; // PU OS indices, for CpuList
};

// Accepts "auto", "cores", "none" (any case, spaces around ignored) or a cpu list such as
// "0-3,8,10-11". On bad input returns nothing and sets *error.
std::optional<NumaPolicy> parse_numa_policy(std::string_view text, std::string* error);
std::string to_string(const NumaPolicy& policy);

struct ThreadPlacement {
    std::vector<int> pus; // PU OS indices to bind to; empty means not bound
    int numaNode = -1;    // index into TopologyDescription::numaNodes; -1 when not bound
    bool bound() const { return !pus.empty(); }
};

struct PlacementPlan {
    std::vector<ThreadPlacement> threads; // one per search thread, thread 0 first
    std::vector<std::string> warnings;    // oversubscription, ignored cpus, SMT sharing
    bool binds() const;
};

// Far above the Threads option's 1024; a guard against absurd counts from callers.
constexpr int MAX_PLANNED_THREADS = 65536;

// Only allowed PUs are ever planned. threads <= 0, or above MAX_PLANNED_THREADS (with a
// warning), gives an empty plan.
PlacementPlan plan_placement(const TopologyDescription& topology, int threads,
                             const NumaPolicy& policy);

} // namespace flotilla
