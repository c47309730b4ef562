// Principal variation search and quiescence search: negamax, fail-soft.
#include "search/worker.h"

#include "core/movegen.h"
#include "eval/evaluate.h"
#include "eval/nnue/evaluate.h"
#include "search/extensions.h"
#include "search/movepick.h"
#include "search/selectivity/multi_cut_search.h"
#include "search/selectivity/null_move_search.h"
#include "search/selectivity/probcut_search.h"

#include <algorithm>
#include <cstdlib>
#include <new>
#include <random>
#include <type_traits>

namespace flotilla::search {

namespace {

// True when a stored bound makes the TT score usable against the window.
bool bound_allows(Bound bound, Value ttScore, Value beta) {
    return bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER);
}

// The piece type a noisy move captures (NO_PIECE_TYPE for a quiet promotion).
PieceType captured_type(const Position& pos, Move m) {
    return m.type() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
}

// What a noisy move takes, in PIECE_VALUE (0 for a quiet promotion).
Value captured_value(const Position& pos, Move m) { return PIECE_VALUE[captured_type(pos, m)]; }

// Castling is encoded king-takes-own-rook, so it is never a capture.
bool is_capture(const Position& pos, Move m) {
    return m.type() == EN_PASSANT || (m.type() != CASTLING && pos.piece_on(m.to()) != NO_PIECE);
}

} // namespace

Worker::Worker(TranspositionTable& table)
    : tt(table), histories(std::make_unique<Histories>()),
      // 4096 entries (288 KiB), small on purpose: a 256-thread pool
      // allocates and clears 256 of them at each resize.
      pawnCache(std::make_unique<eval::PawnCache>(1 << 12)),
      accumulators(std::make_unique<nnue::AccumulatorStack>()), pv(std::make_unique<PvTable>()) {
    // A weakened player should not repeat itself from game to game.
    std::random_device entropy;
    strengthRandom = (std::uint64_t(entropy()) << 32) ^ entropy();
}

Value Worker::static_eval() {
    if (!network) return eval::evaluate(pos, *pawnCache, *evalWeights);
    const Value v = nnue::evaluate(pos, *accumulators, *network);
    if (verifyNetwork) {
        auto fresh = std::make_unique<nnue::AccumulatorStack>();
        fresh->reset(*network);
        ++networkChecks;
        networkMismatches += nnue::evaluate(pos, *fresh, *network) != v;
    }
    return v;
}

std::pair<Value, Value> Worker::static_evals(const Position& position, const Params& searchParams) {
    pos = position;
    params = searchParams;
    if (network) {
        accumulators->reset(*network);
        accumulators->refresh(pos, *network, WHITE);
        accumulators->refresh(pos, *network, BLACK);
    }
    const Value raw = static_eval();
    CorrectionKeys keys;
    return {raw, correct_eval(raw, keys, nullptr)};
}

// A fresh allocation: a Histories temporary would put megabytes on the stack.
// Zeroed in place: a new allocation of the tables (6.5 MiB) is fresh memory that the
// kernel must clear page by page, at every ucinewgame and every datagen game.
void Worker::clear_histories() {
    static_assert(std::is_trivially_destructible_v<Histories>);
    ::new (static_cast<void*>(histories.get())) Histories();
}

bool Worker::time_is_up(std::int64_t limitMs) {
    if (pondering) {
        // The GUI's clock is not running for us until ponderhit; from then on the
        // plan given with `go ponder` applies in full, measured from that moment.
        if (!ponderhitSignal || !ponderhitSignal->load(std::memory_order_acquire)) return false;
        pondering = false;
        planClock = Stopwatch();
    }
    return planClock.elapsed_ms() >= limitMs;
}

bool Worker::should_abort() {
    if (aborted) return true;
    // Node limit, one thread: checked at every node so that `go nodes N` is exact and
    // repeatable. Several threads: each adds its nodes to the shared sum every 1024.
    if ((limits.nodes && !sharedNodes && nodeCount >= limits.nodes) ||
        (strengthNodes && completedDepth > 0 && nodeCount >= strengthNodes))
        aborted = true;
    else if (limits.nodes && sharedNodes && nodeCount > 0 && (nodeCount & 1023) == 0 &&
             sharedNodes->fetch_add(1024, std::memory_order_relaxed) + 1024 >= limits.nodes)
        aborted = true;
    // The clock and the shared flag: every 1024 nodes, from the first iteration on (the
    // root then plays the best move that iteration has finished, or else a legal one).
    else if ((nodeCount & 1023) == 0 && nodeCount > 0)
        aborted = stop->load(std::memory_order_relaxed) || time_is_up(timePlan.hard);
    if (aborted) stop->store(true, std::memory_order_relaxed);
    return aborted;
}

bool Worker::is_draw(int ply) const {
    return pos.is_repetition(ply) || pos.is_fifty_move_draw() || pos.has_insufficient_material();
}

bool Worker::is_root_move(Move m) const {
    return std::find(rootMoves.begin(), rootMoves.end(), m) != rootMoves.end();
}

void Worker::update_pv(int ply, Move m) {
    Move* line = pv->moves[ply];
    const int childLength = ply + 1 <= MAX_PLY ? pv->length[ply + 1] : 0;
    line[0] = m;
    std::copy(pv->moves[ply + 1], pv->moves[ply + 1] + childLength, line + 1);
    pv->length[ply] = childLength + 1;
}

void Worker::make_move(StackEntry* ss, Move m) {
    tt.prefetch(pos.key_after(m)); // the child probes it first thing
    ss->move = m;
    ss->movedPiece = pos.piece_on(m.from());
    ss->continuation = &histories->continuation.at(ss->movedPiece, m.to());
    if (network) accumulators->push(nnue::changes_of(pos, m)); // lazy: no update yet
    pos.make_move(m);
}

void Worker::unmake_move(Move m) {
    pos.unmake_move(m);
    if (network) accumulators->pop();
}

