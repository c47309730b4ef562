// The pure decision functions of each selectivity unit: where they fire and
// where they must not.
#include "core/see.h"
#include "search/extensions.h"
#include "search/params.h"
#include "search_helpers.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::run_search;

TEST(Selectivity, ReverseFutility) {
    const ReverseFutilityParams p;
    EXPECT_TRUE(reverse_futility_prunes(p, 2, 500, 100, false));    // 500 - 180 >= 100
    EXPECT_FALSE(reverse_futility_prunes(p, 2, 250, 100, false));   // 250 - 180 < 100
    EXPECT_FALSE(reverse_futility_prunes(p, 12, 5000, 100, false)); // too deep
    EXPECT_FALSE(reverse_futility_prunes(p, 2, VALUE_MATE_IN_MAX_PLY, 0, false)); // mate scores
    ReverseFutilityParams off;
    off.enabled = false;
    EXPECT_FALSE(reverse_futility_prunes(off, 2, 500, 100, false));
}

TEST(Selectivity, FutilityNeverPrunesChecksNorInCheck) {
    const FutilityParams p;
    const MovePruningContext quiet{
        .depth = 1, .lmrDepth = 1, .eval = 0, .alpha = 500, .quiet = true};
    EXPECT_TRUE(futility_prunes(p, quiet));
    MovePruningContext c = quiet;
    c.givesCheck = true;
    EXPECT_FALSE(futility_prunes(p, c));
    c = quiet;
    c.inCheck = true;
    EXPECT_FALSE(futility_prunes(p, c));
    c = quiet;
    c.quiet = false; // a capture
    EXPECT_FALSE(futility_prunes(p, c));
    c = quiet;
    c.eval = 400; // the margin reaches alpha
    EXPECT_FALSE(futility_prunes(p, c));
    // Too deep: alpha is far enough above that the margin alone would prune.
    c = quiet;
    c.alpha = 5000;
    c.depth = p.maxDepth;
    EXPECT_TRUE(futility_prunes(p, c));
    c.depth = p.maxDepth + 1;
    EXPECT_FALSE(futility_prunes(p, c));
}

TEST(Selectivity, LateMovePruningLimitGrowsWithDepth) {
    const LateMovePruningParams p;
    EXPECT_LT(late_move_pruning_limit(p, 1, false), late_move_pruning_limit(p, 4, false));
    EXPECT_LT(late_move_pruning_limit(p, 3, false), late_move_pruning_limit(p, 3, true));
    const MovePruningContext late{.depth = 1, .moveCount = 30, .quiet = true};
    EXPECT_TRUE(late_move_prunes(p, late));
    MovePruningContext c = late;
    c.moveCount = 1;
    EXPECT_FALSE(late_move_prunes(p, c));
    c = late;
    c.depth = 20;
    c.moveCount = 200; // too deep
    EXPECT_FALSE(late_move_prunes(p, c));
    c = late;
    c.givesCheck = true; // a late quiet check is searched
    EXPECT_FALSE(late_move_prunes(p, c));
    c = late;
    c.quiet = false; // captures are not counted out
    EXPECT_FALSE(late_move_prunes(p, c));
}

TEST(Selectivity, LateMoveReductions) {
    const LateMoveReductionParams p;
    const ReductionTable table(p);
    // Logarithmic table: grows with depth and with move number.
    EXPECT_LE(table.get(3, 3), table.get(20, 3));
    EXPECT_LE(table.get(10, 3), table.get(10, 40));
    EXPECT_GT(table.get(20, 40), table.get(3, 3));
    const ReductionContext base{12, 20, false, false, true, true, false, 0, false, false};
    EXPECT_TRUE(late_move_reduction_applies(p, base));
    const Depth r = late_move_reduction(p, table, base);
    auto c = base;
    c.pvNode = true;
    EXPECT_LT(late_move_reduction(p, table, c), r);
    c = base;
    c.killer = true;
    EXPECT_LT(late_move_reduction(p, table, c), r);
    c = base;
    c.cutNode = true;
    EXPECT_EQ(late_move_reduction(p, table, c), r + p.cutNodeReduction);
    LateMoveReductionParams two = p;
    two.cutNodeReduction = 2; // LmrCutNodeReduction, Stockfish's +2
    EXPECT_EQ(late_move_reduction(two, table, c), r + 2);
    c = base;
    c.history = -2 * p.historyDivisor;
    EXPECT_GT(late_move_reduction(p, table, c), r);
    c = base;
    c.depth = 1;
    c.moveCount = 1;
    c.pvNode = c.killer = true;
    c.history = 100000;
    EXPECT_EQ(late_move_reduction(p, table, c), 0); // never negative
}

