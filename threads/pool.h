// A persistent pool of search threads. Each thread is bound per the placement plan
// first, then creates its own search::Worker (histories, killers, stacks), so first
// touch puts that memory on the thread's NUMA node. Idle threads sleep on a condition
// variable; they never spin.
#pragma once

#include "eval/nnue/network.h"
#include "eval/weights.h"
#include "search/worker.h"
#include "threads/machine/numa_replicated.h"
#include "threads/machine/placement.h"
#include "threads/machine/topology.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace flotilla::threads {

class PoolThread {
  public:
    using Job = std::function<void(search::Worker&)>;

    using EvalWeights = NumaReplicated<eval::Weights>;
    using EvalNetwork = NumaReplicated<nnue::Network>;

    // Starts the thread; it binds itself (when pus is non-empty and topology given), then
    // creates its worker, which reads the copy of the evaluation weights on numaNode
    // (where the thread is now, when -1; the built-in weights when weights is null).
    // Call wait_ready() before anything else.
    PoolThread(search::TranspositionTable& tt, const Topology* topology, std::vector<int> pus,
               int numaNode, const EvalWeights* weights, int index);
    void wait_ready();
    // Asks the thread to exit once idle; the destructor joins it.
    void request_exit();
    ~PoolThread();
    PoolThread(const PoolThread&) = delete;
    PoolThread& operator=(const PoolThread&) = delete;

    // Runs job on this thread; waits first for a previous job to finish.
    void dispatch(Job job);
    // Blocks until no job is pending or running.
    void wait_idle();
    // Only while idle (after wait_idle), from the thread that dispatches.
    // The worker pointer is set before the constructor returns and never changes, so
    // others may also read its atomic counters while it searches.
    search::Worker& worker() const { return *searchWorker; }
    const std::string& bind_error() const { return bindError; }
    // Why the thread has no worker (its memory could not be allocated); empty when it has
    // one. A thread without a worker must get no job; it only waits to exit.
    const std::string& start_error() const { return startError; }
    // The NUMA node whose copies of the shared tables this thread reads (-1: unknown).
    int numa_node() const { return node; }

  private:
    struct Start {
        const Topology* topology;
        std::vector<int> pus;
        int numaNode;
        const EvalWeights* weights;
        int index;
    };
    void loop(search::TranspositionTable& tt, Start start);

    std::mutex mutex;
    std::condition_variable wake; // a job arrived, or exit
    std::condition_variable idle; // the job finished, or the worker is ready
    Job job;
    bool hasJob = false;
    bool ready = false;
    bool exiting = false;
    std::unique_ptr<search::Worker> searchWorker;
    std::string bindError;
    std::string startError;
    int node = -1;
    std::thread thread;
};

class ThreadPool {
  public:
    // topology may be null (detection failed): then nothing is bound.
    ThreadPool(search::TranspositionTable& tt, const Topology* topology);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    // Replaces the threads by `count` new ones placed per `policy`. Only while idle. When
    // the system refuses a thread or the memory of a worker, the pool is rebuilt with
    // `fallback` threads (or, failing that too, one) and the reason is returned; empty
    // on success.
    std::string resize(int count, const NumaPolicy& policy, int fallback = 1);
    // Tests: called with each thread's index before it is created; it may throw what
    // creating a thread throws (std::system_error) or std::bad_alloc.
    void set_spawn_hook(std::function<void(int)> hook) { spawnHook = std::move(hook); }
    int size() const { return int(threads.size()); }
    PoolThread& operator[](int index) const { return *threads[std::size_t(index)]; }
    // Messages from placement and binding (oversubscription, refused binds).
    const std::vector<std::string>& warnings() const { return placementWarnings; }
    // One copy of the evaluation weights per NUMA node; null without a topology.
    const PoolThread::EvalWeights* eval_weights() const { return weights.get(); }
    // The network every worker evaluates with, copied once per NUMA node, each worker
    // reading its node's copy (as for the weights); null: the hand-written evaluation.
    // Threads created later get it too. Only while idle.
    void use_network(const nnue::Network* net);
    // The copy a thread on `node` reads; null when there is no network.
    const nnue::Network* network_on_node(int node) const;

  private:
    void stop_all();
    std::string try_resize(int count, const NumaPolicy& policy);

    search::TranspositionTable& tt;
    const Topology* topology;
    // Declared before the threads, whose workers point into it.
    std::unique_ptr<const PoolThread::EvalWeights> weights;
    std::unique_ptr<const PoolThread::EvalNetwork> networks; // with a topology
    std::unique_ptr<const nnue::Network> networkCopy;        // without one
    std::vector<std::unique_ptr<PoolThread>> threads;
    std::vector<std::string> placementWarnings;
    std::function<void(int)> spawnHook;
};

} // namespace flotilla::threads
