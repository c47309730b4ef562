// Where the shared transposition table's pages go, and the threads that put them there.
// Every search thread probes every part of the table (a key's bucket is random), so the
// pages are spread evenly over the NUMA nodes the search threads run on: interleaved over
// all nodes when the threads span them, over only theirs when they do not. Linux puts a
// page on the node of the thread that first writes it, so each part of the table is
// zeroed by a thread bound to the node that should hold it.
#pragma once

#include "search/tt.h"
#include "threads/machine/placement.h"
#include "threads/machine/topology.h"

#include <cstddef>
#include <vector>

namespace flotilla::threads {

struct TableClearWorker {
    int numaNode = -1;    // index into TopologyDescription::numaNodes; -1 when unbound
    std::vector<int> pus; // the allowed PUs of that node; empty: run unbound
    bool bound() const { return !pus.empty(); }
};

// Worker i zeroes part i of workers.size(); consecutive parts go to different nodes.
struct TableClearPlan {
    std::vector<TableClearWorker> workers;
};

// The nodes the table's pages belong on: those of the plan's bound threads, or every node
// with an allowed PU when the plan binds nothing (the threads may run anywhere).
std::vector<int> table_nodes(const TopologyDescription& topology, const PlacementPlan& threads);

// Pure. One node: unbound workers, one per 64 MiB up to the allowed PUs. Several: the same
// number of workers on each node (one per 64 MiB of its share, up to the fewest allowed
// PUs of a node), each bound to its node's allowed PUs, dealt round-robin over the nodes.
TableClearPlan plan_table_clear(const TopologyDescription& topology, const PlacementPlan& threads,
                                std::size_t tableBytes);

// An executor for TranspositionTable::set_clear_executor that runs plan_table_clear's
// workers on std::threads bound with hwloc (a worker that cannot bind still clears). The
// topology must outlive it; null gives an empty executor (the table's default).
search::TranspositionTable::ClearExecutor table_clear_executor(const Topology* topology,
                                                               PlacementPlan threads);

} // namespace flotilla::threads
