#include "threads/machine/affinity.h"

#include "threads/machine/hwloc_native.h"

#include <cerrno>
#include <cstring>
#include <utility>

namespace flotilla {

namespace {

hwloc_topology_t handle(const Topology& topology) { return topology.native().topology; }

std::string errno_text() { return std::strerror(errno); }

bool check_real(const Topology& topology, const char* what, std::string* error) {
    if (topology.is_this_system()) return true;
    if (error)
        *error = std::string("cannot ") + what + " on " + topology.description().source +
                 ": it is not this machine";
    return false;
}

bool valid_node(const Topology& topology, int node, std::string* error) {
    const int nodes = int(topology.description().numaNodes.size());
    if (node >= 0 && node < nodes) return true;
    if (error)
        *error = "NUMA node " + std::to_string(node) + " does not exist (this machine has " +
                 std::to_string(nodes) + ")";
    return false;
}

// The nodeset holding one node, by its OS index.
void node_set(const Topology& topology, int node, hwloc_nodeset_t set) {
    hwloc_bitmap_only(set, unsigned(topology.description().numaNodes[std::size_t(node)].osIndex));
}

} // namespace

bool bind_current_thread(const Topology& topology, const std::vector<int>& pus,
                         std::string* error) {
    if (!check_real(topology, "bind a thread", error)) return false;
    if (pus.empty()) {
        if (error) *error = "no cpu to bind to";
        return false;
    }
    Bitmap set;
    for (int pu : pus) {
        const ProcessingUnit* found = topology.description().find_pu(pu);
        if (!found || !found->allowed) {
            if (error) *error = "cpu " + std::to_string(pu) + " is not allowed for this process";
            return false;
        }
        hwloc_bitmap_set(set.get(), unsigned(pu));
    }
    if (hwloc_set_cpubind(handle(topology), set.get(), HWLOC_CPUBIND_THREAD) != 0) {
        if (error) *error = "binding the thread failed: " + errno_text();
        return false;
    }
    return true;
}

std::vector<int> current_thread_binding(const Topology& topology) {
    std::vector<int> pus;
    if (!topology.is_this_system()) return pus;
    Bitmap set;
    if (hwloc_get_cpubind(handle(topology), set.get(), HWLOC_CPUBIND_THREAD) != 0) return pus;
    for (int i = hwloc_bitmap_first(set.get()); i >= 0; i = hwloc_bitmap_next(set.get(), i))
        pus.push_back(i);
    return pus;
}

int current_numa_node(const Topology& topology) {
    if (!topology.is_this_system()) return 0;
    Bitmap set;
    if (hwloc_get_last_cpu_location(handle(topology), set.get(), HWLOC_CPUBIND_THREAD) != 0)
        return 0;
    const ProcessingUnit* pu = topology.description().find_pu(hwloc_bitmap_first(set.get()));
    return pu ? pu->numaNode : 0;
}

NodeMemory::NodeMemory(NodeMemory&& other) noexcept
    : owner(std::exchange(other.owner, nullptr)), ptr(std::exchange(other.ptr, nullptr)),
      bytes(std::exchange(other.bytes, 0)), bound(std::exchange(other.bound, false)) {}

NodeMemory& NodeMemory::operator=(NodeMemory&& other) noexcept {
    if (this != &other) {
        release();
        owner = std::exchange(other.owner, nullptr);
        ptr = std::exchange(other.ptr, nullptr);
        bytes = std::exchange(other.bytes, 0);
        bound = std::exchange(other.bound, false);
    }
    return *this;
}

NodeMemory::~NodeMemory() { release(); }

void NodeMemory::release() {
    if (ptr) hwloc_free(handle(*owner), ptr, bytes);
    ptr = nullptr;
}

NodeMemory NodeMemory::allocate(const Topology& topology, std::size_t bytes, int numaNode,
                                std::string* error) {
    NodeMemory m;
    if (bytes == 0) {
        if (error) *error = "cannot allocate zero bytes";
        return m;
    }
    m.owner = &topology;
    m.bytes = bytes;
    if (check_real(topology, "place memory", error) && valid_node(topology, numaNode, error)) {
        Bitmap nodes;
        node_set(topology, numaNode, nodes.get());
        // STRICT: report a refusal rather than silently getting memory elsewhere.
        m.ptr = hwloc_alloc_membind(handle(topology), bytes, nodes.get(), HWLOC_MEMBIND_BIND,
                                    HWLOC_MEMBIND_STRICT | HWLOC_MEMBIND_BYNODESET);
        if (m.ptr) {
            m.bound = true;
            return m;
        }
        if (error) *error = "binding memory to NUMA node failed: " + errno_text();
    }
    m.ptr = hwloc_alloc(handle(topology), bytes);
    if (!m.ptr) {
        if (error) *error = "allocating " + std::to_string(bytes) + " bytes failed";
        m.bytes = 0;
    }
    return m;
}

ScopedNodeMemoryPolicy::ScopedNodeMemoryPolicy(const Topology& topology, int numaNode)
    : topology(topology) {
    if (!check_real(topology, "place memory", &message) ||
        !valid_node(topology, numaNode, &message))
        return;
    Bitmap nodes;
    node_set(topology, numaNode, nodes.get());
    if (hwloc_set_membind(handle(topology), nodes.get(), HWLOC_MEMBIND_BIND,
                          HWLOC_MEMBIND_THREAD | HWLOC_MEMBIND_BYNODESET) != 0) {
        message = "binding the thread's memory to NUMA node failed: " + errno_text();
        return;
    }
    applied = true;
}

ScopedNodeMemoryPolicy::~ScopedNodeMemoryPolicy() {
    // Back to the default policy (local node first) that search threads run with.
    if (applied)
        hwloc_set_membind(handle(topology), hwloc_topology_get_complete_nodeset(handle(topology)),
                          HWLOC_MEMBIND_DEFAULT, HWLOC_MEMBIND_THREAD | HWLOC_MEMBIND_BYNODESET);
}

} // namespace flotilla