TEST(Selectivity, AspirationWindowsNeedAPreviousScoreAndDepth) {
    const AspirationParams p;
    EXPECT_TRUE(aspiration_applies(p, p.minDepth, 30));
    EXPECT_FALSE(aspiration_applies(p, p.minDepth - 1, 30));
    EXPECT_FALSE(aspiration_applies(p, p.minDepth, VALUE_NONE)); // the first iterations
    EXPECT_FALSE(aspiration_applies({false}, p.minDepth, 30));
}

TEST(Selectivity, LateMoveReductionsOnlyForLateQuietMovesDeepEnough) {
    const LateMoveReductionParams p;
    const ReductionContext second{p.minDepth, 2, false, false, true, true, false, 0, false, false};
    EXPECT_TRUE(late_move_reduction_applies(p, second));
    auto c = second;
    c.moveCount = 1; // the first move
    EXPECT_FALSE(late_move_reduction_applies(p, c));
    c = second;
    c.pvNode = true; // the first two at PV nodes
    EXPECT_FALSE(late_move_reduction_applies(p, c));
    c.moveCount = 3;
    EXPECT_TRUE(late_move_reduction_applies(p, c));
    c = second;
    c.quiet = false;
    EXPECT_FALSE(late_move_reduction_applies(p, c));
    c = second;
    c.depth = p.minDepth - 1;
    EXPECT_FALSE(late_move_reduction_applies(p, c));
    LateMoveReductionParams off;
    off.enabled = false;
    EXPECT_FALSE(late_move_reduction_applies(off, second));
}

// One ply more for a quiet move when the TT move is a capture, one less for a move that
// gives check; neither with its tunable at 0.
TEST(Selectivity, LateMoveReductionAdjustments) {
    LateMoveReductionParams p; // both adjustments wait for their SPRT: 0 by default
    EXPECT_EQ(p.ttCaptureReduction, 0);
    EXPECT_EQ(p.checkReduction, 0);
    p.ttCaptureReduction = 1;
    p.checkReduction = 1;
    const ReductionTable table(p);
    const ReductionContext base{12, 20, false, false, true, true, false, 0, false, false};
    const Depth r = late_move_reduction(p, table, base);
    ASSERT_GT(r, 0);
    auto c = base;
    c.ttCapture = true;
    EXPECT_EQ(late_move_reduction(p, table, c), r + p.ttCaptureReduction);
    EXPECT_EQ(p.ttCaptureReduction, 1);
    c = base;
    c.givesCheck = true;
    EXPECT_EQ(late_move_reduction(p, table, c), r - p.checkReduction);
    EXPECT_EQ(p.checkReduction, 1);
    c.ttCapture = true;
    EXPECT_EQ(late_move_reduction(p, table, c), r); // the two cancel
    c = base;
    c.depth = 3;
    c.moveCount = 3;
    c.pvNode = c.givesCheck = true;
    EXPECT_EQ(late_move_reduction(p, table, c), 0); // never negative
    LateMoveReductionParams off = p;
    off.ttCaptureReduction = 0;
    off.checkReduction = 0;
    c = base;
    c.ttCapture = c.givesCheck = true;
    EXPECT_EQ(late_move_reduction(off, table, c), r);
    c.givesCheck = false;
    EXPECT_EQ(late_move_reduction(off, table, c), r);
}

// A late losing capture is reduced, by less than a quiet move at the same depth and
// move number; never the TT move, a check, an early move, nor with the switch off.
TEST(Selectivity, CaptureReductions) {
    const CaptureReductionParams p;
    const LateMoveReductionParams lmr;
    const ReductionTable table(lmr);
    const ReductionContext quiet{12, 20, false, false, true, true, false, 0, false, false};
    const CaptureReductionContext base{12, 20, false, false, false, false, true, 0};
    ASSERT_TRUE(capture_reduction_applies(p, base));
    const Depth r = capture_reduction(p, table, base);
    EXPECT_GT(r, 0);
    EXPECT_LT(r, late_move_reduction(lmr, table, quiet));
    auto c = base;
    c.history = -2 * p.historyDivisor;
    EXPECT_GT(capture_reduction(p, table, c), r); // bad capture history: more
    c = base;
    c.cutNode = true;
    EXPECT_GT(capture_reduction(p, table, c), r);
    c = base;
    c.pvNode = true;
    EXPECT_LT(capture_reduction(p, table, c), r);
    c = base;
    c.badCapture = false; // wins by SEE: only with a capture history below the limit
    EXPECT_FALSE(capture_reduction_applies(p, c));
    c.history = p.historyLimit - 1;
    EXPECT_TRUE(capture_reduction_applies(p, c));
    c = base;
    c.ttMove = true;
    EXPECT_FALSE(capture_reduction_applies(p, c));
    c = base;
    c.givesCheck = true;
    EXPECT_FALSE(capture_reduction_applies(p, c));
    c = base;
    c.moveCount = 1;
    EXPECT_FALSE(capture_reduction_applies(p, c));
    c.moveCount = 2;
    c.pvNode = true; // two moves unreduced at PV nodes
    EXPECT_FALSE(capture_reduction_applies(p, c));
    c = base;
    c.depth = p.minDepth - 1;
    EXPECT_FALSE(capture_reduction_applies(p, c));
    c = base;
    c.depth = 3;
    c.moveCount = 2;
    c.history = 100000;
    EXPECT_EQ(capture_reduction(p, table, c), 0); // never negative
    CaptureReductionParams off;
    off.enabled = false;
    EXPECT_FALSE(capture_reduction_applies(off, base));
}

