#include "threads/pool.h"

#include "threads/machine/affinity.h"

#include <new>
#include <system_error>

namespace flotilla::threads {

PoolThread::PoolThread(search::TranspositionTable& tt, const Topology* topology,
                       std::vector<int> pus, int numaNode, const EvalWeights* weights, int index) {
    thread = std::thread(
        [this, &tt, start = Start{topology, std::move(pus), numaNode, weights, index}]() mutable {
            loop(tt, std::move(start));
        });
}

void PoolThread::wait_ready() {
    std::unique_lock lock(mutex);
    idle.wait(lock, [&] { return ready; });
}

void PoolThread::request_exit() {
    {
        std::unique_lock lock(mutex);
        idle.wait(lock, [&] { return !hasJob; });
        exiting = true;
    }
    wake.notify_one();
}

PoolThread::~PoolThread() {
    request_exit();
    thread.join();
}

void PoolThread::loop(search::TranspositionTable& tt, Start start) {
    std::string error;
    if (start.topology && !start.pus.empty() &&
        !bind_current_thread(*start.topology, start.pus, &error))
        bindError = "thread " + std::to_string(start.index) + " not bound: " + error;
    // Created here, after binding, so that its pages come from this thread's node.
    std::unique_ptr<search::Worker> created;
    try {
        created = std::make_unique<search::Worker>(tt);
    } catch (const std::bad_alloc&) {
        {
            std::lock_guard lock(mutex);
            startError = "thread " + std::to_string(start.index) +
                         ": not enough memory for its search state";
            ready = true;
        }
        idle.notify_all();
        std::unique_lock lock(mutex);
        wake.wait(lock, [&] { return exiting; });
        return;
    }
    int where = start.numaNode;
    if (start.weights) {
        // The pool builds the copies only with a topology, so start.topology is set.
        where = start.numaNode >= 0 ? start.numaNode : current_numa_node(*start.topology);
        created->use_eval_weights(start.weights->on_node(where));
    }
    {
        std::lock_guard lock(mutex);
        node = where;
        searchWorker = std::move(created);
        ready = true;
    }
    idle.notify_all();
    while (true) {
        Job next;
        {
            std::unique_lock lock(mutex);
            wake.wait(lock, [&] { return hasJob || exiting; });
            if (exiting) return;
            next = std::move(job);
        }
        next(*searchWorker);
        {
            std::lock_guard lock(mutex);
            hasJob = false;
            job = nullptr;
        }
        idle.notify_all();
    }
}

void PoolThread::dispatch(Job next) {
    {
        std::unique_lock lock(mutex);
        idle.wait(lock, [&] { return !hasJob; });
        job = std::move(next);
        hasJob = true;
    }
    wake.notify_one();
}

void PoolThread::wait_idle() {
    std::unique_lock lock(mutex);
    idle.wait(lock, [&] { return !hasJob; });
}

ThreadPool::ThreadPool(search::TranspositionTable& table, const Topology* machine)
    : tt(table), topology(machine),
      weights(machine
                  ? std::make_unique<const PoolThread::EvalWeights>(*machine, eval::DEFAULT_WEIGHTS)
                  : nullptr) {}

ThreadPool::~ThreadPool() { stop_all(); }

// Tells every thread to exit before joining any, so they wind down in parallel.
void ThreadPool::stop_all() {
    for (const auto& t : threads) t->request_exit();
    threads.clear(); // joins
}

std::string ThreadPool::resize(int count, const NumaPolicy& policy, int fallback) {
    const std::string error = try_resize(count, policy);
    if (error.empty()) return error;
    for (int smaller : {fallback, 1}) {
        if (smaller >= count) continue;
        if (try_resize(smaller, policy).empty()) return error;
    }
    return error;
}

std::string ThreadPool::try_resize(int count, const NumaPolicy& policy) {
    stop_all();
    placementWarnings.clear();
    std::string error;
    PlacementPlan plan;
    if (topology) plan = plan_placement(topology->description(), count, policy);
    placementWarnings = plan.warnings;
    if (weights)
        placementWarnings.insert(placementWarnings.end(), weights->warnings().begin(),
                                 weights->warnings().end());
    for (int i = 0; i < count; ++i) {
        std::vector<int> pus;
        int node = -1;
        if (std::size_t(i) < plan.threads.size()) {
            pus = plan.threads[std::size_t(i)].pus;
            node = plan.threads[std::size_t(i)].numaNode;
        }
        try {
            if (spawnHook) spawnHook(i);
            threads.push_back(
                std::make_unique<PoolThread>(tt, topology, std::move(pus), node, weights.get(), i));
        } catch (const std::system_error& e) {
            error = "the system refused thread " + std::to_string(i) + " (" + e.what() + ")";
            break;
        } catch (const std::bad_alloc&) {
            error = "not enough memory for thread " + std::to_string(i);
            break;
        }
    }
    // The threads start and allocate their workers in parallel; then collect warnings.
    for (const auto& t : threads) {
        t->wait_ready();
        if (!t->start_error().empty() && error.empty()) error = t->start_error();
        if (!t->bind_error().empty()) placementWarnings.push_back(t->bind_error());
    }
    if (!error.empty()) {
        stop_all(); // the threads that started exit; none has a job
        return error;
    }
    for (const auto& t : threads) t->worker().use_network(network_on_node(t->numa_node()));
    return error;
}

const nnue::Network* ThreadPool::network_on_node(int node) const {
    if (networks) return &networks->on_node(node);
    return networkCopy.get();
}

void ThreadPool::use_network(const nnue::Network* net) {
    std::unique_ptr<const PoolThread::EvalNetwork> replicas;
    std::unique_ptr<const nnue::Network> copy;
    if (net && topology)
        replicas = std::make_unique<const PoolThread::EvalNetwork>(*topology, *net);
    else if (net)
        copy = std::make_unique<const nnue::Network>(*net);
    // The workers switch to the new copies before the old ones are freed.
    networks.swap(replicas);
    networkCopy.swap(copy);
    for (const auto& t : threads) t->worker().use_network(network_on_node(t->numa_node()));
}

} // namespace flotilla::threads