void Worker::make_null_move(StackEntry* ss) {
    tt.prefetch(pos.key_after_null());
    ss->move = Move::null();
    ss->movedPiece = NO_PIECE;
    ss->continuation = &histories->continuation.sentinel();
    if (network) accumulators->push({}); // nothing changes on the board
    pos.make_null_move();
}

void Worker::unmake_null_move() {
    pos.unmake_null_move();
    if (network) accumulators->pop();
}

// After a beta cutoff: reward the move that cut, punish the ones tried before it.
void Worker::update_cutoff_histories(StackEntry* ss, Move best, Depth depth, const Move* quiets,
                                     int quietCount, const Move* captures, int captureCount) {
    const int bonus = cutoff_bonus(params.linearHistoryBonus, depth);
    const int malus = cutoff_malus(params.linearHistoryBonus, depth);
    auto captureEntry = [&](Move m) -> std::int16_t& {
        return histories->capture.at(pos.piece_on(m.from()), m.to(), captured_type(pos, m));
    };
    if (!is_noisy(pos, best)) {
        if (ss->killers[0] != best) {
            ss->killers[1] = ss->killers[0];
            ss->killers[0] = best;
        }
        const StackEntry* prev = ss - 1;
        if (prev->move.is_ok())
            histories->counterMoves.at(prev->movedPiece, prev->move.to()) = best;
        const Color us = pos.side_to_move();
        const ContinuationHistory4Params& far = params.continuationHistory4;
        update_quiet_histories(far, *histories, ss, us, pos.piece_on(best.from()), best, bonus);
        for (int i = 0; i < quietCount; ++i)
            update_quiet_histories(far, *histories, ss, us, pos.piece_on(quiets[i].from()),
                                   quiets[i], -malus);
        if (const PawnHistoryParams& ph = params.pawnHistory; ph.enabled) {
            PieceToHistory& slice = pawn_history_slice(histories->pawnHistory, pos);
            apply_gravity(slice[pos.piece_on(best.from())][best.to()],
                          bonus * ph.bonusPercent / 100);
            for (int i = 0; i < quietCount; ++i)
                apply_gravity(slice[pos.piece_on(quiets[i].from())][quiets[i].to()],
                              -malus * ph.bonusPercent / 100);
            ++counters.pawnHistoryUpdates;
        }
        const LowPlyHistoryParams& lp = params.lowPlyHistory;
        if (LowPlyHistory::Row* row = low_ply_row(lp, histories->lowPly, ss->ply)) {
            apply_gravity((*row)[best.from() * 64 + best.to()], bonus * lp.bonusPercent / 100);
            for (int i = 0; i < quietCount; ++i)
                apply_gravity((*row)[quiets[i].from() * 64 + quiets[i].to()],
                              -malus * lp.bonusPercent / 100);
            ++counters.lowPlyHistoryUpdates;
        }
    } else {
        apply_gravity(captureEntry(best), bonus);
    }
    for (int i = 0; i < captureCount; ++i) apply_gravity(captureEntry(captures[i]), -malus);
}