// One ply deeper above best + 40 + 2·newDepth, one shallower below best + newDepth,
// none in between nor with the switch off.
TEST(Selectivity, DoDeeperShallowerAtTheirThresholds) {
    const DoDeeperShallowerParams p;
    const Value best = -30;
    const Depth newDepth = 10;
    const Value deeper = best + p.deeperMargin + p.deeperMarginPerDepth * newDepth; // 30
    const Value shallower = best + p.shallowerMarginPerDepth * newDepth;            // -20
    EXPECT_EQ(research_depth_adjustment(p, deeper + 1, best, newDepth), 1);
    EXPECT_EQ(research_depth_adjustment(p, deeper, best, newDepth), 0);
    EXPECT_EQ(research_depth_adjustment(p, shallower, best, newDepth), 0);
    EXPECT_EQ(research_depth_adjustment(p, shallower - 1, best, newDepth), -1);
    EXPECT_EQ(research_depth_adjustment(p, 41, 0, 0), 1); // the margin grows with depth
    EXPECT_EQ(research_depth_adjustment(p, 41, 0, 1), 0);
    DoDeeperShallowerParams off;
    off.enabled = false;
    EXPECT_EQ(research_depth_adjustment(off, deeper + 1, best, newDepth), 0);
    EXPECT_EQ(research_depth_adjustment(off, shallower - 1, best, newDepth), 0);
}

TEST(Selectivity, CheckExtensionIsBounded) {
    const CheckExtensionParams p;
    EXPECT_EQ(check_extension(p, {.ply = 3, .rootDepth = 5, .givesCheck = true}), 1);
    EXPECT_EQ(check_extension(p, {.ply = 3, .rootDepth = 5, .givesCheck = false}), 0);
    // The path is already twice the root depth long.
    EXPECT_EQ(check_extension(p, {.ply = 10, .rootDepth = 5, .givesCheck = true}), 0);
}

TEST(Selectivity, MateDistancePruning) {
    const MateDistanceParams p;
    // At ply 3 nothing better than mate at ply 4 exists: a window above it is empty.
    Value alpha = mate_in(4), beta = VALUE_INFINITE;
    auto cut = mate_distance_prune(p, 3, alpha, beta);
    ASSERT_TRUE(cut);
    EXPECT_EQ(*cut, mate_in(4));
    // An ordinary window is left alone.
    alpha = -100;
    beta = 100;
    EXPECT_FALSE(mate_distance_prune(p, 3, alpha, beta));
    EXPECT_EQ(alpha, -100);
    EXPECT_EQ(beta, 100);
    // Mate scores stay exact with and without it (the mate tests exercise it).
    Params off;
    off.mateDistance.enabled = false;
    const auto with = run_search("k7/8/8/3K4/8/8/8/7R w - - 0 1", depth_limit(8));
    const auto without = run_search("k7/8/8/3K4/8/8/8/7R w - - 0 1", depth_limit(8), off);
    EXPECT_EQ(with.result.score, mate_in(5));
    EXPECT_EQ(without.result.score, mate_in(5));
    EXPECT_GT(with.stats.mateDistanceCutoffs, 0u);
    EXPECT_EQ(without.stats.mateDistanceCutoffs, 0u);
}

