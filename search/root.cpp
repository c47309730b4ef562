// Iterative deepening at the root: aspiration windows, MultiPV (the K-th line is
// searched with the K-1 better moves excluded from the root), and the time checks
// between iterations, whose soft limit follows the best move's stability.
#include "core/movegen.h"
#include "core/splitmix.h"
#include "search/margin_scale.h"
#include "search/worker.h"

#include <algorithm>

namespace flotilla::search {

SearchInfo Worker::make_info(Value score, Bound bound, const std::vector<Move>& line,
                             int multiPv) const {
    SearchInfo info;
    info.depth = rootDepth;
    info.seldepth = seldepth;
    info.score = score;
    info.bound = bound;
    info.nodes = nodeCount;
    info.timeMs = clock.elapsed_ms();
    info.hashfull = tt.hashfull();
    info.multiPv = multiPv;
    info.tbHits = tbHitCount;
    info.pv = line;
    return info;
}

Value Worker::shown_score(Value searchScore) const {
    const bool mate = searchScore >= VALUE_MATE_IN_MAX_PLY || searchScore <= VALUE_MATED_IN_MAX_PLY;
    return tbRoot && !mate ? tbRoot->score : searchScore;
}

// Searches the current root moves to rootDepth inside an aspiration window around
// centre, the previous iteration's score or its line's average (a full window when it is
// VALUE_NONE), widening it on each failure.
Value Worker::search_root_line(StackEntry* ss, Value centre, int multiPv,
                               const InfoCallback& onInfo) {
    int delta = aspiration_delta(params.aspirationAverage, params.aspiration.initialDelta, centre);
    Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
    if (aspiration_applies(params.aspiration, rootDepth, centre)) {
        alpha = std::max(centre - delta, -VALUE_INFINITE);
        beta = std::min(centre + delta, VALUE_INFINITE);
    }
    int failHighs = 0; // in a row, in this window
    while (true) {
        const Depth depth =
            aspiration_search_depth(params.aspirationFailHigh, rootDepth, failHighs);
        counters.aspirationFailHighReductions += depth < rootDepth;
        const Value score = search(ss, alpha, beta, depth, false);
        if (aborted) return score;
        Bound failed = BOUND_NONE;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -VALUE_INFINITE);
            failed = BOUND_UPPER;
            failHighs = 0;
        } else if (score >= beta) {
            beta = std::min(score + delta, VALUE_INFINITE);
            failed = BOUND_LOWER;
            ++failHighs;
            rootBestMove = pv->moves[0][0]; // search the move that failed high first
        } else {
            return score;
        }
        // Long searches tell the user that the score moved.
        if (onInfo && clock.elapsed_ms() > 3000)
            onInfo(make_info(shown_score(score), failed,
                             {pv->moves[0], pv->moves[0] + std::max(pv->length[0], 1)}, multiPv));
        delta += delta / 2 + 5;
    }
}

// The expected reply when the PV is only one move long (it was cut by a TT hit
// or a stop): the TT's move for the position after `best`, if it is legal there.
Move Worker::ponder_move_from_tt(Move best) const {
    Position after = pos;
    after.make_move(best);
    const std::optional<TTData> entry = tt.probe(after.key());
    if (entry && after.is_pseudo_legal(entry->move) && after.is_legal(entry->move))
        return entry->move;
    return Move::none();
}

