// Correction history (search/selectivity/correction_history.h): the bounded update, the
// correction and its clamp, which nodes update, the keys, and the switch in a real search
// (a trained worker corrects its static eval; the TT keeps the raw one; off, nothing is
// corrected or learned).
#include "search/params.h"
#include "search/selectivity/correction_history.h"
#include "search_helpers.h"

#include <cstdlib>
#include <memory>
#include <tuple>

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;

namespace {

Position position(const char* fen) {
    Position pos;
    EXPECT_TRUE(pos.set_fen(fen, false)) << fen;
    return pos;
}

// The largest correction the tables can hold: every entry at the limit.
int largest_correction(const CorrectionHistoryParams& p) {
    return (p.pawnWeight + 2 * p.nonPawnWeight) * p.limit / (p.grain * p.weightScale);
}

} // namespace

TEST(CorrectionHistory, UpdateMovesTowardsTheDeviationAndStaysBounded) {
    const CorrectionHistoryParams p;
    std::int16_t deep = 0, shallow = 0;
    update_correction(p, deep, 40, 12);
    update_correction(p, shallow, 40, 1);
    EXPECT_GT(shallow, 0);
    EXPECT_GT(deep, shallow); // the weight grows with depth
    EXPECT_LT(deep, 40 * p.grain);
    // Many updates with one deviation: the entry settles on it.
    std::int16_t settled = 0;
    for (int i = 0; i < 1000; ++i) update_correction(p, settled, 40, 20);
    EXPECT_NEAR(settled, 40 * p.grain, p.grain);
    // Many huge deviations one way: the entry approaches the limit and never passes it.
    std::int16_t high = 0, low = 0;
    for (int i = 0; i < 10000; ++i) {
        update_correction(p, high, 30000, 30);
        update_correction(p, low, -30000, 30);
        ASSERT_LE(high, p.limit);
        ASSERT_GE(low, -p.limit);
    }
    EXPECT_GT(high, p.limit * 9 / 10);
    EXPECT_LT(low, -p.limit * 9 / 10);
    // And an update the other way moves it back.
    const std::int16_t before = high;
    update_correction(p, high, -100, 10);
    EXPECT_LT(high, before);
}

TEST(CorrectionHistory, CorrectionIsTheWeightedSumKeptInTheEvalRange) {
    const CorrectionHistoryParams p;
    const int e = 40 * p.grain; // 40 cp in every table that holds it
    EXPECT_EQ(corrected_eval(p, 100, 0, 0, 0), 100);
    EXPECT_EQ(corrected_eval(p, 100, e, 0, 0), 100 + 40 * p.pawnWeight / p.weightScale);
    EXPECT_EQ(corrected_eval(p, 100, -e, 0, 0), 100 - 40 * p.pawnWeight / p.weightScale);
    EXPECT_EQ(corrected_eval(p, 100, 0, e, e), 100 + 80 * p.nonPawnWeight / p.weightScale);
    EXPECT_EQ(corrected_eval(p, VALUE_NONE, e, e, e), VALUE_NONE);
    EXPECT_TRUE(eval_correction_applies(p, 100));
    EXPECT_FALSE(eval_correction_applies(p, VALUE_NONE)); // in check: no eval
    EXPECT_FALSE(eval_correction_applies({false}, 100));
    // Never into the tablebase or mate range.
    EXPECT_EQ(corrected_eval(p, VALUE_EVAL_MAX - 5, p.limit, p.limit, p.limit), VALUE_EVAL_MAX);
    EXPECT_EQ(corrected_eval(p, -VALUE_EVAL_MAX + 5, -p.limit, -p.limit, -p.limit),
              -VALUE_EVAL_MAX);
    EXPECT_LT(VALUE_EVAL_MAX, VALUE_TB_WIN_IN_MAX_PLY);
}

TEST(CorrectionHistory, UpdatesOnlyWhenTheResultTellsWhichWayTheEvalWasWrong) {
    const CorrectionHistoryParams p;
    EXPECT_TRUE(correction_update_applies(p, false, false, false, BOUND_EXACT, -30, 50));
    EXPECT_TRUE(correction_update_applies(p, false, false, false, BOUND_LOWER, 80, 50));
    EXPECT_FALSE(correction_update_applies(p, false, false, false, BOUND_LOWER, 20, 50));
    EXPECT_TRUE(correction_update_applies(p, false, false, false, BOUND_UPPER, 20, 50));
    EXPECT_FALSE(correction_update_applies(p, false, false, false, BOUND_UPPER, 80, 50));
    EXPECT_FALSE(correction_update_applies(p, true, false, false, BOUND_EXACT, 80, VALUE_NONE));
    EXPECT_FALSE(correction_update_applies(p, false, true, false, BOUND_EXACT, 80, 50));
    EXPECT_FALSE(correction_update_applies(p, false, false, true, BOUND_EXACT, 80, 50));
    EXPECT_FALSE(correction_update_applies(p, false, false, false, BOUND_EXACT, mate_in(5), 50));
}

