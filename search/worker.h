// One search thread's state and its search: iterative deepening (root.cpp),
// principal variation search and quiescence search (worker.cpp). The
// transposition table is shared and passed in; histories, killers, the stack,
// the PV table and the node counter belong to the worker.
#pragma once

#include "core/position.h"
#include "search/history.h"
#include "search/limits.h"
#include "search/params.h"
#include "search/stack.h"
#include "search/stats.h"
#include "search/time_manager.h"
#include "search/tt.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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
    std::vector<Move> pv;
};

struct SearchResult {
    Move bestMove = Move::none();   // none only when there is no legal move
    Move ponderMove = Move::none(); // the expected reply, when known
    Value score = VALUE_ZERO;
    int depth = 0; // last completed iteration
    std::uint64_t nodes = 0;
};

using InfoCallback = std::function<void(const SearchInfo&)>;

class Worker {
  public:
    explicit Worker(TranspositionTable& tt);

    // Searches `pos` within `limits`. Raising `stop` (shared with the caller and other
    // threads) ends the search within about a thousand nodes; the worker raises it
    // itself when its own limit is reached.
    SearchResult search(const Position& pos, const Limits& limits, const Params& params,
                        std::atomic<bool>& stop, const InfoCallback& onInfo = {});

    // Forgets all move-ordering statistics (`ucinewgame`).
    void clear_histories();
    const Stats& stats() const { return counters; }
    std::uint64_t nodes() const { return nodeCount; }

  private:
    Value search(StackEntry* ss, Value alpha, Value beta, Depth depth, bool cutNode);
    Value qsearch(StackEntry* ss, Value alpha, Value beta);

    bool should_abort();
    bool is_draw(int ply) const;
    bool is_root_move(Move m) const;
    void update_pv(int ply, Move m);
    void make_move(StackEntry* ss, Move m);
    void update_quiet_histories(StackEntry* ss, Move m, int bonus);
    void update_cutoff_histories(StackEntry* ss, Move best, Depth depth, const Move* quiets,
                                 int quietCount, const Move* captures, int captureCount);
    SearchInfo make_info(Value score, Bound bound, const std::vector<Move>& pv) const;

    TranspositionTable& tt;
    std::unique_ptr<Histories> histories;

    // Set at each `go`.
    Position pos;
    Limits limits;
    Params params;
    std::optional<ReductionTable> reductions;
    TimePlan timePlan;
    Stopwatch clock;
    std::atomic<bool>* stop = nullptr;
    std::vector<Move> rootMoves;

    // Search progress.
    std::uint64_t nodeCount = 0;
    Stats counters;
    int seldepth = 0;
    Depth rootDepth = 0;
    int completedDepth = 0;
    bool aborted = false;
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
