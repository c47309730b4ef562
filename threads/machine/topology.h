// The machine as the thread planner sees it: packages, NUMA nodes, cores, hardware
// threads (PUs), L3 caches and the cpuset this process may run on, read once with hwloc
// into plain structs. No hwloc type appears here; the live hwloc handle stays inside
// threads/ for binding (affinity.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flotilla {

// One hardware thread. All ids except osIndex are dense indices into the description.
struct ProcessingUnit {
    int osIndex = 0;     // the number the OS, taskset and NumaPolicy cpu lists use
    int core = 0;        // physical core, unique over the machine; SMT siblings share it
    int numaNode = 0;    // index into TopologyDescription::numaNodes
    int package = 0;     // socket
    int l3 = -1;         // index into TopologyDescription::l3Caches; -1 when unknown
    bool allowed = true; // inside the process's cpuset (taskset, cgroups)
};

struct NumaNodeInfo {
    int osIndex = 0;
    std::uint64_t memoryBytes = 0; // 0 when hwloc does not know
};

struct CacheInfo {
    std::uint64_t sizeBytes = 0;
};

struct TopologyDescription {
    std::string source; // "this machine" or the synthetic string
    int packages = 1;
    int cores = 0;
    std::vector<NumaNodeInfo> numaNodes; // never empty: a machine without NUMA has one
    std::vector<CacheInfo> l3Caches;
    // In hwloc's logical order: SMT siblings adjacent, cores grouped by node and package.
    std::vector<ProcessingUnit> pus;

    int allowed_pus() const;
    int allowed_cores() const;
    std::vector<int> allowed_pus_of_node(int node) const; // OS indices, in logical order
    const ProcessingUnit* find_pu(int osIndex) const;     // nullptr when absent
};

class Topology {
  public:
    // Reads this machine. The allowed flags are the intersection of the cgroup cpuset
    // and the process's CPU binding (taskset), so both are respected.
    static std::optional<Topology> detect(std::string* error);

    // A made-up machine for tests and for showing plans, in hwloc's synthetic syntax,
    // e.g. "pack:2 numa:4 core:16 pu:2". allowedPus, when given, restricts the allowed
    // PUs to these OS indices (as taskset would); each must exist.
    static std::optional<Topology> synthetic(const std::string& spec,
                                             const std::optional<std::vector<int>>& allowedPus,
                                             std::string* error);

    Topology(Topology&&) noexcept;
    Topology& operator=(Topology&&) noexcept;
    ~Topology();

    const TopologyDescription& description() const { return desc; }
    // False for synthetic topologies: binding to them would bind nothing real.
    bool is_this_system() const;

    struct Native; // the hwloc handle, defined in threads/machine/hwloc_native.h
    const Native& native() const { return *handle; }

  private:
    Topology(std::unique_ptr<Native> native, TopologyDescription description);

    std::unique_ptr<Native> handle;
    TopologyDescription desc;
};

} // namespace flotilla
