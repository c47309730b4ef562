#include "threads/machine/placement.h"

#include "threads/machine/cpu_list.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace flotilla {

namespace {

std::string lower_trimmed(std::string_view text) {
    while (!text.empty() && std::isspace((unsigned char)text.front())) text.remove_prefix(1);
    while (!text.empty() && std::isspace((unsigned char)text.back())) text.remove_suffix(1);
    std::string s(text);
    for (char& c : s) c = char(std::tolower((unsigned char)c));
    return s;
}

// Round-robin over groups, keeping the order inside each group: for groups
// {a1,a2},{b1},{c1,c2} gives a1,b1,c1,a2,c2. This is the "spread" used at every level.
template <typename T> std::vector<T> interleave(const std::vector<std::vector<T>>& groups) {
    std::vector<T> out;
    for (std::size_t rank = 0;; ++rank) {
        bool any = false;
        for (const auto& g : groups)
            if (rank < g.size()) {
                out.push_back(g[rank]);
                any = true;
            }
        if (!any) return out;
    }
}

// Groups items by key, groups in order of first appearance, items in input order.
template <typename T, typename KeyFn>
std::vector<std::vector<T>> group_by(const std::vector<T>& items, KeyFn key) {
    std::vector<std::vector<T>> groups;
    std::map<int, std::size_t> where;
    for (const T& item : items) {
        auto [it, fresh] = where.try_emplace(key(item), groups.size());
        if (fresh) groups.emplace_back();
        groups[it->second].push_back(item);
    }
    return groups;
}

// An allowed core: its allowed PUs in logical order.
struct CoreSlots {
    int node = 0;
    int package = 0;
    int l3 = -1;
    std::vector<const ProcessingUnit*> pus;
};

// The order in which auto hands out PUs. Round r takes the r-th allowed hardware
// thread of every core that has one, so second SMT threads come only after every
// core has a thread. Within a round, cores are spread over NUMA nodes (nodes
// themselves alternating over packages) and, inside a node, over L3 caches.
std::vector<const ProcessingUnit*> auto_order(const TopologyDescription& topology) {
    std::vector<CoreSlots> cores;
    std::map<int, std::size_t> coreIndex;
    for (const auto& pu : topology.pus) {
        if (!pu.allowed) continue;
        auto [it, fresh] = coreIndex.try_emplace(pu.core, cores.size());
        if (fresh) cores.push_back({pu.numaNode, pu.package, pu.l3, {}});
        cores[it->second].pus.push_back(&pu);
    }

    // Nodes in an order that alternates packages: pack0-node0, pack1-node0, pack0-node1...
    std::vector<std::vector<const CoreSlots*>> byNode;
    {
        std::vector<const CoreSlots*> all;
        for (const auto& c : cores) all.push_back(&c);
        auto nodes = group_by(all, [](const CoreSlots* c) { return c->node; });
        auto packages = group_by(nodes, [](const auto& n) { return n.front()->package; });
        byNode = interleave(packages);
    }
    // Within each node, cores alternate over its L3 caches (e.g. AMD CCXs).
    for (auto& nodeCores : byNode)
        nodeCores = interleave(group_by(nodeCores, [](const CoreSlots* c) { return c->l3; }));

    std::size_t maxSmt = 0;
    for (const auto& c : cores) maxSmt = std::max(maxSmt, c.pus.size());

    std::vector<const ProcessingUnit*> order;
    for (std::size_t round = 0; round < maxSmt; ++round) {
        std::vector<std::vector<const ProcessingUnit*>> perNode;
        for (const auto& nodeCores : byNode) {
            perNode.emplace_back();
            for (const CoreSlots* c : nodeCores)
                if (round < c->pus.size()) perNode.back().push_back(c->pus[round]);
        }
        for (const ProcessingUnit* pu : interleave(perNode)) order.push_back(pu);
    }
    return order;
}

// Thread i takes slot i mod slots: oversubscription wraps round, so every slot gets
// floor(threads/slots) or one more.
void assign_in_order(const std::vector<const ProcessingUnit*>& slots, int threads,
                     PlacementPlan* plan) {
    for (int i = 0; i < threads; ++i) {
        const ProcessingUnit* pu = slots[std::size_t(i) % slots.size()];
        plan->threads.push_back({{pu->osIndex}, pu->numaNode});
    }
}

std::string wrap_warning(int threads, std::size_t slots, const std::string& what) {
    const std::size_t fewest = std::size_t(threads) / slots;
    const std::string load = std::size_t(threads) % slots == 0
                                 ? std::to_string(fewest)
                                 : std::to_string(fewest) + " or " + std::to_string(fewest + 1);
    return std::to_string(threads) + " threads on " + std::to_string(slots) + " " + what +
           ": oversubscribed, each runs " + load + " threads";
}

void unbound(int threads, PlacementPlan* plan) {
    plan->threads.assign(std::size_t(std::max(threads, 0)), ThreadPlacement{});
}

// Auto keeps the per-core plan's choice of node for each thread but binds the thread to
// every allowed PU of that node: memory stays local while the OS balances the threads
// inside the node. Pinned to single cores, several engines on one machine (a match
// playing two games at once, a GUI running two engines) all piled onto the first core.
// With one node there is nothing to keep local, so nothing is bound.
void widen_to_nodes(const TopologyDescription& topology, PlacementPlan* plan) {
    std::vector<std::vector<int>> nodePus;
    for (int node = 0; node < int(topology.numaNodes.size()); ++node)
        nodePus.push_back(topology.allowed_pus_of_node(node));
    if (std::count_if(nodePus.begin(), nodePus.end(), [](const auto& p) { return !p.empty(); }) <=
        1) {
        unbound(int(plan->threads.size()), plan);
        return;
    }
    for (auto& t : plan->threads) t.pus = nodePus[std::size_t(t.numaNode)];
}

} // namespace

