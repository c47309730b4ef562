// The narrow interface between the worker and the selectivity techniques that search
// (null move and its verification, ProbCut, multi-cut, singular extension; their
// actions live in search/selectivity/*_search.cpp): they may search and make moves
// through it, read the TT and the counters, and nothing else of the worker.
#pragma once

#include "core/position.h"
#include "search/movepick.h"
#include "search/node.h"
#include "search/params.h"
#include "search/stats.h"

namespace flotilla::search {

class Worker;

class SearchAccess {
  public:
    explicit SearchAccess(Worker& worker) : worker(worker) {}

    const Position& position() const;
    const Params& params() const;
    Stats& counters();
    Depth root_depth() const;
    // True once the search is stopping: every result after it is meaningless.
    bool aborted() const;

    Value search(StackEntry* ss, Value alpha, Value beta, Depth depth, bool cutNode);
    Value qsearch(StackEntry* ss, Value alpha, Value beta);
    void make_move(StackEntry* ss, Move m);
    void unmake_move(Move m);
    void make_null_move(StackEntry* ss);
    void unmake_null_move();
    // Null move's verification search: no null moves below while it runs.
    void set_null_move_verification(bool on);
    bool null_move_verification() const;

    // The move orders of the main search and of the quiescence search at ss.
    MovePicker main_picker(const StackEntry* ss, Move ttMove) const;
    MovePicker noisy_picker(const StackEntry* ss, Move ttMove) const;

    std::optional<TTData> probe_tt(Key key) const;
    void store_tt(Key key, Value score, Value eval, Depth depth, Bound bound, Move move, bool pv);

  private:
    Worker& worker;
};

} // namespace flotilla::search