TEST(CorrectionHistory, KeysFollowThePawnsAndEachSidesPiecesApart) {
    const CorrectionKeys a = correction_keys(position(MIDDLEGAME));
    // White's f3 knight on g5 instead: the same pawns and Black pieces.
    const CorrectionKeys b = correction_keys(
        position("r1bq1rk1/pp2bppp/2n1pn2/2pp2N1/3P4/2PBP3/PP1N1PPP/R1BQ1RK1 b - - 1 8"));
    EXPECT_EQ(a.pawns, b.pawns);
    EXPECT_NE(a.nonPawns[WHITE], b.nonPawns[WHITE]);
    EXPECT_EQ(a.nonPawns[BLACK], b.nonPawns[BLACK]);
    // Black's h-pawn on h6 instead: only the pawn key changes.
    const CorrectionKeys c = correction_keys(
        position("r1bq1rk1/pp2bpp1/2n1pn1p/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 9"));
    EXPECT_NE(a.pawns, c.pawns);
    EXPECT_EQ(a.nonPawns[WHITE], c.nonPawns[WHITE]);
    EXPECT_EQ(a.nonPawns[BLACK], c.nonPawns[BLACK]);
}

TEST(CorrectionHistory, ATrainedWorkerCorrectsItsStaticEvalAndTheTTKeepsTheRawOne) {
    const Position pos = position(MIDDLEGAME);
    const Params params;
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    const auto [untrainedRaw, untrained] = worker->static_evals(pos, params);
    EXPECT_EQ(untrained, untrainedRaw); // empty tables correct nothing

    std::atomic<bool> stop{false};
    worker->iterative_deepening(pos, depth_limit(10), params, stop);
    EXPECT_GT(worker->stats().correctionHistoryUpdates, 0u);
    EXPECT_GT(worker->stats().correctedEvals, 0u);

    const auto [raw, corrected] = worker->static_evals(pos, params);
    EXPECT_EQ(raw, untrainedRaw);
    EXPECT_NE(corrected, raw);
    EXPECT_LE(std::abs(corrected - raw), largest_correction(params.correctionHistory));
    const std::optional<TTData> entry = tt.probe(pos.key());
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->eval, raw);
}

TEST(CorrectionHistory, SwitchedOffNothingIsCorrectedOrLearned) {
    const Position pos = position(MIDDLEGAME);
    const Params on;
    Params off;
    off.correctionHistory.enabled = false;
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    std::atomic<bool> stop{false};
    worker->iterative_deepening(pos, depth_limit(10), off, stop);
    EXPECT_EQ(worker->stats().correctedEvals, 0u);
    EXPECT_EQ(worker->stats().correctionHistoryUpdates, 0u);
    const auto [raw, corrected] = worker->static_evals(pos, on);
    EXPECT_EQ(corrected, raw); // the search switched off left the tables empty

    // Trained with the switch on, a worker switched off still evaluates raw. A fresh table
    // and worker, so that the first search's entries do not cut the training search short.
    TranspositionTable freshTT;
    auto trainedWorker = std::make_unique<Worker>(freshTT);
    // The root's own correction may round to 0 after one search: deepened until it does not.
    Value trainedRaw = 0, trained = 0;
    for (int depth = 10; depth <= 14 && trained == trainedRaw; ++depth) {
        trainedWorker->iterative_deepening(pos, depth_limit(depth), on, stop);
        std::tie(trainedRaw, trained) = trainedWorker->static_evals(pos, on);
    }
    ASSERT_GT(trainedWorker->stats().correctionHistoryUpdates, 0u);
    EXPECT_NE(trained, trainedRaw);
    const auto [offRaw, offEval] = trainedWorker->static_evals(pos, off);
    EXPECT_EQ(offEval, offRaw);
    const int e = 40 * off.correctionHistory.grain;
    EXPECT_EQ(corrected_eval(off.correctionHistory, 100, e, e, e), 100);
    EXPECT_FALSE(
        correction_update_applies(off.correctionHistory, false, false, false, BOUND_EXACT, 80, 50));
}