TEST(Selectivity, DeltaPruning) {
    const DeltaPruningParams p;
    EXPECT_TRUE(delta_prunes(p, 0, 100, 500, false));
    EXPECT_FALSE(delta_prunes(p, 0, 900, 500, false));
    EXPECT_FALSE(delta_prunes(p, 0, 100, 500, true)); // a checking capture is searched
    // The gain: the captured piece plus what a promotion adds to a pawn.
    Position pos;
    ASSERT_TRUE(pos.set_fen("1r2k3/P7/8/3p4/4P3/8/8/4K3 w - - 0 1", false));
    EXPECT_EQ(delta_gain(pos, pos.parse_uci_move("e4d5")), PIECE_VALUE[PAWN]);
    EXPECT_EQ(delta_gain(pos, pos.parse_uci_move("a7b8q")),
              PIECE_VALUE[ROOK] + PIECE_VALUE[QUEEN] - PIECE_VALUE[PAWN]);
    EXPECT_EQ(delta_gain(pos, pos.parse_uci_move("a7a8n")),
              PIECE_VALUE[KNIGHT] - PIECE_VALUE[PAWN]);
}

// Quiescence's two SEE thresholds: captures (QsearchSeePruning) and quiet checks
// (QSearchChecks), each in its own unit.
TEST(Selectivity, QuiescenceSeeThresholds) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", false));
    const Move loses = pos.parse_uci_move("d1d5"), safe = pos.parse_uci_move("d1d4");
    const QsearchSeePruningParams captures;
    EXPECT_TRUE(qsearch_see_prunes(captures, pos, loses));
    EXPECT_FALSE(qsearch_see_prunes(captures, pos, safe));
    EXPECT_FALSE(qsearch_see_prunes({false}, pos, loses));
    const QsearchChecksParams checks;
    EXPECT_FALSE(qsearch_check_searched(checks, pos, loses));
    EXPECT_TRUE(qsearch_check_searched(checks, pos, safe));
}

TEST(Selectivity, EverySwitchSilencesItsCounter) {
    const char* fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
    const auto on = run_search(fen, depth_limit(9));
    EXPECT_GT(on.stats.nullMoveTried, 0u);
    EXPECT_GT(on.stats.reverseFutilityCutoffs, 0u);
    EXPECT_GT(on.stats.futilityPruned, 0u);
    EXPECT_GT(on.stats.lateMovePruned, 0u);
    EXPECT_GT(on.stats.lateMoveReductions, 0u);
    EXPECT_GT(on.stats.checkExtensions, 0u);
    Params off;
    off.nullMove.enabled = off.reverseFutility.enabled = off.futility.enabled = false;
    off.lateMovePruning.enabled = off.lateMoveReductions.enabled = false;
    off.checkExtension.enabled = off.deltaPruning.enabled = false;
    off.qsearchSeePruning.enabled = false;
    const auto none = run_search(fen, depth_limit(5), off);
    EXPECT_EQ(none.stats.nullMoveTried, 0u);
    EXPECT_EQ(none.stats.reverseFutilityCutoffs, 0u);
    EXPECT_EQ(none.stats.futilityPruned, 0u);
    EXPECT_EQ(none.stats.lateMovePruned, 0u);
    EXPECT_EQ(none.stats.lateMoveReductions, 0u);
    EXPECT_EQ(none.stats.checkExtensions, 0u);
    EXPECT_EQ(none.stats.deltaPruned, 0u);
    EXPECT_EQ(none.stats.qsearchSeePruned, 0u);
}

TEST(Selectivity, VerifiedNullMoveOnlyAtHighDepth) {
    const VerifiedNullMoveParams p;
    EXPECT_TRUE(null_move_needs_verification(p, p.minDepth));
    EXPECT_FALSE(null_move_needs_verification(p, p.minDepth - 1));
    VerifiedNullMoveParams off;
    off.enabled = false;
    EXPECT_FALSE(null_move_needs_verification(off, 20));
}

TEST(Selectivity, Razoring) {
    const RazoringParams p;
    EXPECT_TRUE(razor_to_qsearch(p, 1, -500, 0));                       // -500 + 450 < 0
    EXPECT_FALSE(razor_to_qsearch(p, 1, -400, 0));                      // within the margin
    EXPECT_FALSE(razor_to_qsearch(p, 3, -5000, 0));                     // too deep for quiescence
    EXPECT_FALSE(razor_to_qsearch(p, 1, -5000, VALUE_MATE_IN_MAX_PLY)); // mate scores
    EXPECT_EQ(limited_razoring_reduction(p, 3, -1000, 0), 1);
    EXPECT_EQ(limited_razoring_reduction(p, 3, -800, 0), 0);  // within a queen
    EXPECT_EQ(limited_razoring_reduction(p, 4, -1000, 0), 0); // only at depth 3
    RazoringParams off;
    off.enabled = false;
    EXPECT_FALSE(razor_to_qsearch(off, 1, -5000, 0));
    EXPECT_EQ(limited_razoring_reduction(off, 3, -5000, 0), 0);
}

