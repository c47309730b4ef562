// Principal variation search and quiescence search: negamax, fail-soft.
#include "search/worker.h"

#include "core/movegen.h"
#include "core/see.h"
#include "eval/evaluate.h"
#include "eval/nnue/evaluate.h"
#include "search/movepick.h"
#include "search/selectivity/applied_extension.h"

#include <algorithm>
#include <cstdlib>
#include <random>

namespace flotilla::search {

namespace {

// True when a stored bound makes the TT score usable against the window.
bool bound_allows(Bound bound, Value ttScore, Value beta) {
    return bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER);
}

// Castling is encoded king-takes-own-rook, so it is never a capture.
bool is_capture(const Position& pos, Move m) {
    return m.type() == EN_PASSANT || (m.type() != CASTLING && pos.piece_on(m.to()) != NO_PIECE);
}

} // namespace

Worker::Worker(TranspositionTable& table)
    : tt(table), histories(std::make_unique<Histories>()),
      // 4096 entries (288 KiB), as the thread-local cache had: a 256-thread pool
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

// A fresh allocation: a Histories temporary would put megabytes on the stack.
void Worker::clear_histories() { histories = std::make_unique<Histories>(); }

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
    ss->move = m;
    ss->movedPiece = pos.piece_on(m.from());
    ss->continuation = &histories->continuation.at(ss->movedPiece, m.to());
    if (network) accumulators->push(nnue::changes_of(pos, m)); // lazy: no update yet
    pos.make_move(m);
    tt.prefetch(pos.key()); // the child probes it first thing
}

void Worker::unmake_move(Move m) {
    pos.unmake_move(m);
    if (network) accumulators->pop();
}

