// One search thread's state and its search: iterative deepening (root.cpp),
// principal variation search and quiescence search (worker.cpp). The
// transposition table is shared and passed in; histories, killers, the stack,
// the PV table and the node counter belong to the worker.
#pragma once

#include "core/position.h"
#include "eval/nnue/accumulator.h"
#include "eval/nnue/network.h"
#include "eval/pawns.h"
#include "eval/weights.h"
#include "search/entry_export.h"
#include "search/history.h"
#include "search/limits.h"
#include "search/movepick.h"
#include "search/node.h"
#include "search/params.h"
#include "search/selectivity/singular_search.h"
#include "search/shared_search.h"
#include "search/stack.h"
#include "search/stats.h"
#include "search/syzygy.h"
#include "search/time_manager.h"
#include "search/tt.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace flotilla::search {

// What the worker reports after each iteration (and on long aspiration failures).
struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    Value score = VALUE_ZERO; // centipawns, or mate_in/mated_in(plies)
    Bound bound = BOUND_EXACT;
    std::uint64_t nodes = 0;
    std::int64_t timeMs = 0;
    int hashfull = 0;
    int multiPv = 1; // this line's rank among the MultiPV lines, from 1
    std::uint64_t tbHits = 0;
    std::vector<Move> pv;
};

struct SearchResult {
    Move bestMove = Move::none();   // none only when there is no legal move
    Move ponderMove = Move::none(); // the expected reply, when known
    Value score = VALUE_ZERO;
    int depth = 0; // last completed iteration
    std::uint64_t nodes = 0;
    std::vector<Move> pv; // the line behind bestMove and score
};

using InfoCallback = std::function<void(const SearchInfo&)>;

// A counter one thread writes and others read (Lazy SMP sums node counts for info):
// relaxed atomic load + store, so no data race and no locked instruction per node.
class RelaxedCounter {
  public:
    RelaxedCounter& operator=(std::uint64_t v) {
        value.store(v, std::memory_order_relaxed);
        return *this;
    }
    RelaxedCounter& operator++() { return *this = get() + 1; } // owner thread only
    operator std::uint64_t() const { return get(); }
    std::uint64_t get() const { return value.load(std::memory_order_relaxed); }

  private:
    std::atomic<std::uint64_t> value{0};
};

class Worker {
  public:
    explicit Worker(TranspositionTable& tt);

    // Searches `pos` within `limits` by iterative deepening (root.cpp), sharing with the
    // other threads what `shared` names. Raising shared.stop ends the search within about
    // a thousand nodes; the worker raises it itself when its own limit is reached.
    SearchResult iterative_deepening(const Position& pos, const Limits& limits,
                                     const Params& params, const SharedSearch& shared,
                                     const InfoCallback& onInfo = {});
    // A search of its own: only the stop flag is shared.
    SearchResult iterative_deepening(const Position& pos, const Limits& limits,
                                     const Params& params, std::atomic<bool>& stop,
                                     const InfoCallback& onInfo = {}) {
        return iterative_deepening(pos, limits, params, SharedSearch{stop}, onInfo);
    }