TEST(Selectivity, InternalIterativeReductionsOnlyWithoutTTMove) {
    const InternalIterativeReductionParams p;
    EXPECT_EQ(internal_iterative_reduction(p, 6, false), 1);
    EXPECT_EQ(internal_iterative_reduction(p, 6, true), 0);
    EXPECT_EQ(internal_iterative_reduction(p, 2, false), 0);
}

TEST(Selectivity, SeePruningMargins) {
    const SeePruningParams p;
    // Quiet margins grow linearly, capture margins quadratically.
    EXPECT_EQ(see_pruning_threshold(p, 2, true), -2 * p.quietMarginPerDepth);
    EXPECT_EQ(see_pruning_threshold(p, 3, false), -9 * p.captureMarginPerDepth2);
    const MovePruningContext quiet{.depth = 1, .lmrDepth = 1, .quiet = true};
    EXPECT_TRUE(see_pruning_applies(p, quiet));
    MovePruningContext c = quiet;
    c.depth = p.maxDepth + 1;
    EXPECT_FALSE(see_pruning_applies(p, c));
    c = quiet;
    c.givesCheck = true; // a check is searched whatever it loses
    EXPECT_FALSE(see_pruning_applies(p, c));
    // A queen move to a square attacked by a pawn loses 900: pruned at depth 1.
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", false));
    const Move hanging = pos.parse_uci_move("d1d5");
    ASSERT_TRUE(hanging.is_ok());
    EXPECT_TRUE(see_prunes(p, quiet, pos, hanging));
    EXPECT_FALSE(see_prunes(p, c, pos, hanging));
    const Move safe = pos.parse_uci_move("d1d4");
    EXPECT_FALSE(see_prunes(p, quiet, pos, safe));
}

TEST(Selectivity, HistoryLeafPruning) {
    const HistoryLeafPruningParams p;
    const MovePruningContext bad{.depth = 1, .quiet = true, .history = 2 * p.thresholdPerDepth};
    EXPECT_TRUE(history_leaf_prunes(p, bad));
    MovePruningContext c = bad;
    c.history = p.thresholdPerDepth / 2;
    EXPECT_FALSE(history_leaf_prunes(p, c));
    c = bad;
    c.depth = 2; // scales with depth
    c.history = p.thresholdPerDepth * 3 / 2;
    EXPECT_FALSE(history_leaf_prunes(p, c));
    c = bad;
    c.depth = 3; // too deep
    c.history = -100000;
    EXPECT_FALSE(history_leaf_prunes(p, c));
    c = bad;
    c.givesCheck = true;
    EXPECT_FALSE(history_leaf_prunes(p, c));
    c = bad;
    c.quiet = false;
    EXPECT_FALSE(history_leaf_prunes(p, c));
}

TEST(Selectivity, ExtensionsShareOnePathBound) {
    EXPECT_TRUE(extension_allowed(9, 5));
    EXPECT_FALSE(extension_allowed(10, 5));
    const RecaptureExtensionParams recapture{true};
    const ExtensionContext recapturing{.ply = 3,
                                       .rootDepth = 5,
                                       .capture = true,
                                       .previousWasCapture = true,
                                       .to = SQ_D5,
                                       .previousTo = SQ_D5};
    EXPECT_EQ(recapture_extension(recapture, recapturing), 1);
    EXPECT_EQ(recapture_extension({}, recapturing), 0); // off by default
    ExtensionContext c = recapturing;
    c.previousTo = SQ_E5; // another square
    EXPECT_EQ(recapture_extension(recapture, c), 0);
    c = recapturing;
    c.previousWasCapture = false;
    EXPECT_EQ(recapture_extension(recapture, c), 0);
    c = recapturing;
    c.ply = 10; // the path bound
    EXPECT_EQ(recapture_extension(recapture, c), 0);
    const ExtensionContext toSeventh{
        .ply = 3, .rootDepth = 5, .pawnMove = true, .toRelativeRank = 6};
    EXPECT_EQ(passed_pawn_extension({}, toSeventh), 1);
    c = toSeventh;
    c.toRelativeRank = 5;
    EXPECT_EQ(passed_pawn_extension({}, c), 0);
    c = toSeventh;
    c.pawnMove = false;
    EXPECT_EQ(passed_pawn_extension({}, c), 0);
    c = toSeventh;
    c.ply = 10;
    EXPECT_EQ(passed_pawn_extension({}, c), 0);
    const ExtensionContext onlyEvasion{.ply = 3, .rootDepth = 5, .inCheck = true, .legalMoves = 1};
    EXPECT_EQ(one_reply_extension({}, onlyEvasion), 1);
    EXPECT_TRUE(one_reply_counts_moves({}, true));
    EXPECT_FALSE(one_reply_counts_moves({}, false));
    EXPECT_FALSE(one_reply_counts_moves({false}, true));
    c = onlyEvasion;
    c.legalMoves = 2;
    EXPECT_EQ(one_reply_extension({}, c), 0);
    c = onlyEvasion;
    c.inCheck = false;
    EXPECT_EQ(one_reply_extension({}, c), 0);
    c = onlyEvasion;
    c.ply = 10;
    EXPECT_EQ(one_reply_extension({}, c), 0);
}

