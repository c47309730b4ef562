// Iterative deepening at the root, with aspiration windows.
#include "core/movegen.h"
#include "search/worker.h"

#include <algorithm>

namespace flotilla::search {

SearchInfo Worker::make_info(Value score, Bound bound, const std::vector<Move>& line) const {
    SearchInfo info;
    info.depth = rootDepth;
    info.seldepth = seldepth;
    info.score = score;
    info.bound = bound;
    info.nodes = nodeCount;
    info.timeMs = clock.elapsed_ms();
    info.hashfull = tt.hashfull();
    info.pv = line;
    return info;
}

SearchResult Worker::search(const Position& rootPos, const Limits& searchLimits,
                            const Params& searchParams, std::atomic<bool>& stopFlag,
                            const InfoCallback& onInfo) {
    pos = rootPos;
    limits = searchLimits;
    params = searchParams;
    reductions.emplace(params.lateMoveReductions);
    stop = &stopFlag;
    clock = Stopwatch();
    timePlan = plan_time(limits, pos.side_to_move(), params.moveOverheadMs);
    nodeCount = 0;
    counters = Stats{};
    aborted = false;
    completedDepth = 0;
    rootDepth = 0;
    seldepth = 0;
    rootBestMove = Move::none();

    for (int i = 0; i < STACK_SIZE; ++i) {
        stack[i] = StackEntry{};
        stack[i].ply = i - STACK_OFFSET;
        stack[i].continuation = &histories->continuation.sentinel();
    }
    StackEntry* ss = stack + STACK_OFFSET;

    // The root moves: all legal moves, or those of `searchmoves` that are legal.
    rootMoves.clear();
    for (Move m : MoveList(pos))
        if (limits.searchMoves.empty() ||
            std::find(limits.searchMoves.begin(), limits.searchMoves.end(), m) !=
                limits.searchMoves.end())
            rootMoves.push_back(m);

    SearchResult result;
    if (rootMoves.empty()) {
        // Mate, stalemate, or no legal move among searchmoves: nothing to play.
        result.score = pos.in_check() && MoveList(pos).size() == 0 ? mated_in(0) : VALUE_DRAW;
        if (onInfo) onInfo(make_info(result.score, BOUND_EXACT, {}));
        return result;
    }

    std::vector<Move> rootPv;
    Value previousScore = VALUE_ZERO;
    const int maxDepth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 8) : MAX_PLY - 8;

    for (rootDepth = 1; rootDepth <= maxDepth; ++rootDepth) {
        seldepth = 0;
        // Aspiration window around the last score, widened on each failure.
        int delta = params.aspiration.initialDelta;
        Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
        if (params.aspiration.enabled && rootDepth >= params.aspiration.minDepth) {
            alpha = std::max(previousScore - delta, -VALUE_INFINITE);
            beta = std::min(previousScore + delta, VALUE_INFINITE);
        }
        Value score;
        while (true) {
            score = search(ss, alpha, beta, rootDepth, false);
            if (aborted) break;
            Bound failed = BOUND_NONE;
            if (score <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = std::max(score - delta, -VALUE_INFINITE);
                failed = BOUND_UPPER;
            } else if (score >= beta) {
                beta = std::min(score + delta, VALUE_INFINITE);
                failed = BOUND_LOWER;
                rootBestMove = pv->moves[0][0]; // search the move that failed high first
            } else {
                break;
            }
            // Long searches tell the user that the score moved.
            if (onInfo && clock.elapsed_ms() > 3000)
                onInfo(make_info(score, failed,
                                 {pv->moves[0], pv->moves[0] + std::max(pv->length[0], 1)}));
            delta += delta / 2 + 5;
        }
        if (aborted) break;

        completedDepth = rootDepth;
        previousScore = score;
        if (pv->length[0] > 0) rootPv.assign(pv->moves[0], pv->moves[0] + pv->length[0]);
        if (!rootPv.empty()) rootBestMove = rootPv.front();
        if (onInfo) onInfo(make_info(score, BOUND_EXACT, rootPv));

        result.score = score;
        result.depth = rootDepth;

        if (limits.mate > 0 && score >= mate_in(2 * limits.mate)) break;
        if (clock.elapsed_ms() >= timePlan.soft) break;
        if (stop->load(std::memory_order_relaxed)) break;
    }

    if (rootPv.empty()) rootPv.push_back(rootMoves.front()); // stopped before depth 1 finished
    result.bestMove = rootPv[0];
    result.ponderMove = rootPv.size() > 1 ? rootPv[1] : Move::none();
    result.nodes = nodeCount;
    return result;
}

} // namespace flotilla::search