    // Forgets all move-ordering statistics (`ucinewgame`).
    void clear_histories();
    const Stats& stats() const { return counters; }
    // The ordering statistics as the last search left them; only while this worker is idle.
    const Histories& history_tables() const { return *histories; }
    Histories& history_tables() { return *histories; } // to seed a table (tests)
    // Safe to read from any thread while the search runs (Lazy SMP info lines).
    std::uint64_t nodes() const { return nodeCount.get(); }
    // Only while this worker is idle (its next search would reset it too).
    void reset_nodes() { nodeCount = 0; }
    int seldepth_reached() const { return seldepthSeen.load(std::memory_order_relaxed); }
    // The evaluation weights this worker reads (by default the built-in ones). The
    // thread pool hands each worker the copy on its own NUMA node; the object must
    // outlive the worker. Only while idle.
    void use_eval_weights(const eval::Weights& weights) { evalWeights = &weights; }
    const eval::Weights& eval_weights() const { return *evalWeights; }
    // The network this worker evaluates with (null: the hand-written evaluation). The
    // pool hands each worker its NUMA node's copy; the object must outlive the worker's
    // use of it. Only while idle.
    void use_network(const nnue::Network* net) { network = net; }
    const nnue::Network* eval_network() const { return network; }
    // The root's tablebase result for the next search (nothing: the root is not in the
    // tables): the search keeps to its moves, shows its score unless it finds a mate, and
    // probes below the root only when it says so. Only while idle.
    void use_tablebase_root(std::optional<syzygy::RootResult> root) { tbRoot = std::move(root); }
    // Tablebase probes that answered in the current or last search (tbhits); any thread.
    std::uint64_t tb_hits() const { return tbHitCount.get(); }
    // Deep stores of the main search are also offered to sink (null: none), for a reader
    // that shares them beyond this process (the cluster layer). Only while idle.
    void export_entries(EntryExport* sink) { entryExport = sink; }
    // Tests: every network evaluation is also made from scratch (a full refresh) and
    // compared; the counts say how many were checked and how many differed.
    void verify_network_evals(bool on) { verifyNetwork = on; }
    std::uint64_t network_evals_checked() const { return networkChecks; }
    std::uint64_t network_eval_mismatches() const { return networkMismatches; }
    // The nodes this worker spent below root move `m` (by its from and to squares) in the
    // current or last search; node-based time management reads the best move's share.
    std::uint64_t root_move_nodes(Move m) const { return rootMoveNodes[root_slot(m)]; }
    // Tests: `position`'s static evaluation as the search would use it under
    // `searchParams`, raw (first) and corrected by this worker's correction history
    // (second). Only while idle.
    std::pair<Value, Value> static_evals(const Position& position, const Params& searchParams);

  private:
    friend class SearchAccess;

    // The principal variation search (worker.cpp), a driver over these named steps; a
    // step that returns a value has decided the node.
    Value search(StackEntry* ss, Value alpha, Value beta, Depth depth, bool cutNode);
    Node enter_node(StackEntry* ss, Value alpha, Value beta, Depth depth, bool cutNode);
    std::optional<Value> terminal_value(Node& node); // may narrow the window
    std::optional<Value> tablebase_value(Node& node);
    void evaluate_node(Node& node);
    void adjust_depth_in_hindsight(Node& node);
    std::optional<Value> prune_before_moves(Node& node);
    bool reverse_futility_cuts(const Node& node); // counts the cutoff
    void reduce_before_moves(Node& node);
    std::optional<Value> search_moves(Node& node);
    MoveInfo describe_move(const Node& node, Move m, bool badCapture) const;
    bool prunes_move(const Node& node, const MoveInfo& move);
    SingularResult extend_move(const Node& node, const MoveInfo& move);
    std::optional<Depth> move_reduction(const Node& node, const MoveInfo& move);
    Value search_move(const Node& node, const MoveInfo& move, Depth newDepth);
    Value finish_node(Node& node);
    // qsDepth: 0 at the first quiescence ply (quiet checks allowed), negative below.
    Value qsearch(StackEntry* ss, Value alpha, Value beta, int qsDepth = 0);
    bool qsearch_prunes(Move m, const QsearchMoveState& s, Value& bestScore, int& quietEvasions);
    bool qsearch_futility_prunes(Move m, const QsearchMoveState& s, bool givesCheck,
                                 Value& bestScore);
    // Shared by search and qsearch.
    TTProbe probe_tt(int ply);
    bool tt_cutoff(const TTProbe& probe, Depth depth, Value beta); // counts the cutoff
    bool tt_cutoff(const Node& node);                              // the same, in search
    void reward_tt_move(const Node& node); // after a cutoff (tt_move_bonus.h)
    Value cached_static_eval(const TTProbe& probe);
    // `raw` corrected by the correction history (raw when it is switched off); `keys`
    // receives the current position's keys for the update; `ss` the node's stack entry
    // (the moves that led to it), or null.
    Value correct_eval(Value raw, CorrectionKeys& keys, const StackEntry* ss);
    void update_correction_history(const Node& node, Value deviation);
    // The prior (opponent's) move's continuation histories, after a fail low or a refutation
    // (prior_fail_low_bonus.h, refuted_early_malus.h).
    void update_prior_histories(const Node& node);
    void learn_from_research(StackEntry* ss, const MoveInfo& move, Value score, Value alpha,
                             Value beta, Depth depth);
    bool raise_best(BestSoFar& best, Value& alpha, Value beta, bool pvNode, int ply, Value score,
                    Move m);
    Move countermove_for(const StackEntry* ss) const;
    MovePicker::Context picker_context(const StackEntry* ss) const;

