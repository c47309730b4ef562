#include "threads/table_placement.h"

#include "threads/machine/affinity.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <thread>
#include <utility>

namespace flotilla::threads {

namespace {

constexpr std::size_t BYTES_PER_WORKER = std::size_t(64) << 20;

std::size_t workers_for(std::size_t bytes, std::size_t most) {
    return std::clamp<std::size_t>(bytes / BYTES_PER_WORKER, 1, std::max<std::size_t>(most, 1));
}

} // namespace

std::vector<int> table_nodes(const TopologyDescription& topology, const PlacementPlan& threads) {
    std::vector<int> nodes;
    for (const ThreadPlacement& t : threads.threads)
        if (t.bound() && t.numaNode >= 0) nodes.push_back(t.numaNode);
    if (nodes.empty())
        for (int n = 0; n < int(topology.numaNodes.size()); ++n)
            if (!topology.allowed_pus_of_node(n).empty()) nodes.push_back(n);
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    return nodes;
}

TableClearPlan plan_table_clear(const TopologyDescription& topology, const PlacementPlan& threads,
                                std::size_t tableBytes) {
    TableClearPlan plan;
    const std::vector<int> nodes = table_nodes(topology, threads);
    if (nodes.size() <= 1) {
        // Nothing to place: plain parallel slices.
        const std::size_t count = workers_for(tableBytes, std::size_t(topology.allowed_pus()));
        plan.workers.resize(count);
        return plan;
    }
    std::vector<std::vector<int>> pus;
    std::size_t fewest = SIZE_MAX;
    for (int node : nodes) {
        pus.push_back(topology.allowed_pus_of_node(node));
        fewest = std::min(fewest, pus.back().size());
    }
    const std::size_t perNode = workers_for(tableBytes / nodes.size(), fewest);
    for (std::size_t i = 0; i < perNode * nodes.size(); ++i)
        plan.workers.push_back({nodes[i % nodes.size()], pus[i % nodes.size()]});
    return plan;
}

search::TranspositionTable::ClearExecutor table_clear_executor(const Topology* topology,
                                                               PlacementPlan threads) {
    if (!topology) return {};
    return [topology, threads = std::move(threads)](
               std::size_t tableBytes, const search::TranspositionTable::ClearPart& clearPart) {
        const TableClearPlan plan = plan_table_clear(topology->description(), threads, tableBytes);
        const std::size_t parts = plan.workers.size();
        std::vector<std::thread> workers;
        // Bound workers all get threads of their own (binding the caller would move the
        // UCI thread); an unbound plan runs part 0 on the caller.
        const bool bound = plan.workers[0].bound();
        for (std::size_t i = bound ? 0 : 1; i < parts; ++i)
            workers.emplace_back([&, i] {
                std::string ignored; // unbound, the part is still cleared, only maybe remote
                if (plan.workers[i].bound())
                    bind_current_thread(*topology, plan.workers[i].pus, &ignored);
                clearPart(i, parts);
            });
        if (!bound) clearPart(0, parts);
        for (std::thread& w : workers) w.join();
    };
}

} // namespace flotilla::threads
