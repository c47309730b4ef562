// The state of one node of the principal variation search, passed explicitly from
// step to step (worker.cpp): what the node was called with, what the TT and the
// tables said, its static evaluation, and its move loop's progress.
#pragma once

#include "core/types.h"
#include "search/selectivity/correction_history.h"
#include "search/stack.h"
#include "search/tt.h"

#include <optional>

namespace flotilla::search {

// One TT probe, as search and qsearch both read it.
struct TTProbe {
    Key key = 0;
    std::optional<TTData> entry;
    Value score = VALUE_NONE; // the entry's score relative to this node, or VALUE_NONE

    Depth depth() const { return entry ? entry->depth : 0; }
    Move move() const { return entry ? entry->move : Move::none(); }
    bool lower_bound() const { return entry && (entry->bound & BOUND_LOWER); }
};

// The best result of a move loop so far (fail-soft).
struct BestSoFar {
    Value score = -VALUE_INFINITE;
    Move move = Move::none();
};

struct Node {
    // The call.
    StackEntry* ss = nullptr;
    Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE; // mate distance may narrow them
    Depth depth = 0; // lowered by the reductions before the move loop
    bool cutNode = false;
    int ply = 0;
    bool pvNode = false, rootNode = false;
    // Inside a singular search the node is searched without this move: the result is
    // not the position's value, so the TT neither cuts nor stores it.
    Move excludedMove = Move::none();
    bool excludedSearch = false;
    bool inCheck = false;

    // The TT and the tablebases.
    TTProbe tt;
    bool ttPv = false;          // on a PV now or when the entry was stored (selectivity/tt_pv.h)
    Move ttMove = Move::none(); // at the root, the previous iteration's best move first
    Value tbFloor = -VALUE_INFINITE, tbCeiling = VALUE_INFINITE; // what the tables proved

    // The static evaluation: raw as the TT keeps it, corrected by the correction history
    // (ss->staticEval), and sharpened by the TT score (eval, what the pruning uses).
    Value rawEval = VALUE_NONE;
    Value eval = VALUE_NONE;
    CorrectionKeys correctionKeys; // only while CorrectionHistory is on
    bool improving = false;
    bool opponentWorsening = false; // selectivity/opponent_worsening.h
    bool staticPruningAllowed = false;
    Depth threatExtension = 0; // mate-threat / Botvinnik-Markoff, for every move

    // The move loop.
    BestSoFar best;
    int moveCount = 0;
    int legalMoves = 0;     // counted only for the one-reply extension
    bool ttCapture = false; // the TT move is a capture (read by late move reductions only)
    bool previousWasCapture = false;
    Move quietsTried[64], capturesTried[32];
    int quietCount = 0, captureCount = 0;
};

// What the move loop knows of the move it is about to search.
struct MoveInfo {
    Move move;
    bool quiet;
    bool givesCheck;
    Piece moved;
    int history;     // butterfly + continuation histories; capture history for noisy moves
    bool badCapture; // emitted among the move picker's bad captures (SEE < 0, underpromotions)
};

// What quiescence's move filter knows of its node.
struct QsearchMoveState {
    bool inCheck;
    Value standPat; // VALUE_NONE in check
    Value alpha;
    int moveCount; // moves tried, the current one included
    Move lastMove; // the move that led here (recaptures are never pruned by futility)
};

} // namespace flotilla::search