// The principal variation search, one named step after another (search/node.h holds
// the state that passes between them).
Value Worker::search(StackEntry* ss, Value alpha, Value beta, Depth depth, bool cutNode) {
    if (depth <= 0) return qsearch(ss, alpha, beta);
    if (should_abort()) return VALUE_ZERO;
    Node node = enter_node(ss, alpha, beta, depth, cutNode);

    // 1. Terminal conditions: draws, the ply limit, mate distance pruning.
    if (const std::optional<Value> v = terminal_value(node)) return *v;
    (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();
    (ss + 2)->cutoffCount = 0;
    (ss + 1)->excludedMove = Move::none();
    if (!node.excludedSearch) ss->threatMove = Move::none();
    ss->doubleExtensions = (ss - 1)->doubleExtensions;

    // 2. Transposition table: a cutoff at non-PV nodes when the stored bound allows it.
    //    The TT-PV flag: an excluded-move search keeps its node's (the same position).
    node.tt = probe_tt(node.ply);
    node.ttPv = node.excludedSearch
                    ? ss->ttPv
                    : tt_pv(params.ttPv, node.pvNode, node.tt.entry && node.tt.entry->pv);
    ss->ttPv = node.ttPv;
    node.ttMove = node.rootNode && rootBestMove ? rootBestMove : node.tt.move();
    if (!node.pvNode && !node.excludedSearch && tt_cutoff(node)) {
        reward_tt_move(node);
        return node.tt.score;
    }

    // 2b. Syzygy WDL probe after a capture or pawn move.
    if (const std::optional<Value> v = tablebase_value(node)) return *v;

    // 3. Static evaluation, sharpened by the TT score when its bound points the right way.
    evaluate_node(node);
    adjust_depth_in_hindsight(node);

    // 4. Pruning before the move loop: razoring, reverse futility, null move, ProbCut,
    //    multi-cut. 5. Reductions before the move loop.
    if (node.staticPruningAllowed)
        if (const std::optional<Value> v = prune_before_moves(node)) return *v;
    reduce_before_moves(node);

    // 6-9. The move loop: pruning, extensions, reductions and PVS per move.
    if (const std::optional<Value> v = search_moves(node)) return *v;

    // 10. The result: mate or stalemate, histories, the TT store.
    return finish_node(node);
}

Node Worker::enter_node(StackEntry* ss, Value alpha, Value beta, Depth depth, bool cutNode) {
    ++nodeCount;
    pv->length[ss->ply] = 0;
    seldepth = std::max(seldepth, ss->ply + 1);
    Node node;
    node.ss = ss;
    node.alpha = alpha;
    node.beta = beta;
    node.depth = depth;
    node.cutNode = cutNode;
    node.ply = ss->ply;
    node.pvNode = beta - alpha > 1;
    node.rootNode = ss->ply == 0;
    node.excludedMove = ss->excludedMove;
    node.excludedSearch = ss->excludedMove.is_ok();
    node.inCheck = pos.in_check();
    return node;
}

std::optional<Value> Worker::terminal_value(Node& node) {
    if (node.rootNode) return std::nullopt;
    if (is_draw(node.ply)) return VALUE_DRAW;
    if (node.ply >= MAX_PLY - 4) return node.inCheck ? VALUE_DRAW : static_eval();
    if (auto v = mate_distance_prune(params.mateDistance, node.ply, node.alpha, node.beta)) {
        ++counters.mateDistanceCutoffs;
        return *v;
    }
    return std::nullopt;
}

TTProbe Worker::probe_tt(int ply) {
    TTProbe probe;
    probe.key = pos.key();
    probe.entry = tt.probe(probe.key);
    ++counters.ttProbes;
    counters.ttHits += probe.entry.has_value();
    probe.score = probe.entry ? value_from_tt(probe.entry->score, ply) : VALUE_NONE;
    return probe;
}

bool Worker::tt_cutoff(const TTProbe& probe, Depth depth, Value beta) {
    if (!probe.entry || probe.entry->depth < depth || probe.score == VALUE_NONE ||
        !bound_allows(probe.entry->bound, probe.score, beta))
        return false;
    ++counters.ttCutoffs;
    return true;
}

// The main search's cutoff adds the conditions of selectivity/tt_cutoff_conditions.h.
bool Worker::tt_cutoff(const Node& node) {
    const TTProbe& probe = node.tt;
    if (!probe.entry || probe.score == VALUE_NONE ||
        !bound_allows(probe.entry->bound, probe.score, node.beta))
        return false;
    const TtCutoffConditionsParams& p = params.ttCutoffConditions;
    const TtCutoffContext c{node.depth, probe.entry->depth, probe.score,
                            node.beta,  node.cutNode,       pos.rule50_count()};
    if (!tt_depth_suffices(p, c) || !tt_cutoff_conditions_allow(p, c)) return false;
    counters.ttShallowFailLowCutoffs += probe.entry->depth < node.depth;
    ++counters.ttCutoffs;
    return true;
}

// On a TT cutoff: a quiet TT move that refuted the position before gets the history bonus
// a searched cutoff would have given it (tt_move_bonus.h).
void Worker::reward_tt_move(const Node& node) {
    const Move m = node.tt.move();
    const bool quiet = m.is_ok() && pos.is_pseudo_legal(m) && !is_noisy(pos, m);
    if (!tt_move_bonus_applies(params.ttMoveBonus, node.tt.score, node.beta, quiet)) return;
    update_quiet_histories(params.continuationHistory4, *histories, node.ss, pos.side_to_move(),
                           pos.piece_on(m.from()), m,
                           cutoff_bonus(params.linearHistoryBonus, node.depth));
    ++counters.ttMoveBonuses;
}

// Fathom probes only right after a capture or pawn move, within the piece limit: a draw
// is exact, a win or loss a bound in its own band. A PV node searches on, inside what
// the tables proved (node.tbFloor, node.tbCeiling).
std::optional<Value> Worker::tablebase_value(Node& node) {
    if (node.rootNode || node.excludedSearch || tbCardinality == 0 || pos.rule50_count() != 0 ||
        pos.castling_rights() != NO_CASTLING)
        return std::nullopt;
    const int pieces = popcount(pos.pieces());
    if (pieces > tbCardinality ||
        (pieces == tbCardinality && node.depth < params.tablebases.probeDepth))
        return std::nullopt;
    const std::optional<syzygy::Wdl> wdl = syzygy::probe_wdl(pos);
    if (!wdl) return std::nullopt;
    ++tbHitCount;
    const int w = int(*wdl);
    const int drawn = params.tablebases.rule50 ? 1 : 0; // |w| <= drawn: a draw
    const Value v = w < -drawn  ? tb_loss_in(node.ply)
                    : w > drawn ? tb_win_in(node.ply)
                                : VALUE_DRAW + 2 * w * drawn;
    const Bound b = w < -drawn ? BOUND_UPPER : w > drawn ? BOUND_LOWER : BOUND_EXACT;
    if (b == BOUND_EXACT || (b == BOUND_LOWER ? v >= node.beta : v <= node.alpha)) {
        tt.store(node.tt.key, value_to_tt(v, node.ply), VALUE_NONE,
                 std::min(MAX_PLY - 1, node.depth + 6), b, Move::none(), node.ttPv);
        return v;
    }
    if (node.pvNode && b == BOUND_LOWER) node.alpha = std::max(node.alpha, node.tbFloor = v);
    if (node.pvNode && b == BOUND_UPPER) node.tbCeiling = v;
    return std::nullopt;
}

Value Worker::cached_static_eval(const TTProbe& probe) {
    return probe.entry && probe.entry->eval != VALUE_NONE ? probe.entry->eval : static_eval();
}

Value Worker::correct_eval(Value raw, CorrectionKeys& keys, const StackEntry* ss) {
    const CorrectionHistoryParams& p = params.correctionHistory;
    if (!eval_correction_applies(p, raw)) return raw; // the keys cost a multiply chain
    keys = correction_keys(pos);
    keys.continuation = ss ? continuation_correction_slot(params.continuationCorrection, ss) : -1;
    const Color us = pos.side_to_move();
    int others = keys.continuation < 0 ? 0
                                       : params.continuationCorrection.weight *
                                             histories->continuationCorrection[keys.continuation];
    if (params.minorCorrection.enabled) {
        keys.minor = minor_piece_key(pos);
        others += params.minorCorrection.weight * histories->minorCorrection.get(us, keys.minor);
    }
    const Value corrected =
        corrected_eval(p, raw, histories->pawnCorrection.get(us, keys.pawns),
                       histories->nonPawnCorrection[WHITE].get(us, keys.nonPawns[WHITE]),
                       histories->nonPawnCorrection[BLACK].get(us, keys.nonPawns[BLACK]), others);
    counters.correctedEvals += corrected != raw;
    return corrected;
}

void Worker::update_correction_history(const Node& node, Value deviation) {
    const CorrectionHistoryParams& p = params.correctionHistory;
    const Color us = pos.side_to_move();
    const CorrectionKeys& keys = node.correctionKeys;
    update_correction(p, histories->pawnCorrection.at(us, keys.pawns), deviation, node.depth);
    for (Color c : {WHITE, BLACK})
        update_correction(p, histories->nonPawnCorrection[c].at(us, keys.nonPawns[c]), deviation,
                          node.depth);
    ++counters.correctionHistoryUpdates;
    if (keys.continuation >= 0) {
        update_correction(p, histories->continuationCorrection[keys.continuation], deviation,
                          node.depth);
        ++counters.continuationCorrectionUpdates;
    }
    if (params.minorCorrection.enabled) {
        update_correction(p, histories->minorCorrection.at(us, keys.minor), deviation, node.depth);
        ++counters.minorCorrectionUpdates;
    }
}

// The TT keeps the raw evaluation (node.rawEval); the search and its pruning read the
// corrected one (ss->staticEval, and node.eval unless the TT score sharpens it).
void Worker::evaluate_node(Node& node) {
    StackEntry* ss = node.ss;
    if (node.inCheck) {
        ss->staticEval = VALUE_NONE;
    } else {
        node.rawEval = cached_static_eval(node.tt);
        ss->staticEval = node.eval = correct_eval(node.rawEval, node.correctionKeys, ss);
        const Value ttScore = node.tt.score;
        if (ttScore != VALUE_NONE &&
            (node.tt.entry->bound & (ttScore > node.eval ? BOUND_LOWER : BOUND_UPPER)))
            node.eval = ttScore;
    }
    node.improving = !node.inCheck && (ss - 2)->staticEval != VALUE_NONE &&
                     ss->staticEval > (ss - 2)->staticEval;
    node.opponentWorsening =
        opponent_worsening(params.opponentWorsening, ss->staticEval, (ss - 1)->staticEval);
    // All static pruning stays behind one guard: not at PV nodes, not in check, not in a
    // singular search, no mate score near the window.
    node.staticPruningAllowed =
        !node.pvNode && !node.inCheck && !node.excludedSearch && !is_decisive(node.beta);
}

// 3b. The parent's reduction of this node judged by both static evals (read once: an
//     excluded-move search or a re-search of the node sees none).
void Worker::adjust_depth_in_hindsight(Node& node) {
    StackEntry* ss = node.ss;
    const Depth prior = (ss - 1)->reduction;
    (ss - 1)->reduction = 0;
    const Depth d = hindsight_depth(params.hindsightDepth, prior, node.depth, ss->staticEval,
                                    (ss - 1)->staticEval);
    counters.hindsightExtensions += d > 0;
    counters.hindsightReductions += d < 0;
    node.depth += d;
}

std::optional<Value> Worker::prune_before_moves(Node& node) {
    // 4a. Razoring into quiescence: trust a confirmed fail low.
    if (razor_to_qsearch(params.razoring, node.depth, node.eval, node.alpha)) {
        const Value v = qsearch(node.ss, node.alpha, node.alpha + 1);
        if (aborted) return VALUE_ZERO;
        if (v <= node.alpha) {
            ++counters.razoringCutoffs;
            return v;
        }
    }
    // 4b. Limited razoring at pre-pre-frontier nodes.
    if (const Depth r =
            limited_razoring_reduction(params.razoring, node.depth, node.eval, node.alpha)) {
        ++counters.limitedRazoringReductions;
        node.depth -= r;
    }
    // 4c. Reverse futility pruning (the beta side of futility).
    if (reverse_futility_cuts(node)) return node.eval;
    SearchAccess access(*this);
    // 4d. Null move pruning, verified at high depth; 4e. its threat extensions.
    if (const std::optional<Value> v = null_move_search(access, node)) return v;
    // 4f. ProbCut: a capture that beats beta by a margin at reduced depth.
    if (const std::optional<Value> v = probcut_search(access, node)) return v;
    // 4g. Multi-cut: several of the first moves fail high at reduced depth.
    return multi_cut_search(access, node);
}

// Reverse futility pruning, with a smaller margin when the opponent is worsening and a wider
// one after a large correction (CorrectionUncertainty); never at a ttPv node (TtPv).
bool Worker::reverse_futility_cuts(const Node& node) {
    const ReverseFutilityParams& p = params.reverseFutility;
    const Value margin = reverse_futility_margin(p, node.depth, node.improving);
    const Value smaller = worsening_margin(params.opponentWorsening, margin, p.marginPerDepth,
                                           node.opponentWorsening);
    const Value wider = uncertainty_margin(params.correctionUncertainty, smaller,
                                           correction_size(node.ss->staticEval, node.rawEval));
    if (!reverse_futility_prunes(p, node.depth, node.eval, node.beta, wider)) {
        counters.uncertaintyReverseFutilitySkips +=
            reverse_futility_prunes(p, node.depth, node.eval, node.beta, smaller);
        return false;
    }
    if (tt_pv_blocks_reverse_futility(params.ttPv, node.ttPv)) {
        ++counters.ttPvReverseFutilitySkips;
        return false;
    }
    ++counters.reverseFutilityCutoffs;
    counters.opponentWorseningCutoffs += node.eval - margin < node.beta;
    return true;
}

// Fail-high reductions (Feldmann) when the static eval minus the opponent's threat
// still reaches beta, behind the static-pruning guard that step 4 shares (see
// evaluate_node); internal iterative reduction when there is no TT move.
void Worker::reduce_before_moves(Node& node) {
    if (node.staticPruningAllowed) {
        if (const Depth r = fail_high_reduction_at(params.failHighReductions, pos, node.depth,
                                                   node.pvNode, node.eval, node.beta)) {
            ++counters.failHighReductions;
            node.depth -= r;
        }
    }
    if (const Depth r = internal_iterative_reduction(params.internalIterativeReductions, node.depth,
                                                     node.ttMove.is_ok())) {
        ++counters.internalIterativeReductions;
        const Depth extra =
            iir_extra_ply(params.iirConditions, r, node.depth, node.pvNode, node.cutNode);
        counters.iirConditionsExtraPlies += extra;
        node.depth -= r + extra;
    }
}

std::optional<Value> Worker::search_moves(Node& node) {
    StackEntry* ss = node.ss;
    MovePicker picker = SearchAccess(*this).main_picker(ss, node.ttMove);
    node.best.score = node.tbFloor;
    node.legalMoves =
        one_reply_counts_moves(params.oneReplyExtension, node.inCheck) ? count_legal_moves(pos) : 0;
    const Move previous = (ss - 1)->move;
    node.previousWasCapture = previous.is_ok() && pos.captured_piece() != NO_PIECE;
    node.ttCapture = params.lateMoveReductions.ttCaptureReduction != 0 && node.ttMove.is_ok() &&
                     is_capture(pos, node.ttMove) && pos.is_pseudo_legal(node.ttMove);

    for (Move m = picker.next(); m; m = picker.next()) {
        if (node.rootNode && !is_root_move(m)) continue;
        if (m == node.excludedMove) continue;
        ++node.moveCount;
        const MoveInfo move =
            describe_move(node, m, picker.stage() == MovePicker::Stage::BadCaptures);
        // 7. Shallow-depth pruning.
        if (prunes_move(node, move)) continue;
        // 8. Extensions.
        const SingularResult extension = extend_move(node, move);
        if (extension.cutoff) return extension.cutoff;
        // The path's double extensions, as the child reads them (double_extension.h).
        ss->doubleExtensions = (ss - 1)->doubleExtensions + (extension.extension >= 2);
        // 9. Reductions and PVS.
        ss->earlyMove = node.moveCount == 1 + node.ttMove.is_ok() || m == ss->killers[0];
        const std::uint64_t nodesBefore = nodeCount.get();
        const Value score = search_move(node, move, node.depth - 1 + extension.extension);
        if (node.rootNode) rootMoveNodes[root_slot(m)] += nodeCount.get() - nodesBefore;
        if (aborted) return VALUE_ZERO;
        if (raise_best(node.best, node.alpha, node.beta, node.pvNode, node.ply, score, m)) {
            ++ss->cutoffCount;
            break;
        }
        if (m != node.best.move) {
            if (move.quiet && node.quietCount < 64)
                node.quietsTried[node.quietCount++] = m;
            else if (!move.quiet && node.captureCount < 32)
                node.capturesTried[node.captureCount++] = m;
        }
    }
    return std::nullopt;
}

MoveInfo Worker::describe_move(const Node& node, Move m, bool badCapture) const {
    const bool quiet = !is_noisy(pos, m);
    const Piece moved = pos.piece_on(m.from());
    const int history = quiet ? quiet_history(params.continuationHistory4, *histories, node.ss,
                                              pos.side_to_move(), moved, m)
                              : histories->capture.get(moved, m.to(), captured_type(pos, m));
    return MoveInfo{m, quiet, pos.gives_check(m), moved, history, badCapture};
}

// 7. Shallow-depth pruning. Each technique's own conditions are in its unit; the guard
//    here is the one they all share, so it stays in one place: never at the root (every
//    root move gets searched), never in check (evasions), and only once a move that
//    avoids mate is known, so that pruning cannot leave the node without one.
bool Worker::prunes_move(const Node& node, const MoveInfo& move) {
    if (node.rootNode || node.inCheck || node.best.score <= VALUE_TB_LOSS_IN_MAX_PLY) return false;
    const Depth lmrDepth =
        move.quiet
            ? history_futility_depth(params.historyFutility, node.depth,
                                     reductions->get(node.depth, node.moveCount), move.history)
            : node.depth;
    const MovePruningContext c{.depth = node.depth,
                               .lmrDepth = lmrDepth,
                               .moveCount = node.moveCount,
                               .improving = node.improving,
                               .inCheck = node.inCheck,
                               .pvNode = node.pvNode,
                               .eval = node.eval,
                               .alpha = node.alpha,
                               .quiet = move.quiet,
                               .givesCheck = move.givesCheck,
                               .history = move.history};
    const Value seeThreshold = see_threshold_with_capture_history(
        params.captureHistorySee, see_pruning_threshold(params.seePruning, c), c);
    if (see_prunes(params.seePruning, c, pos, move.move, seeThreshold)) {
        ++(move.quiet ? counters.seePrunedQuiets : counters.seePrunedCaptures);
        counters.historyFutilitySeePruned += move.quiet && c.lmrDepth < c.depth;
        return true;
    }
    if (!move.quiet && params.captureFutility.enabled &&
        capture_futility_prunes(
            params.captureFutility, c,
            capture_futility_depth(node.depth, reductions->get(node.depth, node.moveCount)),
            captured_value(pos, move.move))) {
        ++counters.captureFutilityPruned;
        return true;
    }
    if (late_move_prunes(params.lateMovePruning, c)) {
        ++counters.lateMovePruned;
        return true;
    }
    if (futility_prunes(params.futility, c)) {
        ++counters.futilityPruned;
        MovePruningContext atDepth = c; // as without HistoryFutility
        atDepth.lmrDepth = c.depth;
        counters.historyFutilityPruned += !futility_prunes(params.futility, atDepth);
        return true;
    }
    if (history_leaf_prunes(params.historyLeafPruning, c)) {
        ++counters.historyLeafPruned;
        return true;
    }
    return false;
}

// 8. Extensions (search/extensions.h): every extension technique offers the move plies
//    from the facts in one context, and the move gets the largest offer (one ply, two for
//    a double extension); the singular search may also decide the node.
SingularResult Worker::extend_move(const Node& node, const MoveInfo& move) {
    const Move m = move.move;
    ExtensionContext context{.ply = node.ply,
                             .rootDepth = rootDepth,
                             .givesCheck = move.givesCheck,
                             .capture = is_capture(pos, m),
                             .previousWasCapture = node.previousWasCapture,
                             .to = m.to(),
                             .previousTo = (node.ss - 1)->move.to(),
                             .pawnMove = type_of(move.moved) == PAWN,
                             .toRelativeRank = relative_rank(pos.side_to_move(), m.to()),
                             .inCheck = node.inCheck,
                             .legalMoves = node.legalMoves,
                             .threat = node.threatExtension,
                             .pvNode = node.pvNode,
                             .doubleExtensions = (node.ss - 1)->doubleExtensions};
    if (losing_check(params.checkExtensionSee, pos, m, move.givesCheck)) {
        counters.checkExtensionSeeSkipped += check_extension(params.checkExtension, context) > 0;
        context.losingCheck = true;
    }
    SearchAccess access(*this);
    const SingularResult singular = singular_search(access, node, m);
    if (singular.cutoff) return singular;
    context.singular = singular.extension;
    context.singularScore = singular.score;
    context.singularBeta = singular.singularBeta;
    const OfferedExtensions offered = offered_extensions(params, context);
    if (std::uint64_t Stats::*const applied = applied_counter(offered)) ++(counters.*applied);
    return {extension_plies(offered), std::nullopt};
}

// 9a. The reduction of the move's first, null-window search: late move reductions for
//     quiet moves (less at a ttPv node), the capture reductions for noisy ones; none when
//     neither applies.
std::optional<Depth> Worker::move_reduction(const Node& node, const MoveInfo& move) {
    if (!move.quiet) {
        const CaptureReductionContext c{
            node.depth,      node.moveCount,  node.pvNode, node.cutNode, move.move == node.ttMove,
            move.givesCheck, move.badCapture, move.history};
        if (!capture_reduction_applies(params.captureReductions, c)) return std::nullopt;
        return capture_reduction(params.captureReductions, *reductions, c);
    }
    const StackEntry* ss = node.ss;
    const bool killer = move.move == ss->killers[0] || move.move == ss->killers[1];
    ReductionContext rc{node.depth, node.moveCount, node.pvNode,  node.cutNode,   node.improving,
                        move.quiet, killer,         move.history, node.ttCapture, move.givesCheck};
    if (!late_move_reduction_applies(params.lateMoveReductions, rc)) return std::nullopt;
    rc.cutoffCountPly = lmr_cutoff_count_ply(params.lmrCutoffCount, (ss + 1)->cutoffCount);
    counters.lmrCutoffCountReductions += rc.cutoffCountPly;
    Depth r = late_move_reduction(params.lateMoveReductions, *reductions, rc);
    rc.uncertaintyHistory = uncertainty_history(params.correctionUncertainty,
                                                correction_size(ss->staticEval, node.rawEval));
    if (rc.uncertaintyHistory != 0) {
        const Depth less = late_move_reduction(params.lateMoveReductions, *reductions, rc);
        counters.uncertaintyReductionsLess += Depth(r - less);
        r = less;
    }
    rc.ttPvLess = tt_pv_reduction_less(params.ttPv, node.ttPv, node.pvNode);
    if (rc.ttPvLess == 0) return r;
    const Depth lowered = late_move_reduction(params.lateMoveReductions, *reductions, rc);
    counters.ttPvReductions += lowered < r;
    return lowered;
}

// 9b. The reduced search, a re-search (one ply deeper or shallower by how far the reduced
//     search beat the best score) when it beats alpha, then PVS: null window first, full
//     window for new PV moves.
Value Worker::search_move(const Node& node, const MoveInfo& move, Depth newDepth) {
    StackEntry* ss = node.ss;
    const Value alpha = node.alpha, beta = node.beta;
    const std::optional<Depth> r = move_reduction(node, move);
    make_move(ss, move.move);
    Value score = -VALUE_INFINITE;
    if (r) {
        const Depth reduced = std::clamp(newDepth - *r, 1, newDepth);
        if (reduced < newDepth)
            ++(move.quiet ? counters.lateMoveReductions : counters.captureReductions);
        ss->reduction = newDepth - reduced;
        score = -search(ss + 1, -alpha - 1, -alpha, reduced, true);
        ss->reduction = 0;
        if (score > alpha && reduced < newDepth) {
            const Depth adjust = research_depth_adjustment(params.doDeeperShallower, score,
                                                           node.best.score, newDepth);
            counters.doDeeper += adjust > 0;
            counters.doShallower += adjust < 0;
            newDepth += adjust;
        }
        if (score > alpha && reduced < newDepth) {
            ++counters.lateMoveResearches;
            score = -search(ss + 1, -alpha - 1, -alpha, newDepth, !node.cutNode);
            learn_from_research(ss, move, score, alpha, beta, newDepth);
        }
    } else if (!node.pvNode || node.moveCount > 1) {
        score = -search(ss + 1, -alpha - 1, -alpha, newDepth, !node.cutNode);
    }
    if (node.pvNode && (node.moveCount == 1 || (score > alpha && (node.rootNode || score < beta))))
        score = -search(ss + 1, -beta, -alpha, newDepth, false);
    unmake_move(move.move);
    return score;
}

// Post-LMR history: the re-search's verdict on a quiet move, learned by its continuation
// histories at once (ss: the node, the move already made).
void Worker::learn_from_research(StackEntry* ss, const MoveInfo& move, Value score, Value alpha,
                                 Value beta, Depth depth) {
    const PostLmrHistoryParams& p = params.postLmrHistory;
    const int sign = post_lmr_history_sign(p, move.quiet, score, alpha, beta);
    if (sign == 0) return;
    const int size = sign > 0 ? cutoff_bonus(params.linearHistoryBonus, depth)
                              : -cutoff_malus(params.linearHistoryBonus, depth);
    const int bonus = size * p.bonusPercent / 100;
    apply_gravity((*(ss - 1)->continuation)[move.moved][move.move.to()], bonus);
    apply_gravity((*(ss - 2)->continuation)[move.moved][move.move.to()], bonus);
    ++counters.postLmrHistoryUpdates;
}

// Fail-soft: the best score so far, the PV and alpha follow a better score. True on a
// beta cutoff. Shared by search and qsearch.
bool Worker::raise_best(BestSoFar& best, Value& alpha, Value beta, bool pvNode, int ply,
                        Value score, Move m) {
    if (score <= best.score) return false;
    best.score = score;
    if (score <= alpha) return false;
    best.move = m;
    if (pvNode) update_pv(ply, m);
    if (score >= beta) return true;
    alpha = score;
    return false;
}

// 10. No legal move: mate or stalemate; in a singular search, the excluded move was the
//     only one, so it is singular (a fail low). Otherwise histories and the TT store.
Value Worker::finish_node(Node& node) {
    if (node.moveCount == 0)
        return node.excludedSearch ? node.alpha : node.inCheck ? mated_in(node.ply) : VALUE_DRAW;
    const BestSoFar& best = node.best;
    if (best.score >= node.beta)
        update_cutoff_histories(node.ss, best.move, node.depth, node.quietsTried, node.quietCount,
                                node.capturesTried, node.captureCount);
    update_prior_histories(node);
    const Value bestScore = std::min(best.score, node.tbCeiling);
    const Bound bound = bestScore >= node.beta             ? BOUND_LOWER
                        : node.pvNode && best.move.is_ok() ? BOUND_EXACT
                                                           : BOUND_UPPER;
    if (!node.excludedSearch) {
        const Value stored = value_to_tt(bestScore, node.ply);
        tt.store(node.tt.key, stored, node.rawEval, node.depth, bound, best.move, node.ttPv);
        // The pv flag is left out of the export: it marks this process's own PV.
        if (entryExport && node.depth >= entryExport->min_depth())
            entryExport->offer(node.tt.key, stored, node.rawEval, node.depth, bound, best.move);
    }
    const bool noisyBest = best.move.is_ok() && is_noisy(pos, best.move);
    if (correction_update_applies(params.correctionHistory, node.inCheck, node.excludedSearch,
                                  noisyBest, bound, bestScore, node.rawEval))
        update_correction_history(node, bestScore - node.rawEval);
    return bestScore;
}

void Worker::update_prior_histories(const Node& node) {
    const StackEntry* prev = node.ss - 1;
    const Move m = prev->move;
    if (node.excludedSearch || !m.is_ok() || m.type() == PROMOTION ||
        pos.captured_piece() != NO_PIECE)
        return;
    int bonus = 0;
    if (node.best.score >= node.beta) {
        if (!refuted_early_malus_applies(params.refutedEarlyMalus, true, prev->earlyMove)) return;
        bonus = -cutoff_malus(params.linearHistoryBonus, node.depth + 1);
        ++counters.refutedEarlyMaluses;
    } else if (!node.best.move.is_ok()) { // a fail low: no move raised alpha
        const int times =
            prior_fail_low_bonus_times(params.priorFailLowBonus, node.depth, node.pvNode,
                                       node.cutNode, node.best.score, node.alpha);
        if (times == 0) return;
        bonus = times * cutoff_bonus(params.linearHistoryBonus, node.depth);
        ++counters.priorFailLowBonuses;
    } else {
        return;
    }
    apply_gravity((*(prev - 1)->continuation)[prev->movedPiece][m.to()], bonus);
    apply_gravity((*(prev - 2)->continuation)[prev->movedPiece][m.to()], bonus);
}

Move Worker::countermove_for(const StackEntry* ss) const {
    const StackEntry* prev = ss - 1;
    return prev->move.is_ok() ? histories->counterMoves.at(prev->movedPiece, prev->move.to())
                              : Move::none();
}

// The histories the move picker orders by at the node of ss.
MovePicker::Context Worker::picker_context(const StackEntry* ss) const {
    MovePicker::Context ctx{histories.get(), (ss - 1)->continuation, (ss - 2)->continuation};
    if (params.continuationHistory4.enabled) {
        ctx.continuation4 = (ss - 4)->continuation;
        ctx.continuation6 = (ss - 6)->continuation;
    }
    if (params.pawnHistory.enabled)
        ctx.pawnHistory = &pawn_history_slice(histories->pawnHistory, pos);
    if (const LowPlyHistory::Row* row =
            low_ply_row(params.lowPlyHistory, histories->lowPly, ss->ply)) {
        ctx.lowPlyRow = row;
        ctx.lowPlyWeight = params.lowPlyHistory.weight;
        ctx.lowPly = ss->ply;
    }
    return ctx;
}

Value Worker::qsearch(StackEntry* ss, Value alpha, Value beta, int qsDepth) {
    const bool pvNode = beta - alpha > 1;
    const int ply = ss->ply;

    if (should_abort()) return VALUE_ZERO;
    ++nodeCount;
    pv->length[ply] = 0;
    seldepth = std::max(seldepth, ply + 1);

    const bool inCheck = pos.in_check();
    if (is_draw(ply)) return VALUE_DRAW;
    if (ply >= MAX_PLY - 4) return inCheck ? VALUE_DRAW : static_eval();

    const TTProbe probe = probe_tt(ply);
    // An entry without quiet checks does not answer for a node that tries them.
    const Depth ttDepth = qsearch_tt_depth(params.qsearchChecks, qsDepth);
    if (!pvNode && tt_cutoff(probe, ttDepth, beta)) return probe.score;
    const bool ttPv = tt_pv(params.ttPv, pvNode, probe.entry && probe.entry->pv);

    // Stand pat: outside check the side to move may decline every capture.
    BestSoFar best;
    Value standPat = VALUE_NONE;
    Value rawEval = VALUE_NONE; // what the TT keeps; the stand pat is corrected
    if (inCheck) {
        ss->staticEval = VALUE_NONE;
    } else {
        rawEval = cached_static_eval(probe);
        CorrectionKeys keys;
        ss->staticEval = standPat = correct_eval(rawEval, keys, ss);
        best.score = standPat;
        if (best.score >= beta) {
            if (!probe.entry)
                tt.store(probe.key, value_to_tt(best.score, ply), rawEval, ttDepth, BOUND_LOWER,
                         Move::none(), ttPv);
            return best.score;
        }
        alpha = std::max(alpha, best.score);
    }

    const MovePicker::Context ctx = picker_context(ss);
    const bool quietChecks = qsearch_checks_at(params.qsearchChecks, qsDepth, inCheck);
    MovePicker picker(pos, probe.move(), ctx, quietChecks);
    int moveCount = 0;
    int quietEvasions = 0;

    for (Move m = picker.next(); m; m = picker.next()) {
        ++moveCount;
        const QsearchMoveState state{inCheck, standPat, alpha, moveCount, (ss - 1)->move};
        if (qsearch_prunes(m, state, best.score, quietEvasions)) continue;
        make_move(ss, m);
        const Value score = -qsearch(ss + 1, -beta, -alpha, qsDepth - 1);
        unmake_move(m);
        if (aborted) return VALUE_ZERO;
        if (raise_best(best, alpha, beta, pvNode, ply, score, m)) break;
    }

    // In check every legal move was tried: none means checkmate.
    if (inCheck && moveCount == 0) return mated_in(ply);

    const Bound bound = best.score >= beta ? BOUND_LOWER : BOUND_UPPER;
    tt.store(probe.key, value_to_tt(best.score, ply), rawEval, ttDepth, bound, best.move, ttPv);
    return best.score;
}

// The quiescence search's move filter: evasion pruning in check, quiet checks that lose
// material, quiescence futility, delta pruning and SEE pruning of captures. A futile
// capture raises `bestScore` to the bound it was judged by.
bool Worker::qsearch_prunes(Move m, const QsearchMoveState& s, Value& bestScore,
                            int& quietEvasions) {
    const bool inCheck = s.inCheck;
    const Value standPat = s.standPat, alpha = s.alpha;
    if (inCheck) {
        const bool quiet =
            quiet_evasion(is_capture(pos, m), m.type() == PROMOTION && m.promotion_type() == QUEEN);
        if (qsearch_prunes_evasion(params.qsearchEvasionPruning, inCheck, quiet, quietEvasions,
                                   bestScore)) {
            ++counters.qsearchEvasionsPruned;
            return true;
        }
        quietEvasions += quiet;
        return false;
    }
    if (!is_noisy(pos, m)) { // a quiet check: the picker gives them at the first ply only
        if (!qsearch_check_searched(params.qsearchChecks, pos, m)) return true;
        ++counters.qsearchChecks;
        return false;
    }
    const bool givesCheck = pos.gives_check(m);
    if (qsearch_futility_prunes(m, s, givesCheck, bestScore)) return true;
    if (delta_prunes(params.deltaPruning, standPat, delta_gain(pos, m), alpha, givesCheck)) {
        ++counters.deltaPruned;
        return true;
    }
    if (qsearch_see_prunes(params.qsearchSeePruning, pos, m)) {
        ++counters.qsearchSeePruned;
        return true;
    }
    return false;
}

bool Worker::qsearch_futility_prunes(Move m, const QsearchMoveState& s, bool givesCheck,
                                     Value& bestScore) {
    const QsearchFutilityParams& p = params.qsearchFutility;
    const Move last = s.lastMove;
    const bool recapture = last.is_ok() && m.to() == last.to();
    const Value captured =
        m.type() == EN_PASSANT ? PIECE_VALUE[PAWN] : PIECE_VALUE[type_of(pos.piece_on(m.to()))];
    const QsearchFutilityContext c{s.standPat, s.alpha, captured,
                                   givesCheck || recapture || m.type() == PROMOTION, s.moveCount};
    switch (qsearch_futility(p, c)) {
    case QsearchFutilityVerdict::Search: return false;
    case QsearchFutilityVerdict::MoveCount: ++counters.qsearchMoveCountPruned; return true;
    case QsearchFutilityVerdict::Futile:
        ++counters.qsearchFutilityPruned;
        bestScore = std::max(bestScore, s.standPat + p.margin + captured);
        return true;
    case QsearchFutilityVerdict::NeedsSee:
        if (see_ge(pos, m, 1)) return false;
        ++counters.qsearchFutilityPruned;
        bestScore = std::max(bestScore, s.standPat + p.margin);
        return true;
    }
    return false;
}

// The selectivity techniques that search reach the worker through this interface only.
const Position& SearchAccess::position() const { return worker.pos; }
const Params& SearchAccess::params() const { return worker.params; }
Stats& SearchAccess::counters() { return worker.counters; }
Depth SearchAccess::root_depth() const { return worker.rootDepth; }
bool SearchAccess::aborted() const { return worker.aborted; }
Value SearchAccess::search(StackEntry* ss, Value alpha, Value beta, Depth depth, bool cutNode) {
    return worker.search(ss, alpha, beta, depth, cutNode);
}
Value SearchAccess::qsearch(StackEntry* ss, Value alpha, Value beta) {
    return worker.qsearch(ss, alpha, beta);
}
void SearchAccess::make_move(StackEntry* ss, Move m) { worker.make_move(ss, m); }
void SearchAccess::unmake_move(Move m) { worker.unmake_move(m); }
void SearchAccess::make_null_move(StackEntry* ss) { worker.make_null_move(ss); }
void SearchAccess::unmake_null_move() { worker.unmake_null_move(); }
void SearchAccess::set_null_move_verification(bool on) { worker.nullMoveVerifying = on; }
bool SearchAccess::null_move_verification() const { return worker.nullMoveVerifying; }
MovePicker SearchAccess::main_picker(const StackEntry* ss, Move ttMove) const {
    const MovePicker::Context ctx = worker.picker_context(ss);
    return MovePicker(worker.pos, ttMove, ctx, ss->killers[0], ss->killers[1],
                      worker.countermove_for(ss));
}
MovePicker SearchAccess::noisy_picker(const StackEntry* ss, Move ttMove) const {
    const MovePicker::Context ctx = worker.picker_context(ss);
    return MovePicker(worker.pos, ttMove, ctx);
}
std::optional<TTData> SearchAccess::probe_tt(Key key) const { return worker.tt.probe(key); }
void SearchAccess::store_tt(Key key, Value score, Value eval, Depth depth, Bound bound, Move move,
                            bool pv) {
    worker.tt.store(key, score, eval, depth, bound, move, pv);
}

} // namespace flotilla::search
