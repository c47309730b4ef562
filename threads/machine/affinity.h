// Binding the calling thread to hardware threads and memory to NUMA nodes, through the
// topology's hwloc handle. Failures come back as false plus a message, never an abort:
// an engine that cannot bind still plays, only slower on big machines.
#pragma once

#include "threads/machine/topology.h"

#include <cstddef>
#include <string>
#include <vector>

namespace flotilla {

// Binds the calling thread to the PUs (OS indices). Bind a search thread before it
// allocates its own tables, so that first touch puts their pages on its node.
bool bind_current_thread(const Topology& topology, const std::vector<int>& pus, std::string* error);

// The PUs the calling thread is bound to (OS indices); empty when hwloc cannot tell.
std::vector<int> current_thread_binding(const Topology& topology);

// The NUMA node (index into the description) of the PU the calling thread last ran
// on; 0 when unknown.
int current_numa_node(const Topology& topology);

// Memory placed on one NUMA node, freed on destruction. The Topology must outlive it.
class NodeMemory {
  public:
    NodeMemory() = default;
    NodeMemory(NodeMemory&& other) noexcept;
    NodeMemory& operator=(NodeMemory&& other) noexcept;
    NodeMemory(const NodeMemory&) = delete;
    NodeMemory& operator=(const NodeMemory&) = delete;
    ~NodeMemory();

    // Allocates `bytes` bound to `numaNode`. When binding is refused (no NUMA support,
    // a synthetic topology) the memory is still allocated, unbound, and *error says
    // why; data() is null only when allocation itself failed.
    static NodeMemory allocate(const Topology& topology, std::size_t bytes, int numaNode,
                               std::string* error);

    void* data() const { return ptr; }
    std::size_t size() const { return bytes; }
    bool bound_to_node() const { return bound; }

  private:
    void release();

    const Topology* owner = nullptr;
    void* ptr = nullptr;
    std::size_t bytes = 0;
    bool bound = false;
};

// While alive, new pages the calling thread touches come from one NUMA node; on
// destruction the thread returns to the default policy (pages from the node it runs
// on), the one search threads use. Used to build per-node copies.
class ScopedNodeMemoryPolicy {
  public:
    ScopedNodeMemoryPolicy(const Topology& topology, int numaNode);
    ScopedNodeMemoryPolicy(const ScopedNodeMemoryPolicy&) = delete;
    ScopedNodeMemoryPolicy& operator=(const ScopedNodeMemoryPolicy&) = delete;
    ~ScopedNodeMemoryPolicy();

    bool active() const { return applied; }
    const std::string& error() const { return message; }

  private:
    const Topology& topology;
    bool applied = false;
    std::string message;
};

} // namespace flotilla