TEST(Selectivity, NewTechniquesFireInSearchAndSwitchOff) {
    const char* fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
    Params all;
    all.recaptureExtension.enabled = true; // off by default
    const auto on = run_search(fen, depth_limit(11), all);
    EXPECT_GT(on.stats.nullMoveVerifications, 0u);
    EXPECT_GT(on.stats.internalIterativeReductions, 0u);
    EXPECT_GT(on.stats.seePrunedQuiets + on.stats.seePrunedCaptures, 0u);
    EXPECT_GT(on.stats.recaptureExtensions, 0u);
    Params off;
    off.verifiedNullMove.enabled = off.razoring.enabled = false;
    off.internalIterativeReductions.enabled = off.seePruning.enabled = false;
    off.historyLeafPruning.enabled = off.recaptureExtension.enabled = false;
    off.passedPawnExtension.enabled = off.oneReplyExtension.enabled = false;
    const auto none = run_search(fen, depth_limit(11), off);
    EXPECT_EQ(none.stats.nullMoveVerifications, 0u);
    EXPECT_EQ(none.stats.razoringCutoffs + none.stats.limitedRazoringReductions, 0u);
    EXPECT_EQ(none.stats.internalIterativeReductions, 0u);
    EXPECT_EQ(none.stats.seePrunedQuiets + none.stats.seePrunedCaptures, 0u);
    EXPECT_EQ(none.stats.historyLeafPruned, 0u);
    EXPECT_EQ(none.stats.recaptureExtensions + none.stats.passedPawnExtensions, 0u);
    EXPECT_EQ(none.stats.oneReplyExtensions, 0u);
}

// Razoring fires where one side is far behind; history leaf pruning once histories fill.
TEST(Selectivity, RazoringAndHistoryLeafPruningFire) {
    const auto run = run_search("6k1/5ppp/8/8/8/8/q4PPP/6K1 w - - 0 1", depth_limit(9));
    EXPECT_GT(run.stats.razoringCutoffs + run.stats.limitedRazoringReductions, 0u);
    // History leaf pruning sees only the quiet moves that late move pruning and
    // futility pruning let through, so those two are off here: this checks the unit
    // itself, not which of the three happens to claim a move first (in the bench all
    // three fire: docs/search.md). Fail-high reductions and quiescence checks shrink
    // this small tree below the depth where histories turn negative enough.
    Params onlyHistoryLeaf;
    onlyHistoryLeaf.lateMovePruning.enabled = false;
    onlyHistoryLeaf.futility.enabled = false;
    onlyHistoryLeaf.failHighReductions.enabled = false;
    onlyHistoryLeaf.qsearchChecks.enabled = false;
    const auto mid =
        run_search("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
                   depth_limit(11), onlyHistoryLeaf);
    EXPECT_GT(mid.stats.historyLeafPruned, 0u);
    Params historyLeafOff = onlyHistoryLeaf;
    historyLeafOff.historyLeafPruning.enabled = false;
    const auto off =
        run_search("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
                   depth_limit(11), historyLeafOff);
    EXPECT_EQ(off.stats.historyLeafPruned, 0u);
}

// A forced single evasion is extended; a pawn on the seventh is extended.
TEST(Selectivity, OneReplyAndPassedPawnExtensionsFire) {
    // Black king in check from the rook with one legal move.
    const auto checks = run_search("7k/8/6K1/8/8/8/8/R7 w - - 0 1", depth_limit(6));
    EXPECT_GT(checks.stats.oneReplyExtensions, 0u);
    const auto pawns = run_search("8/8/1P4k1/8/8/8/6K1/8 w - - 0 1", depth_limit(6));
    EXPECT_GT(pawns.stats.passedPawnExtensions, 0u);
}

// A zugzwang study (Rf1 wins: Black runs out of pawn moves and must give up the
// rook). Black's null move claims a cutoff the real moves cannot keep: the
// verification search catches some of those claims, and Rf1 is still found.
TEST(Selectivity, VerifiedNullMoveRefusesZugzwangCutoffs) {
    const char* fen = "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1";
    const auto run = run_search(fen, depth_limit(14));
    EXPECT_GT(run.stats.nullMoveVerifications, 0u);
    EXPECT_GT(run.stats.nullMoveVerificationFailures, 0u);
    Position pos;
    ASSERT_TRUE(pos.set_fen(fen, false));
    EXPECT_EQ(pos.move_to_uci(run.result.bestMove), "e1f1");
    Params off;
    off.verifiedNullMove.enabled = false;
    const auto plain = run_search(fen, depth_limit(10), off);
    EXPECT_EQ(plain.stats.nullMoveVerifications, 0u);
}

