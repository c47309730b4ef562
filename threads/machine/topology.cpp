#include "threads/machine/topology.h"

#include "threads/machine/hwloc_native.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>

namespace flotilla {

int TopologyDescription::allowed_pus() const {
    return int(std::count_if(pus.begin(), pus.end(), [](const auto& pu) { return pu.allowed; }));
}

std::vector<int> TopologyDescription::allowed_pus_of_node(int node) const {
    std::vector<int> result;
    for (const auto& pu : pus)
        if (pu.allowed && pu.numaNode == node) result.push_back(pu.osIndex);
    return result;
}

int TopologyDescription::allowed_cores() const {
    std::set<int> cores;
    for (const auto& pu : pus)
        if (pu.allowed) cores.insert(pu.core);
    return int(cores.size());
}

const ProcessingUnit* TopologyDescription::find_pu(int osIndex) const {
    for (const auto& pu : pus)
        if (pu.osIndex == osIndex) return &pu;
    return nullptr;
}

namespace {

int logical_index_of_ancestor(hwloc_topology_t t, hwloc_obj_type_t type, hwloc_obj_t pu) {
    hwloc_obj_t a = hwloc_get_ancestor_obj_by_type(t, type, pu);
    return a ? int(a->logical_index) : -1;
}

// Reads the loaded hwloc topology into the plain description; a PU is allowed when
// its OS index is set in `allowed`.
TopologyDescription describe(hwloc_topology_t t, hwloc_const_cpuset_t allowed) {
    TopologyDescription d;
    d.packages = std::max(1, hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PACKAGE));

    // NUMA nodes live beside the CPU tree in hwloc 2, so a PU finds its node through
    // the node's cpuset rather than as an ancestor.
    std::vector<hwloc_obj_t> nodes;
    for (hwloc_obj_t n = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_NUMANODE, nullptr); n;
         n = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_NUMANODE, n)) {
        nodes.push_back(n);
        d.numaNodes.push_back({int(n->os_index), n->attr ? n->attr->numanode.local_memory : 0});
    }
    if (d.numaNodes.empty()) d.numaNodes.push_back({0, 0});

    for (hwloc_obj_t c = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_L3CACHE, nullptr); c;
         c = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_L3CACHE, c))
        d.l3Caches.push_back({c->attr ? c->attr->cache.size : 0});

    const int realCores = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_CORE);
    int extraCores = 0; // PUs without a Core object count as a core of their own
    std::set<int> cores;
    for (hwloc_obj_t o = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_PU, nullptr); o;
         o = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_PU, o)) {
        ProcessingUnit pu;
        pu.osIndex = int(o->os_index);
        pu.core = logical_index_of_ancestor(t, HWLOC_OBJ_CORE, o);
        if (pu.core < 0) pu.core = std::max(realCores, 0) + extraCores++;
        pu.package = std::max(0, logical_index_of_ancestor(t, HWLOC_OBJ_PACKAGE, o));
        pu.l3 = logical_index_of_ancestor(t, HWLOC_OBJ_L3CACHE, o);
        pu.numaNode = 0;
        for (std::size_t i = 0; i < nodes.size(); ++i)
            if (nodes[i]->cpuset && hwloc_bitmap_isset(nodes[i]->cpuset, o->os_index)) {
                pu.numaNode = int(i);
                break;
            }
        pu.allowed = hwloc_bitmap_isset(allowed, o->os_index);
        cores.insert(pu.core);
        d.pus.push_back(pu);
    }
    d.cores = int(cores.size());
    return d;
}

std::string errno_text() { return std::strerror(errno); }

} // namespace

Topology::Topology(std::unique_ptr<Native> native, TopologyDescription description)
    : handle(std::move(native)), desc(std::move(description)) {}
Topology::Topology(Topology&&) noexcept = default;
Topology& Topology::operator=(Topology&&) noexcept = default;
Topology::~Topology() = default;

bool Topology::is_this_system() const { return handle && handle->thisSystem; }

std::optional<Topology> Topology::detect(std::string* error) {
    auto native = std::make_unique<Native>();
    if (hwloc_topology_init(&native->topology) != 0) {
        if (error) *error = "hwloc could not start: " + errno_text();
        return std::nullopt;
    }
    // Keep PUs outside our cgroup in the description (marked not allowed), so the
    // report shows the whole machine and what the process may use of it.
    hwloc_topology_set_flags(native->topology, HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED);
    if (hwloc_topology_load(native->topology) != 0) {
        if (error) *error = "hwloc could not read this machine's topology: " + errno_text();
        return std::nullopt;
    }
    native->thisSystem = hwloc_topology_is_thissystem(native->topology) != 0;

    // cgroups give the allowed cpuset; taskset (sched_setaffinity) gives the binding.
    Bitmap allowed(hwloc_topology_get_allowed_cpuset(native->topology));
    Bitmap binding;
    if (!allowed.valid() || !binding.valid()) {
        if (error) *error = "out of memory reading the topology";
        return std::nullopt;
    }
    if (hwloc_get_cpubind(native->topology, binding.get(), HWLOC_CPUBIND_PROCESS) == 0 &&
        hwloc_bitmap_intersects(allowed.get(), binding.get()))
        hwloc_bitmap_and(allowed.get(), allowed.get(), binding.get());

    TopologyDescription d = describe(native->topology, allowed.get());
    d.source = "this machine";
    if (d.pus.empty() || d.allowed_pus() == 0) {
        if (error) *error = "hwloc found no hardware thread this process may run on";
        return std::nullopt;
    }
    return Topology(std::move(native), std::move(d));
}

std::optional<Topology> Topology::synthetic(const std::string& spec,
                                            const std::optional<std::vector<int>>& allowedPus,
                                            std::string* error) {
    auto native = std::make_unique<Native>();
    if (hwloc_topology_init(&native->topology) != 0) {
        if (error) *error = "hwloc could not start: " + errno_text();
        return std::nullopt;
    }
    if (hwloc_topology_set_synthetic(native->topology, spec.c_str()) != 0) {
        if (error) *error = "hwloc cannot read the synthetic topology \"" + spec + "\"";
        return std::nullopt;
    }
    if (hwloc_topology_load(native->topology) != 0) {
        if (error) *error = "hwloc could not build the synthetic topology \"" + spec + "\"";
        return std::nullopt;
    }
    native->thisSystem = false;

    hwloc_const_cpuset_t all = hwloc_topology_get_topology_cpuset(native->topology);
    Bitmap allowed(all);
    if (!allowed.valid()) {
        if (error) *error = "out of memory reading the topology";
        return std::nullopt;
    }
    if (allowedPus) {
        if (allowedPus->empty()) {
            if (error) *error = "the restricted cpuset is empty: no hardware thread allowed";
            return std::nullopt;
        }
        hwloc_bitmap_zero(allowed.get());
        for (int pu : *allowedPus) {
            if (pu < 0 || !hwloc_bitmap_isset(all, unsigned(pu))) {
                if (error)
                    *error = "cpu " + std::to_string(pu) + " is not in the synthetic topology \"" +
                             spec + "\"";
                return std::nullopt;
            }
            hwloc_bitmap_set(allowed.get(), unsigned(pu));
        }
    }

    TopologyDescription d = describe(native->topology, allowed.get());
    d.source = "synthetic \"" + spec + "\"";
    if (d.pus.empty()) {
        if (error) *error = "the synthetic topology \"" + spec + "\" has no hardware thread";
        return std::nullopt;
    }
    return Topology(std::move(native), std::move(d));
}

} // namespace flotilla
