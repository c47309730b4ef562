// One copy of a large read-only object per NUMA node (evaluation weights), so every
// search thread reads its own node's memory instead of crossing the interconnect on
// each evaluation. On a one-node machine this is a single copy.
#pragma once

#include "threads/machine/affinity.h"
#include "threads/machine/topology.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace flotilla {

template <typename T> class NumaReplicated {
  public:
    // Copies `value` once per node of the topology. Each copy is built while the
    // calling thread's memory policy points at its node, so pages that the copy
    // touches first (large heap blocks come fresh from mmap) live there. Where
    // placement is refused, the copy is still made, and warnings() says so.
    NumaReplicated(const Topology& topology, const T& value) {
        const int nodes = int(topology.description().numaNodes.size());
        for (int node = 0; node < std::max(nodes, 1); ++node) {
            ScopedNodeMemoryPolicy policy(topology, node);
            if (!policy.active() && nodes > 1)
                placementWarnings.push_back("copy for NUMA node " + std::to_string(node) +
                                            " not placed: " + policy.error());
            copies.push_back(std::make_unique<const T>(value));
        }
    }

    int nodes() const { return int(copies.size()); }

    // The copy for a node (index into the description); out-of-range ids get copy 0,
    // so a thread whose node is unknown still reads valid data.
    const T& on_node(int node) const {
        return *copies[node >= 0 && node < nodes() ? std::size_t(node) : 0];
    }

    // The copy for the node the calling thread runs on now. A search thread is bound,
    // so it may look its node up once and keep using on_node(node).
    const T& local(const Topology& topology) const { return on_node(current_numa_node(topology)); }

    const std::vector<std::string>& warnings() const { return placementWarnings; }

  private:
    std::vector<std::unique_ptr<const T>> copies;
    std::vector<std::string> placementWarnings;
};

} // namespace flotilla