TEST(Selectivity, FailHighReductions) {
    EXPECT_FALSE(FailHighReductionParams{}.enabled); // it lost Elo: off by default
    FailHighReductionParams p;
    p.enabled = true;
    EXPECT_EQ(fail_high_reduction(p, 6, false, 500, 0, 100), 1);
    EXPECT_EQ(fail_high_reduction(p, 6, false, 500, 900, 100), 0); // a queen is threatened
    EXPECT_EQ(fail_high_reduction(p, 6, true, 500, 0, 100), 0);    // PV node
    EXPECT_EQ(fail_high_reduction(p, 2, false, 500, 0, 100), 0);   // too shallow
    // At a position: its own threat, a knight attacked by a pawn.
    Position threatened;
    ASSERT_TRUE(threatened.set_fen("4k3/8/2p5/3N4/8/8/8/4K3 w - - 0 1", false));
    EXPECT_EQ(fail_high_reduction_at(p, threatened, 6, false, 500, 100), 1);
    EXPECT_EQ(fail_high_reduction_at(p, threatened, 6, false, 350, 100), 0);
    EXPECT_EQ(fail_high_reduction_at({}, threatened, 6, false, 500, 100), 0); // off
    // The threat: the most valuable piece attacked by an enemy pawn.
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/2p5/1Q1N4/8/8/8/4K3 w - - 0 1", false));
    EXPECT_EQ(pawn_threat(pos), PIECE_VALUE[QUEEN]);
    ASSERT_TRUE(pos.set_fen("4k3/8/8/Q2N4/8/8/8/4K3 w - - 0 1", false));
    EXPECT_EQ(pawn_threat(pos), 0);
    const std::string fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
    Params on;
    on.failHighReductions.enabled = true;
    EXPECT_GT(run_search(fen, depth_limit(9), on).stats.failHighReductions, 0u);
    EXPECT_EQ(run_search(fen, depth_limit(9)).stats.failHighReductions, 0u);
}

TEST(Selectivity, NullMoveReductionsAreOffByDefault) {
    const NullMoveReductionParams p;
    EXPECT_EQ(null_move_depth_reduction(p, 12), 0);
    NullMoveReductionParams on;
    on.enabled = true;
    EXPECT_EQ(null_move_depth_reduction(on, on.minDepth), on.reduction);
    EXPECT_EQ(null_move_depth_reduction(on, on.minDepth - 1), 0);
    Params params;
    params.nullMoveReductions.enabled = true;
    const char* fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";
    EXPECT_GT(run_search(fen, depth_limit(11), params).stats.nullMoveReductions, 0u);
    EXPECT_EQ(run_search(fen, depth_limit(9)).stats.nullMoveReductions, 0u);
}

