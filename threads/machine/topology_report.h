// The text of the `topology` command: the detected machine and the thread plan.
#pragma once

#include "threads/machine/topology.h"

#include <string>
#include <string_view>

namespace flotilla {

// Packages, NUMA nodes, cores, hardware threads (PUs) and how many are allowed, one
// line per node, and the L3 caches.
std::string describe_topology(const TopologyDescription& topology);

// describe_topology, then the plan for `threads` threads under the NumaPolicy text:
// one line per thread (PU, core, node) and the warnings. A bad policy gives an error
// line instead of the plan.
std::string topology_report(const TopologyDescription& topology, int threads,
                            std::string_view policyText);

} // namespace flotilla