SearchResult Worker::iterative_deepening(const Position& rootPos, const Limits& searchLimits,
                                         const Params& searchParams, const SharedSearch& shared,
                                         const InfoCallback& onInfo) {
    start_search(rootPos, searchLimits, searchParams, shared);
    StackEntry* ss = stack + STACK_OFFSET;
    SearchResult result;
    if (rootMoves.empty()) {
        // Mate, stalemate, or no legal move among searchmoves: nothing to play.
        result.score = pos.in_check() && MoveList(pos).size() == 0 ? mated_in(0) : VALUE_DRAW;
        if (onInfo) onInfo(make_info(result.score, BOUND_EXACT, {}));
        return result;
    }

    const std::vector<Move> allRootMoves = rootMoves;
    const int lineCount = std::clamp(
        params.strength.limited ? std::max(params.multiPv, strength_lines(params.strength.elo))
                                : params.multiPv,
        1, int(allRootMoves.size()));
    std::vector<RootLine> lines; // of the last completed iteration, best first
    const int maxDepth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 8) : MAX_PLY - 8;
    int stableIterations = 0;

    for (rootDepth = 1; rootDepth <= maxDepth; ++rootDepth) {
        if (schedule && !schedule->searches(rootDepth)) continue;
        seldepth = 0;
        std::vector<RootLine> found = search_lines(ss, allRootMoves, lines, lineCount, onInfo);
        rootMoves = allRootMoves;
        // An unfinished iteration is dropped, unless nothing better is known.
        if (aborted && !(lines.empty() && !found.empty())) break;

        // A later line may outscore an earlier one after a re-search: order by score.
        std::stable_sort(found.begin(), found.end(),
                         [](const RootLine& a, const RootLine& b) { return a.score > b.score; });
        const bool sameBest =
            !lines.empty() && lines.front().pv.front() == found.front().pv.front();
        const int scoreDrop = lines.empty() ? 0 : lines.front().score - found.front().score;
        stableIterations = sameBest ? stableIterations + 1 : 0;
        lines = std::move(found);
        if (aborted) break;

        completedDepth = rootDepth;
        seldepthSeen.store(std::max(seldepthSeen.load(std::memory_order_relaxed), seldepth),
                           std::memory_order_relaxed);
        if (onInfo)
            for (int k = 0; k < int(lines.size()); ++k)
                onInfo(make_info(shown_score(lines[k].score), BOUND_EXACT, lines[k].pv, k + 1));
        result.score = shown_score(lines.front().score);
        result.depth = rootDepth;

        // `go mate N`: a mate in N moves (2N - 1 plies) or faster has been found.
        if (limits.mate > 0 && lines.front().score >= mate_in(2 * limits.mate - 1)) break;
        const Move best = lines.front().pv.front();
        const double nodeFactor =
            node_time_factor(params.nodeTime, root_move_nodes(best), nodeCount.get());
        const std::int64_t softLimit =
            scaled_soft_limit(timePlan, stability_factor(stableIterations, scoreDrop) * nodeFactor);
        if (time_is_up(softLimit)) break;
        if (limits.softNodes && nodeCount.get() >= limits.softNodes) break;
        if (stop->load(std::memory_order_relaxed)) break;
    }
    finish_result(result, lines, onInfo);
    return result;
}

void Worker::start_search(const Position& rootPos, const Limits& searchLimits,
                          const Params& searchParams, const SharedSearch& shared) {
    pos = rootPos;
    if (network) {
        // Refreshed now, not at the root's first eval: a root whose eval comes from the
        // TT would otherwise leave every branch without a computed ancestor to update from.
        accumulators->reset(*network);
        accumulators->refresh(pos, *network, WHITE);
        accumulators->refresh(pos, *network, BLACK);
    }
    limits = searchLimits;
    params = searchParams;
    if (network) scale_eval_margins(params, params.networkMarginPercent);
    // The weaker player's budget, counted once its first iteration (all its lines) is
    // done, so that it always has lines to choose from; `go nodes` still applies.
    strengthNodes = params.strength.limited ? strength_node_budget(params.strength.elo) : 0;
    reductions.emplace(params.lateMoveReductions);
    stop = &shared.stop;
    sharedNodes = shared.nodeBudget;
    ponderhitSignal = shared.ponderhit;
    schedule = shared.schedule;
    clock = limits.startedAt ? Stopwatch(*limits.startedAt) : Stopwatch();
    planClock = clock;
    rootMoveNodes.fill(0);
    // Its plies count from this root: what it learned below another root does not apply.
    if (params.lowPlyHistory.enabled) histories->lowPly = LowPlyHistory{};
    pondering = limits.ponder;
    timePlan = plan_time(limits, pos.side_to_move(), params.moveOverheadMs, pos.game_ply());
    nodeCount = 0;
    counters = Stats{};
    aborted = false;
    completedDepth = 0;
    rootDepth = 0;
    seldepth = 0;
    seldepthSeen.store(0, std::memory_order_relaxed);
    rootBestMove = Move::none();
    tbHitCount = tbRoot ? tbRoot->probes : 0;
    tbCardinality = tbRoot && !tbRoot->probeInSearch
                        ? 0
                        : std::min(syzygy::largest(), params.tablebases.probeLimit);

    for (int i = 0; i < STACK_SIZE; ++i) {
        stack[i] = StackEntry{};
        stack[i].ply = i - STACK_OFFSET;
        stack[i].continuation = &histories->continuation.sentinel();
    }

    // The root moves: all legal moves, or those of `searchmoves` that are legal; of a
    // root in the tablebases, those that keep its best result.
    const std::vector<Move>& allowed = tbRoot ? tbRoot->moves : limits.searchMoves;
    rootMoves.clear();
    for (Move m : MoveList(pos))
        if (allowed.empty() || std::find(allowed.begin(), allowed.end(), m) != allowed.end())
            rootMoves.push_back(m);
}