namespace flotilla::search {
namespace {

// A move that qualifies for several extensions gets one ply and counts once, for the
// first in EXTENSION_ORDER that offered it; the threat extensions count nodes instead.
TEST(AppliedExtension, AMoveCountsOnceForTheTechniqueWhosePlyItGot) {
    const auto offer = [](auto... offers) {
        OfferedExtensions offered{};
        ((offered[extension_slot(offers.first)] = offers.second), ...);
        return offered;
    };
    using P = Params;
    EXPECT_EQ(applied_counter(offer()), nullptr);
    EXPECT_EQ(extension_plies(offer()), 0);
    const OfferedExtensions checkingPawnPush =
        offer(std::pair{&P::checkExtension, 1}, std::pair{&P::passedPawnExtension, 1});
    EXPECT_EQ(applied_counter(checkingPawnPush), &Stats::checkExtensions);
    EXPECT_EQ(extension_plies(checkingPawnPush), 1);
    const OfferedExtensions singularCheck =
        offer(std::pair{&P::singularExtension, 1}, std::pair{&P::checkExtension, 1});
    EXPECT_EQ(applied_counter(singularCheck), &Stats::singularExtensions);
    EXPECT_EQ(extension_plies(singularCheck), 1);
    const OfferedExtensions evasionRecapture =
        offer(std::pair{&P::oneReplyExtension, 1}, std::pair{&P::recaptureExtension, 1});
    EXPECT_EQ(applied_counter(evasionRecapture), &Stats::oneReplyExtensions);
    // A negative singular extension offers no ply and lowers what is left.
    const OfferedExtensions recaptureNotSingular =
        offer(std::pair{&P::recaptureExtension, 1}, std::pair{&P::singularExtension, -1});
    EXPECT_EQ(applied_counter(recaptureNotSingular), &Stats::recaptureExtensions);
    EXPECT_EQ(extension_plies(recaptureNotSingular), 0);
    EXPECT_EQ(extension_plies(offer(std::pair{&P::singularExtension, -1})), -1);
    const OfferedExtensions threatPawnPush =
        offer(std::pair{&P::mateThreatExtension, 1}, std::pair{&P::passedPawnExtension, 1});
    EXPECT_EQ(applied_counter(threatPawnPush), &Stats::passedPawnExtensions);
    EXPECT_EQ(applied_counter(offer(std::pair{&P::mateThreatExtension, 1})), nullptr);
    EXPECT_EQ(extension_plies(offer(std::pair{&P::mateThreatExtension, 1})), 1);
    // A double extension: two plies, counted as a double extension only.
    const OfferedExtensions doubleCheck =
        offer(std::pair{&P::singularExtension, 1}, std::pair{&P::doubleExtension, 2},
              std::pair{&P::checkExtension, 1});
    EXPECT_EQ(applied_counter(doubleCheck), &Stats::doubleExtensions);
    EXPECT_EQ(extension_plies(doubleCheck), 2);
    // A triple extension: three plies, counted as a triple extension only.
    const OfferedExtensions triple =
        offer(std::pair{&P::singularExtension, 1}, std::pair{&P::doubleExtension, 2},
              std::pair{&P::tripleExtension, 3});
    EXPECT_EQ(applied_counter(triple), &Stats::tripleExtensions);
    EXPECT_EQ(extension_plies(triple), 3);
}

// The order that settles the counts, as it was before the registry held it, with the
// double extension after the singular one.
TEST(AppliedExtension, TheOrderIsSingularDoubleTripleCheckOneReplyRecapturePassedPawnThreat) {
    EXPECT_EQ(extension_slot(&Params::singularExtension), 0u);
    EXPECT_EQ(extension_slot(&Params::doubleExtension), 1u);
    EXPECT_EQ(extension_slot(&Params::tripleExtension), 2u);
    EXPECT_EQ(extension_slot(&Params::checkExtension), 3u);
    EXPECT_EQ(extension_slot(&Params::oneReplyExtension), 4u);
    EXPECT_EQ(extension_slot(&Params::recaptureExtension), 5u);
    EXPECT_EQ(extension_slot(&Params::passedPawnExtension), 6u);
    EXPECT_EQ(extension_slot(&Params::mateThreatExtension), 7u);
    EXPECT_EQ(EXTENSION_COUNT, 8u);
}

// The registry's own check, at run time: where g++'s UBSan leaves extensions.h's
// static_assert out (it cannot compare function addresses there), this still runs.
TEST(AppliedExtension, EveryExtensionTechniqueIsOrderedOnce) {
    EXPECT_TRUE(detail::every_extension_ordered_once());
}

// Each extension's offer reads the context the move loop fills.
TEST(AppliedExtension, EveryOfferReadsItsOwnFacts) {
    Params p;
    p.recaptureExtension.enabled = true;
    const ExtensionContext all{.ply = 3,
                               .rootDepth = 5,
                               .givesCheck = true,
                               .capture = true,
                               .previousWasCapture = true,
                               .to = SQ_D7,
                               .previousTo = SQ_D7,
                               .pawnMove = true,
                               .toRelativeRank = 6,
                               .inCheck = true,
                               .legalMoves = 1,
                               .singular = -1,
                               .threat = 1};
    const OfferedExtensions offered = offered_extensions(p, all);
    EXPECT_EQ(offered, (OfferedExtensions{-1, 0, 0, 1, 1, 1, 1, 1}));
    EXPECT_EQ(offered_extensions(p, {.ply = 3, .rootDepth = 5}), OfferedExtensions{});
    // Singular by more than DoubleExtensionMargin at a non-PV node: the double offers two.
    p.doubleExtension.enabled = true;
    ExtensionContext singular{.ply = 3, .rootDepth = 5, .singular = 1};
    singular.singularBeta = 80;
    singular.singularScore = 80 - p.doubleExtension.margin - 1;
    EXPECT_EQ(offered_extensions(p, singular), (OfferedExtensions{1, 2, 0, 0, 0, 0, 0, 0}));
    singular.pvNode = true;
    EXPECT_EQ(offered_extensions(p, singular), (OfferedExtensions{1, 0, 0, 0, 0, 0, 0, 0}));
}

} // namespace
} // namespace flotilla::search