std::optional<NumaPolicy> parse_numa_policy(std::string_view text, std::string* error) {
    const std::string s = lower_trimmed(text);
    if (s == "auto") return NumaPolicy{NumaPolicy::Kind::Auto, {}};
    if (s == "cores") return NumaPolicy{NumaPolicy::Kind::Cores, {}};
    if (s == "none") return NumaPolicy{NumaPolicy::Kind::None, {}};
    if (s.empty()) {
        if (error) *error = "empty NumaPolicy: use auto, cores, none or a cpu list such as 0-3,8";
        return std::nullopt;
    }
    std::string listError;
    auto cpus = parse_cpu_list(s, &listError);
    if (!cpus) {
        if (error)
            *error = "bad NumaPolicy '" + std::string(text) + "': " + listError +
                     " (use auto, cores, none or a cpu list such as 0-3,8)";
        return std::nullopt;
    }
    return NumaPolicy{NumaPolicy::Kind::CpuList, std::move(*cpus)};
}

std::string to_string(const NumaPolicy& policy) {
    switch (policy.kind) {
    case NumaPolicy::Kind::Auto: return "auto";
    case NumaPolicy::Kind::Cores: return "cores";
    case NumaPolicy::Kind::None: return "none";
    case NumaPolicy::Kind::CpuList: return format_cpu_list(policy.cpus);
    }
    return "auto";
}

bool PlacementPlan::binds() const {
    return std::any_of(threads.begin(), threads.end(), [](const auto& t) { return t.bound(); });
}

PlacementPlan plan_placement(const TopologyDescription& topology, int threads,
                             const NumaPolicy& policy) {
    PlacementPlan plan;
    if (threads <= 0) return plan;
    if (threads > MAX_PLANNED_THREADS) {
        plan.warnings.push_back(std::to_string(threads) + " threads is more than the " +
                                std::to_string(MAX_PLANNED_THREADS) + " the planner accepts");
        return plan;
    }

    if (policy.kind == NumaPolicy::Kind::None) {
        unbound(threads, &plan);
        return plan;
    }

    if (policy.kind == NumaPolicy::Kind::CpuList) {
        std::vector<const ProcessingUnit*> slots;
        std::vector<int> ignored;
        for (int cpu : policy.cpus) {
            const ProcessingUnit* pu = topology.find_pu(cpu);
            if (pu && pu->allowed)
                slots.push_back(pu);
            else
                ignored.push_back(cpu);
        }
        if (!ignored.empty())
            plan.warnings.push_back((ignored.size() == 1 ? "cpu " : "cpus ") +
                                    format_cpu_list(ignored) +
                                    " not on this machine or not allowed: ignored");
        if (slots.empty()) {
            plan.warnings.push_back("no usable cpu in NumaPolicy " + to_string(policy) +
                                    ": threads are not bound");
            unbound(threads, &plan);
            return plan;
        }
        if (std::size_t(threads) > slots.size())
            plan.warnings.push_back(wrap_warning(threads, slots.size(), "listed cpus"));
        assign_in_order(slots, threads, &plan);
        return plan;
    }

    const auto slots = auto_order(topology);
    if (slots.empty()) {
        plan.warnings.push_back("no allowed hardware thread: threads are not bound");
        unbound(threads, &plan);
        return plan;
    }
    const int cores = topology.allowed_cores();
    if (std::size_t(threads) > slots.size())
        plan.warnings.push_back(wrap_warning(threads, slots.size(), "allowed hardware threads"));
    else if (threads > cores)
        plan.warnings.push_back(std::to_string(threads) + " threads on " + std::to_string(cores) +
                                " allowed cores: " + std::to_string(threads - cores) +
                                " of them share a core with another (SMT)");
    assign_in_order(slots, threads, &plan);
    if (policy.kind == NumaPolicy::Kind::Auto) widen_to_nodes(topology, &plan);
    return plan;
}

} // namespace flotilla