// One iteration: the lineCount best lines at rootDepth, each searched with the moves of
// the better lines left out. Stops early (fewer lines) when the search is aborted.
std::vector<Worker::RootLine> Worker::search_lines(StackEntry* ss,
                                                   const std::vector<Move>& allRootMoves,
                                                   const std::vector<RootLine>& previous,
                                                   int lineCount, const InfoCallback& onInfo) {
    std::vector<RootLine> found;
    for (int k = 0; k < lineCount; ++k) {
        rootMoves.clear();
        for (Move m : allRootMoves)
            if (std::none_of(found.begin(), found.end(),
                             [m](const RootLine& l) { return l.pv.front() == m; }))
                rootMoves.push_back(m);
        const bool known = k < int(previous.size());
        rootBestMove =
            known && is_root_move(previous[k].pv.front()) ? previous[k].pv.front() : Move::none();
        const AspirationAverageParams& average = params.aspirationAverage;
        const Value centre =
            known ? aspiration_centre(average, previous[k].score, previous[k].average) : VALUE_NONE;
        counters.aspirationAverageShifts +=
            known && centre != previous[k].score &&
            aspiration_applies(params.aspiration, rootDepth, centre);
        const Value score = search_root_line(ss, centre, k + 1, onInfo);
        if (aborted) break;
        RootLine line{score,
                      averaged_score(average, known ? previous[k].average : VALUE_NONE, score),
                      {pv->moves[0], pv->moves[0] + pv->length[0]}};
        if (line.pv.empty() || !is_root_move(line.pv.front()))
            line.pv.assign(1, rootBestMove ? rootBestMove : rootMoves.front());
        found.push_back(std::move(line));
    }
    return found;
}

// The move to play and its line, from the last completed iteration's lines.
void Worker::finish_result(SearchResult& result, const std::vector<RootLine>& lines,
                           const InfoCallback& onInfo) {
    // Stopped before the first line of depth 1 was done: the best root move that
    // iteration finished (the PV table keeps it), else any legal move.
    const Move partial = pv->length[0] > 0 ? pv->moves[0][0] : Move::none();
    std::vector<Move> bestLine = !lines.empty()          ? lines.front().pv
                                 : is_root_move(partial) ? std::vector<Move>{partial}
                                                         : std::vector<Move>{rootMoves.front()};
    if (!lines.empty() && completedDepth == 0) result.score = shown_score(lines.front().score);
    if (params.strength.limited && lines.size() > 1) {
        // The weaker player: maybe not the best line (search/strength.h).
        std::vector<Value> scores;
        for (const RootLine& l : lines) scores.push_back(l.score);
        const std::size_t k =
            pick_weakened_line(scores, params.strength.elo, splitmix64(strengthRandom));
        bestLine = lines[k].pv;
        result.score = shown_score(lines[k].score);
        // A GUI takes the last PV for the move played: it goes out once more, as line 1.
        if (k != 0 && onInfo) onInfo(make_info(result.score, BOUND_EXACT, bestLine, 1));
    }
    result.bestMove = bestLine.front();
    result.ponderMove = bestLine.size() > 1 ? bestLine[1] : ponder_move_from_tt(result.bestMove);
    result.nodes = nodeCount;
    result.pv = bestLine;
}

} // namespace flotilla::search
