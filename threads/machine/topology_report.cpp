#include "threads/machine/topology_report.h"

#include "threads/machine/cpu_list.h"
#include "threads/machine/placement.h"

#include <cstdio>
#include <set>

namespace flotilla {

namespace {

std::string bytes_text(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, value < 10 && unit > 0 ? "%.1f %s" : "%.0f %s", value,
                  units[unit]);
    return buf;
}

std::string node_line(const TopologyDescription& t, int node) {
    std::vector<int> pus, allowed;
    std::set<int> cores, packages;
    for (const auto& pu : t.pus) {
        if (pu.numaNode != node) continue;
        pus.push_back(pu.osIndex);
        cores.insert(pu.core);
        packages.insert(pu.package);
        if (pu.allowed) allowed.push_back(pu.osIndex);
    }
    const auto& info = t.numaNodes[std::size_t(node)];
    std::string line = "node " + std::to_string(node) + " (os " + std::to_string(info.osIndex) +
                       "): package " +
                       (packages.empty() ? std::string("-") : std::to_string(*packages.begin())) +
                       ", " + std::to_string(cores.size()) + " cores, PUs " +
                       (pus.empty() ? "none" : format_cpu_list(pus)) + ", allowed " +
                       (allowed.empty() ? "none" : format_cpu_list(allowed));
    if (info.memoryBytes) line += ", memory " + bytes_text(info.memoryBytes);
    return line + "\n";
}

std::string l3_line(const TopologyDescription& t) {
    if (t.l3Caches.empty()) return "L3 caches: unknown\n";
    std::set<std::uint64_t> sizes;
    for (const auto& c : t.l3Caches) sizes.insert(c.sizeBytes);
    std::string line = "L3 caches: " + std::to_string(t.l3Caches.size());
    if (sizes.size() == 1)
        line += " x " + bytes_text(*sizes.begin());
    else
        for (std::size_t i = 0; i < t.l3Caches.size(); ++i)
            line += (i ? ", " : " (") + bytes_text(t.l3Caches[i].sizeBytes) +
                    (i + 1 == t.l3Caches.size() ? ")" : "");
    return line + "\n";
}

} // namespace

std::string describe_topology(const TopologyDescription& t) {
    std::string out = "topology: " + t.source + "\n";
    out += "packages " + std::to_string(t.packages) + ", NUMA nodes " +
           std::to_string(t.numaNodes.size()) + ", cores " + std::to_string(t.cores) + " (" +
           std::to_string(t.allowed_cores()) + " allowed), hardware threads " +
           std::to_string(t.pus.size()) + " (" + std::to_string(t.allowed_pus()) + " allowed)\n";
    for (int node = 0; node < int(t.numaNodes.size()); ++node) out += node_line(t, node);
    return out + l3_line(t);
}

std::string topology_report(const TopologyDescription& t, int threads,
                            std::string_view policyText) {
    std::string out = describe_topology(t);
    std::string error;
    auto policy = parse_numa_policy(policyText, &error);
    if (!policy) return out + "error: " + error + "\n";

    const PlacementPlan plan = plan_placement(t, threads, *policy);
    out += "plan: " + std::to_string(threads) + " threads, NumaPolicy " + to_string(*policy) +
           (plan.binds() ? "" : ", no binding") + "\n";
    for (std::size_t i = 0; i < plan.threads.size(); ++i) {
        const auto& th = plan.threads[i];
        out += "thread " + std::to_string(i) + ": ";
        if (!th.bound()) {
            out += "not bound\n";
            continue;
        }
        if (th.pus.size() > 1) {
            out +=
                "PUs " + format_cpu_list(th.pus) + ", node " + std::to_string(th.numaNode) + "\n";
            continue;
        }
        const ProcessingUnit* pu = t.find_pu(th.pus.front());
        out += "PU " + format_cpu_list(th.pus) + ", core " + std::to_string(pu ? pu->core : -1) +
               ", node " + std::to_string(th.numaNode) + "\n";
    }
    for (const auto& w : plan.warnings) out += "warning: " + w + "\n";
    return out;
}

} // namespace flotilla