void Worker::make_null_move(StackEntry* ss) {
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

void Worker::update_quiet_histories(StackEntry* ss, Move m, int bonus) {
    const Piece moved = pos.piece_on(m.from());
    apply_gravity(histories->butterfly.at(pos.side_to_move(), m), bonus);
    apply_gravity((*(ss - 1)->continuation)[moved][m.to()], bonus);
    apply_gravity((*(ss - 2)->continuation)[moved][m.to()], bonus);
}

// After a beta cutoff: reward the move that cut, punish the ones tried before it.
void Worker::update_cutoff_histories(StackEntry* ss, Move best, Depth depth, const Move* quiets,
                                     int quietCount, const Move* captures, int captureCount) {
    const int bonus = history_bonus(depth);
    auto captureEntry = [&](Move m) -> std::int16_t& {
        const PieceType victim = m.type() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
        return histories->capture.at(pos.piece_on(m.from()), m.to(), victim);
    };
    if (!is_noisy(pos, best)) {
        if (ss->killers[0] != best) {
            ss->killers[1] = ss->killers[0];
            ss->killers[0] = best;
        }
        const StackEntry* prev = ss - 1;
        if (prev->move.is_ok())
            histories->counterMoves.at(prev->movedPiece, prev->move.to()) = best;
        update_quiet_histories(ss, best, bonus);
        for (int i = 0; i < quietCount; ++i) update_quiet_histories(ss, quiets[i], -bonus);
    } else {
        apply_gravity(captureEntry(best), bonus);
    }
    for (int i = 0; i < captureCount; ++i) apply_gravity(captureEntry(captures[i]), -bonus);
}

Value Worker::search(StackEntry* ss, Value alpha, Value beta, Depth depth, bool cutNode) {
    const bool pvNode = beta - alpha > 1;
    const bool rootNode = ss->ply == 0;
    const int ply = ss->ply;
    // Inside a singular search this node is searched without one move: the result is
    // not the position's value, so the TT neither cuts nor stores it.
    const Move excludedMove = ss->excludedMove;
    const bool excludedSearch = excludedMove.is_ok();

    if (depth <= 0) return qsearch(ss, alpha, beta);
    if (should_abort()) return VALUE_ZERO;
    ++nodeCount;
    pv->length[ply] = 0;
    seldepth = std::max(seldepth, ply + 1);

    const bool inCheck = pos.in_check();

    // 1. Terminal conditions: draws, the ply limit, mate distance pruning.
    if (!rootNode) {
        if (is_draw(ply)) return VALUE_DRAW;
        if (ply >= MAX_PLY - 4) return inCheck ? VALUE_DRAW : static_eval();
        if (auto v = mate_distance_prune(params.mateDistance, ply, alpha, beta)) {
            ++counters.mateDistanceCutoffs;
            return *v;
        }
    }
    (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();
    (ss + 1)->excludedMove = Move::none();
    if (!excludedSearch) ss->threatMove = Move::none();

    // 2. Transposition table: a cutoff at non-PV nodes when the stored bound allows it.
    const Key key = pos.key();
    const std::optional<TTData> tte = tt.probe(key);
    ++counters.ttProbes;
    counters.ttHits += tte.has_value();
    const Value ttScore = tte ? value_from_tt(tte->score, ply) : VALUE_NONE;
    const Move ttMove = rootNode && rootBestMove ? rootBestMove : tte ? tte->move : Move::none();
    if (!pvNode && !excludedSearch && tte && tte->depth >= depth && ttScore != VALUE_NONE &&
        bound_allows(tte->bound, ttScore, beta)) {
        ++counters.ttCutoffs;
        return ttScore;
    }

    // 2b. Syzygy WDL probe, right after a capture or pawn move (Fathom probes only those)
    //     within the piece limit: a draw is exact, a win or loss a bound in its own band.
    Value tbFloor = -VALUE_INFINITE, tbCeiling = VALUE_INFINITE;
    if (!rootNode && !excludedSearch && tbCardinality > 0 && pos.rule50_count() == 0 &&
        pos.castling_rights() == NO_CASTLING) {
        const int pieces = popcount(pos.pieces());
        if (pieces < tbCardinality ||
            (pieces == tbCardinality && depth >= params.tablebases.probeDepth))
            if (const std::optional<syzygy::Wdl> wdl = syzygy::probe_wdl(pos)) {
                ++tbHitCount;
                const int w = int(*wdl);
                const int drawn = params.tablebases.rule50 ? 1 : 0; // |w| <= drawn: a draw
                const Value v = w < -drawn  ? tb_loss_in(ply)
                                : w > drawn ? tb_win_in(ply)
                                            : VALUE_DRAW + 2 * w * drawn;
                const Bound b = w < -drawn ? BOUND_UPPER : w > drawn ? BOUND_LOWER : BOUND_EXACT;
                if (b == BOUND_EXACT || (b == BOUND_LOWER ? v >= beta : v <= alpha)) {
                    tt.store(key, value_to_tt(v, ply), VALUE_NONE, std::min(MAX_PLY - 1, depth + 6),
                             b, Move::none());
                    return v;
                }
                // A PV node searches on, inside what the tables proved.
                if (pvNode && b == BOUND_LOWER) alpha = std::max(alpha, tbFloor = v);
                if (pvNode && b == BOUND_UPPER) tbCeiling = v;
            }
    }

    // 3. Static evaluation, sharpened by the TT score when its bound points the right way.
    Value eval = VALUE_NONE;
    if (inCheck) {
        ss->staticEval = VALUE_NONE;
    } else {
        ss->staticEval = eval = tte && tte->eval != VALUE_NONE ? tte->eval : static_eval();
        if (ttScore != VALUE_NONE && (tte->bound & (ttScore > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = ttScore;
    }
    const bool improving =
        !inCheck && (ss - 2)->staticEval != VALUE_NONE && ss->staticEval > (ss - 2)->staticEval;
    const Color us = pos.side_to_move();

    // 4. Static pruning, all behind one guard: not at PV nodes, not in check, not in a
    //    singular search, no mate score near the window.
    const bool staticPruningAllowed = !pvNode && !inCheck && !excludedSearch && !is_decisive(beta);
    Depth threatExtension = 0; // mate-threat / Botvinnik-Markoff, for every move of this node
    if (staticPruningAllowed) {
        // 4a. Razoring into quiescence: trust a confirmed fail low.
        if (razor_to_qsearch(params.razoring, depth, eval, alpha)) {
            const Value v = qsearch(ss, alpha, alpha + 1);
            if (aborted) return VALUE_ZERO;
            if (v <= alpha) {
                ++counters.razoringCutoffs;
                return v;
            }
        }
        // 4b. Limited razoring at pre-pre-frontier nodes.
        if (const Depth r = limited_razoring_reduction(params.razoring, depth, eval, alpha)) {
            ++counters.limitedRazoringReductions;
            depth -= r;
        }

        // 4c. Reverse futility pruning (the beta side of futility).
        if (reverse_futility_prunes(params.reverseFutility, depth, eval, beta, improving)) {
            ++counters.reverseFutilityCutoffs;
            return eval;
        }

        const NullMoveContext nullContext{depth,
                                          eval,
                                          beta,
                                          inCheck,
                                          pvNode,
                                          (ss - 1)->move == Move::null(),
                                          pos.has_non_pawn_material(us)};
        // 4d. Null move pruning, verified at high depth.
        if (!nullMoveVerifying && null_move_allowed(params.nullMove, nullContext)) {
            ++counters.nullMoveTried;
            const Depth r = null_move_reduction(params.nullMove, depth, eval, beta);
            make_null_move(ss);
            const Value nullScore = -search(ss + 1, -beta, -beta + 1, depth - r, !cutNode);
            // The move that refuted passing is the opponent's threat (from the TT, checked).
            Move threat = Move::none();
            if (nullScore < beta && params.mateThreatExtension.enabled && !aborted) {
                const std::optional<TTData> refutation = tt.probe(pos.key());
                if (refutation && pos.is_pseudo_legal(refutation->move)) threat = refutation->move;
            }
            unmake_null_move();
            if (aborted) return VALUE_ZERO;
            if (nullScore < beta) {
                // 4e. Mate-threat and Botvinnik-Markoff extensions.
                ss->threatMove = threat;
                const ThreatKind kind = threat_kind(params.mateThreatExtension, nullScore, threat,
                                                    (ss - 2)->threatMove);
                threatExtension = threat_extension(kind, ply, rootDepth);
                if (threatExtension)
                    ++(kind == ThreatKind::Mate ? counters.mateThreatExtensions
                                                : counters.botvinnikMarkoffExtensions);
            }
            // A mate found by passing is not a proven mate.
            const Value cutScore = nullScore >= VALUE_TB_WIN_IN_MAX_PLY ? beta : nullScore;
            const Depth nullReduction =
                nullScore >= beta ? null_move_depth_reduction(params.nullMoveReductions, depth) : 0;
            if (nullReduction) {
                // Null move reductions: search shallower instead of cutting.
                ++counters.nullMoveReductions;
                depth -= nullReduction;
            } else if (nullScore >= beta &&
                       !null_move_needs_verification(params.verifiedNullMove, depth)) {
                ++counters.nullMoveCutoffs;
                return cutScore;
            } else if (nullScore >= beta) {
                // Verification: the real moves, reduced, with null moves off below.
                ++counters.nullMoveVerifications;
                nullMoveVerifying = true;
                const Value v = search(ss, beta - 1, beta, depth - r, false);
                nullMoveVerifying = false;
                if (aborted) return VALUE_ZERO;
                if (v >= beta) {
                    ++counters.nullMoveCutoffs;
                    return cutScore;
                }
                ++counters.nullMoveVerificationFailures;
            }
        }

        // 4f. ProbCut: a capture that beats beta by a margin at reduced depth.
        if (probcut_applies(params.probCut, depth, pvNode, beta, tte ? tte->depth : 0, ttScore))
            if (const std::optional<Value> v = probcut(ss, beta, depth, cutNode, ttMove)) return *v;

        // 4g. Multi-cut: several of the first moves fail high at reduced depth.
        if (multi_cut_applies(params.multiCut, depth, cutNode, pvNode, beta))
            if (const std::optional<Value> v = multi_cut(ss, beta, depth, ttMove)) return *v;
    }

    // 5. Reductions before the move loop: fail-high reductions (Feldmann) when the
    //    static eval minus the opponent's threat still reaches beta; internal
    //    iterative reduction when there is no TT move.
    if (staticPruningAllowed && params.failHighReductions.enabled) {
        if (const Depth r = fail_high_reduction(params.failHighReductions, depth, pvNode, eval,
                                                pawn_threat(pos), beta)) {
            ++counters.failHighReductions;
            depth -= r;
        }
    }
    if (const Depth r = internal_iterative_reduction(params.internalIterativeReductions, depth,
                                                     ttMove.is_ok())) {
        ++counters.internalIterativeReductions;
        depth -= r;
    }

    // 6. The move loop.
    const MovePicker::Context ctx{histories.get(), (ss - 1)->continuation, (ss - 2)->continuation};
    MovePicker picker(pos, ttMove, ctx, ss->killers[0], ss->killers[1], countermove_for(ss));

    Value bestScore = tbFloor;
    Move bestMove = Move::none();
    int moveCount = 0;
    Move quietsTried[64], capturesTried[32];
    int quietCount = 0, captureCount = 0;
    const int legalMoves = inCheck && params.oneReplyExtension.enabled ? count_legal_moves(pos) : 0;
    const Move previous = (ss - 1)->move;
    const bool previousWasCapture = previous.is_ok() && pos.captured_piece() != NO_PIECE;

    for (Move m = picker.next(); m; m = picker.next()) {
        if (rootNode && !is_root_move(m)) continue;
        if (m == excludedMove) continue;
        ++moveCount;
        const bool quiet = !is_noisy(pos, m);
        const bool givesCheck = pos.gives_check(m);
        const Piece moved = pos.piece_on(m.from());
        const int history = quiet ? histories->butterfly.get(us, m) +
                                        (*(ss - 1)->continuation)[moved][m.to()] +
                                        (*(ss - 2)->continuation)[moved][m.to()]
                                  : 0;

        // 7. Shallow-depth pruning, once a move that avoids mate is known.
        const bool movePruningAllowed =
            !rootNode && !inCheck && bestScore > VALUE_TB_LOSS_IN_MAX_PLY;
        if (movePruningAllowed && see_pruning_applies(params.seePruning, depth) && !givesCheck &&
            !see_ge(pos, m, see_pruning_threshold(params.seePruning, depth, quiet))) {
            ++(quiet ? counters.seePrunedQuiets : counters.seePrunedCaptures);
            continue;
        }
        if (movePruningAllowed && quiet && !givesCheck) {
            // Per move rather than skipping all remaining quiets: a late quiet check
            // (often a mate) must still be searched.
            if (late_move_prunes(params.lateMovePruning, depth, moveCount, improving)) {
                ++counters.lateMovePruned;
                continue;
            }
            if (futility_prunes(params.futility, depth, eval, alpha, quiet, givesCheck, inCheck)) {
                ++counters.futilityPruned;
                continue;
            }
            if (history_leaf_prunes(params.historyLeafPruning, depth, history)) {
                ++counters.historyLeafPruned;
                continue;
            }
        }

        // 8. Extensions: at most one ply per move, all under one path bound.
        const Depth checkExt = check_extension(params.checkExtension, givesCheck, ply, rootDepth);
        const Depth recaptureExt =
            recapture_extension(params.recaptureExtension, is_capture(pos, m), previousWasCapture,
                                m.to(), previous.to(), ply, rootDepth);
        const Depth passedPawnExt =
            passed_pawn_extension(params.passedPawnExtension, type_of(moved) == PAWN,
                                  relative_rank(us, m.to()), ply, rootDepth);
        const Depth oneReplyExt =
            one_reply_extension(params.oneReplyExtension, inCheck, legalMoves, ply, rootDepth);

        // 8b. Singular extension: search the other moves without the TT move, below
        //     its score; its three outcomes extend, cut (multi-cut) or reduce.
        Depth singularExt = 0;
        const SingularContext singular{depth,
                                       !rootNode && m == ttMove,
                                       tte && (tte->bound & BOUND_LOWER),
                                       tte ? tte->depth : 0,
                                       ttScore,
                                       excludedSearch};
        if (singular_search_applies(params.singularExtension, singular)) {
            ++counters.singularSearches;
            const Value singularBeta = singular_beta(params.singularExtension, ttScore, depth);
            ss->excludedMove = m;
            const Value v =
                search(ss, singularBeta - 1, singularBeta, singular_search_depth(depth), cutNode);
            ss->excludedMove = Move::none();
            if (aborted) return VALUE_ZERO;
            const SingularOutcome outcome =
                singular_outcome(params.singularExtension, v, singularBeta, beta, ttScore);
            if (outcome == SingularOutcome::MultiCut) {
                ++counters.singularMultiCuts;
                return singularBeta;
            }
            singularExt = singular_extension(params.singularExtension, outcome, ply, rootDepth);
            if (singularExt < 0) ++counters.singularNegativeExtensions;
        }
        // At most one ply in all; a negative singular extension lowers what is left.
        const OfferedExtensions offered{singularExt,  checkExt,      oneReplyExt,
                                        recaptureExt, passedPawnExt, threatExtension};
        const Depth extension = largest_extension(offered) + std::min(singularExt, 0);
        switch (applied_extension(offered)) {
        case AppliedExtension::Singular: ++counters.singularExtensions; break;
        case AppliedExtension::Check: ++counters.checkExtensions; break;
        case AppliedExtension::OneReply: ++counters.oneReplyExtensions; break;
        case AppliedExtension::Recapture: ++counters.recaptureExtensions; break;
        case AppliedExtension::PassedPawn: ++counters.passedPawnExtensions; break;
        case AppliedExtension::Threat:
        case AppliedExtension::None: break;
        }
        const Depth newDepth = depth - 1 + extension;

        make_move(ss, m);
        Value score = -VALUE_INFINITE;
        // 9. Late move reductions, then PVS: null window first, full window for new PV moves.
        const bool reducible = params.lateMoveReductions.enabled && quiet &&
                               depth >= params.lateMoveReductions.minDepth &&
                               moveCount > 1 + (pvNode ? 1 : 0);
        if (reducible) {
            const ReductionContext rc{depth,     moveCount,
                                      pvNode,    cutNode,
                                      improving, m == ss->killers[0] || m == ss->killers[1],
                                      history};
            const Depth r = late_move_reduction(params.lateMoveReductions, *reductions, rc);
            const Depth reduced = std::clamp(newDepth - r, 1, newDepth);
            if (reduced < newDepth) ++counters.lateMoveReductions;
            score = -search(ss + 1, -alpha - 1, -alpha, reduced, true);
            if (score > alpha && reduced < newDepth) {
                ++counters.lateMoveResearches;
                score = -search(ss + 1, -alpha - 1, -alpha, newDepth, !cutNode);
            }
        } else if (!pvNode || moveCount > 1) {
            score = -search(ss + 1, -alpha - 1, -alpha, newDepth, !cutNode);
        }
        if (pvNode && (moveCount == 1 || (score > alpha && (rootNode || score < beta))))
            score = -search(ss + 1, -beta, -alpha, newDepth, false);
        unmake_move(m);
        if (aborted) return VALUE_ZERO;

        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (pvNode) update_pv(ply, m);
                if (score >= beta) break;
                alpha = score;
            }
        }
        if (m != bestMove) {
            if (quiet && quietCount < 64)
                quietsTried[quietCount++] = m;
            else if (!quiet && captureCount < 32)
                capturesTried[captureCount++] = m;
        }
    }

    // 10. No legal move: mate or stalemate; in a singular search, the excluded move
    //     was the only one, so it is singular (a fail low).
    if (moveCount == 0) return excludedSearch ? alpha : inCheck ? mated_in(ply) : VALUE_DRAW;

    if (bestScore >= beta)
        update_cutoff_histories(ss, bestMove, depth, quietsTried, quietCount, capturesTried,
                                captureCount);
    bestScore = std::min(bestScore, tbCeiling);

    const Bound bound = bestScore >= beta            ? BOUND_LOWER
                        : pvNode && bestMove.is_ok() ? BOUND_EXACT
                                                     : BOUND_UPPER;
    if (!excludedSearch) {
        tt.store(key, value_to_tt(bestScore, ply), ss->staticEval, depth, bound, bestMove);
        if (entryExport && depth >= entryExport->min_depth())
            entryExport->offer(key, value_to_tt(bestScore, ply), ss->staticEval, depth, bound,
                               bestMove);
    }
    return bestScore;
}

Move Worker::countermove_for(const StackEntry* ss) const {
    const StackEntry* prev = ss - 1;
    return prev->move.is_ok() ? histories->counterMoves.at(prev->movedPiece, prev->move.to())
                              : Move::none();
}

// ProbCut (search/selectivity/probcut.h): captures whose exchange could reach
// probcutBeta get a quiescence search, then a reduced null-window search against it.
std::optional<Value> Worker::probcut(StackEntry* ss, Value beta, Depth depth, bool cutNode,
                                     Move ttMove) {
    const ProbCutParams& p = params.probCut;
    const Value probcutBeta = probcut_beta(p, beta);
    const Value seeThreshold = probcut_see_threshold(probcutBeta, ss->staticEval);
    const MovePicker::Context ctx{histories.get(), (ss - 1)->continuation, (ss - 2)->continuation};
    MovePicker picker(pos, ttMove, ctx); // the quiescence order: TT move if noisy, then noisy
    ++counters.probCutTried;
    for (Move m = picker.next(); m; m = picker.next()) {
        if (!see_ge(pos, m, seeThreshold)) continue;
        make_move(ss, m);
        Value v = -qsearch(ss + 1, -probcutBeta, -probcutBeta + 1);
        if (v >= probcutBeta && !aborted)
            v = -search(ss + 1, -probcutBeta, -probcutBeta + 1, depth - p.reduction, !cutNode);
        unmake_move(m);
        if (aborted) return VALUE_ZERO;
        if (v >= probcutBeta) {
            ++counters.probCutCutoffs;
            tt.store(pos.key(), value_to_tt(v, ss->ply), ss->staticEval, depth - p.reduction + 1,
                     BOUND_LOWER, m);
            return v;
        }
    }
    return std::nullopt;
}

// Multi-cut (search/selectivity/multi_cut.h): the first M moves at depth - 1 - R;
// C fail-highs prove the cut-node and return beta (a hard bound, as in the paper).
std::optional<Value> Worker::multi_cut(StackEntry* ss, Value beta, Depth depth, Move ttMove) {
    const MultiCutParams& p = params.multiCut;
    const MovePicker::Context ctx{histories.get(), (ss - 1)->continuation, (ss - 2)->continuation};
    MovePicker picker(pos, ttMove, ctx, ss->killers[0], ss->killers[1], countermove_for(ss));
    ++counters.multiCutTried;
    int tried = 0, failHighs = 0;
    while (multi_cut_continue(p, tried, failHighs)) {
        const Move m = picker.next();
        if (!m) break;
        ++tried;
        make_move(ss, m);
        const Value v = -search(ss + 1, -beta, -beta + 1, multi_cut_probe_depth(p, depth), false);
        unmake_move(m);
        if (aborted) return VALUE_ZERO;
        if (v >= beta && multi_cut_proven(p, ++failHighs)) {
            ++counters.multiCutCutoffs;
            return beta;
        }
    }
    return std::nullopt;
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

    const Key key = pos.key();
    const std::optional<TTData> tte = tt.probe(key);
    ++counters.ttProbes;
    counters.ttHits += tte.has_value();
    const Value ttScore = tte ? value_from_tt(tte->score, ply) : VALUE_NONE;
    // An entry without quiet checks does not answer for a node that tries them.
    const Depth ttDepth = qsearch_tt_depth(params.qsearchChecks, qsDepth);
    if (!pvNode && tte && tte->depth >= ttDepth && ttScore != VALUE_NONE &&
        bound_allows(tte->bound, ttScore, beta)) {
        ++counters.ttCutoffs;
        return ttScore;
    }

    // Stand pat: outside check the side to move may decline every capture.
    Value bestScore = -VALUE_INFINITE;
    Value standPat = VALUE_NONE;
    if (inCheck) {
        ss->staticEval = VALUE_NONE;
    } else {
        ss->staticEval = standPat = tte && tte->eval != VALUE_NONE ? tte->eval : static_eval();
        bestScore = standPat;
        if (bestScore >= beta) {
            if (!tte)
                tt.store(key, value_to_tt(bestScore, ply), standPat, ttDepth, BOUND_LOWER,
                         Move::none());
            return bestScore;
        }
        alpha = std::max(alpha, bestScore);
    }

    const MovePicker::Context ctx{histories.get(), (ss - 1)->continuation, (ss - 2)->continuation};
    const bool quietChecks = qsearch_checks_at(params.qsearchChecks, qsDepth, inCheck);
    MovePicker picker(pos, tte ? tte->move : Move::none(), ctx, quietChecks);
    Move bestMove = Move::none();
    int moveCount = 0;
    int quietEvasions = 0;

    for (Move m = picker.next(); m; m = picker.next()) {
        ++moveCount;
        if (inCheck) {
            const bool quiet =
                !is_capture(pos, m) && !(m.type() == PROMOTION && m.promotion_type() == QUEEN);
            if (qsearch_prunes_evasion(params.qsearchEvasionPruning, inCheck, quiet, quietEvasions,
                                       bestScore)) {
                ++counters.qsearchEvasionsPruned;
                continue;
            }
            quietEvasions += quiet;
        } else if (!is_noisy(pos, m)) {
            // A quiet check (first quiescence ply only): searched unless it loses material.
            if (!see_ge(pos, m, params.qsearchChecks.seeThreshold)) continue;
            ++counters.qsearchChecks;
        } else {
            const Value gain =
                (m.type() == EN_PASSANT ? PIECE_VALUE[PAWN]
                                        : PIECE_VALUE[type_of(pos.piece_on(m.to()))]) +
                (m.type() == PROMOTION ? PIECE_VALUE[m.promotion_type()] - PIECE_VALUE[PAWN] : 0);
            if (delta_prunes(params.deltaPruning, standPat, gain, alpha, pos.gives_check(m))) {
                ++counters.deltaPruned;
                continue;
            }
            if (params.qsearchSeePruning.enabled &&
                !see_ge(pos, m, params.qsearchSeePruning.threshold)) {
                ++counters.qsearchSeePruned;
                continue;
            }
        }

        make_move(ss, m);
        const Value score = -qsearch(ss + 1, -beta, -alpha, qsDepth - 1);
        unmake_move(m);
        if (aborted) return VALUE_ZERO;

        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (pvNode) update_pv(ply, m);
                if (score >= beta) break;
                alpha = score;
            }
        }
    }

    // In check every legal move was tried: none means checkmate.
    if (inCheck && moveCount == 0) return mated_in(ply);

    const Bound bound = bestScore >= beta ? BOUND_LOWER : BOUND_UPPER;
    tt.store(key, value_to_tt(bestScore, ply), ss->staticEval, ttDepth, bound, bestMove);
    return bestScore;
}

} // namespace flotilla::search