    bool should_abort();
    // Whether `limitMs` has passed on the time plan's clock; never while pondering.
    bool time_is_up(std::int64_t limitMs);
    bool is_draw(int ply) const;
    bool is_root_move(Move m) const;
    void update_pv(int ply, Move m);
    // Every make and unmake of the search goes through these, so that the network's
    // accumulators follow the position.
    void make_move(StackEntry* ss, Move m);
    void unmake_move(Move m);
    void make_null_move(StackEntry* ss);
    void unmake_null_move();
    void update_cutoff_histories(StackEntry* ss, Move best, Depth depth, const Move* quiets,
                                 int quietCount, const Move* captures, int captureCount);
    // Iterative deepening (root.cpp).
    struct RootLine { // one principal variation of a completed iteration
        Value score = VALUE_ZERO;
        Value average = VALUE_NONE; // over the iterations (selectivity/aspiration_average.h)
        std::vector<Move> pv;
    };
    void start_search(const Position& rootPos, const Limits& searchLimits,
                      const Params& searchParams, const SharedSearch& shared);
    std::vector<RootLine> search_lines(StackEntry* ss, const std::vector<Move>& allRootMoves,
                                       const std::vector<RootLine>& previous, int lineCount,
                                       const InfoCallback& onInfo);
    void finish_result(SearchResult& result, const std::vector<RootLine>& lines,
                       const InfoCallback& onInfo);
    SearchInfo make_info(Value score, Bound bound, const std::vector<Move>& pv,
                         int multiPv = 1) const;
    Value search_root_line(StackEntry* ss, Value centre, int multiPv, const InfoCallback& onInfo);
    Move ponder_move_from_tt(Move best) const;
    Value static_eval();
    // The score to report: a tablebase root's own score replaces any that is not a mate.
    Value shown_score(Value searchScore) const;

    TranspositionTable& tt;
    std::unique_ptr<Histories> histories;
    const eval::Weights* evalWeights = &eval::DEFAULT_WEIGHTS;
    // Allocated with the worker, so on its thread's node once the pool has bound it.
    std::unique_ptr<eval::PawnCache> pawnCache;
    const nnue::Network* network = nullptr;
    EntryExport* entryExport = nullptr;
    // One accumulator pair per ply of the search path (used only with a network).
    std::unique_ptr<nnue::AccumulatorStack> accumulators;
    bool verifyNetwork = false;
    std::uint64_t networkChecks = 0, networkMismatches = 0;

    // Set at each `go`.
    Position pos;
    Limits limits;
    Params params;
    std::optional<ReductionTable> reductions;
    TimePlan timePlan;
    Stopwatch clock;     // from the `go`: info lines
    Stopwatch planClock; // from the `go`, or from ponderhit: the time plan
    bool pondering = false;
    const std::atomic<bool>* ponderhitSignal = nullptr; // from SharedSearch
    std::atomic<std::uint64_t>* sharedNodes = nullptr;  // from SharedSearch
    std::atomic<bool>* stop = nullptr;                  // from SharedSearch
    const IterationSchedule* schedule = nullptr;        // from SharedSearch
    std::vector<Move> rootMoves;
    // Nodes below each root move, by from and to square (promotions share a slot).
    std::array<std::uint64_t, 64 * 64> rootMoveNodes{};
    static int root_slot(Move m) { return int(m.from()) * 64 + int(m.to()); }
    std::optional<syzygy::RootResult> tbRoot;
    int tbCardinality = 0; // probe positions of at most this many pieces (0: no probes)

    // Search progress.
    RelaxedCounter nodeCount;
    RelaxedCounter tbHitCount;
    // Draws the weakened move of UCI_LimitStrength (SplitMix64 steps), seeded per worker.
    std::uint64_t strengthRandom = 0;
    std::uint64_t strengthNodes = 0;  // UCI_LimitStrength's node budget, 0: none
    std::atomic<int> seldepthSeen{0}; // max seldepth of completed iterations, for others
    Stats counters;
    int seldepth = 0;
    Depth rootDepth = 0;
    int completedDepth = 0;
    bool aborted = false;
    bool nullMoveVerifying = false; // inside a verified-null-move search: no null moves
    Move rootBestMove = Move::none();

    StackEntry stack[STACK_SIZE];
    // Triangular PV table: pvTable[ply] holds the line from ply, pvLength[ply] long.
    struct PvTable {
        Move moves[MAX_PLY + 1][MAX_PLY + 1];
        int length[MAX_PLY + 1];
    };
    std::unique_ptr<PvTable> pv;
};

} // namespace flotilla::search
