// Minor-piece correction history (search/selectivity/minor_correction.h): the key sees the
// knights, bishops and kings of each side and nothing else, and the table is read and
// updated in a search only when it and the correction history are on.
#include "search/params.h"
#include "search_helpers.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::position_at;
using flotilla::search::testing::run_search;

TEST(MinorCorrection, TheKeySeesEachSidesKnightsBishopsAndKingsOnly) {
    const char* base = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5";
    const Key key = minor_piece_key(position_at(base));
    // Other pawns, rooks and queens, and the other side to move: the same key.
    EXPECT_EQ(minor_piece_key(position_at(
                  "r1b1k2r/pppp2pp/2n2n2/2b1pp2/2B1P3/2N2N2/PPP2PPP/R1B1K1R1 b Qkq - 0 5")),
              key);
    // A knight, a bishop or a king elsewhere: another key.
    for (const char* fen :
         {"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N5/PPPP1PPP/R1BQK1NR w KQkq - 4 5",
          "r1bqk2r/pppp1ppp/2n2n2/2b1p3/4P3/1BN2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
          "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1K1R b kq - 5 5",
          // The same squares, a white knight where Black's was and Black's where White's was.
          "r1bqk2r/pppp1ppp/2N2n2/2b1p3/2B1P3/2n2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5"})
        EXPECT_NE(minor_piece_key(position_at(fen)), key) << fen;
}

TEST(MinorCorrection, UpdatedInSearchOnlyWhenItAndTheCorrectionHistoryAreOn) {
    Params switchedOn;
    switchedOn.minorCorrection.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(10), switchedOn);
    EXPECT_GT(on.stats.minorCorrectionUpdates, 0u);
    EXPECT_EQ(on.stats.minorCorrectionUpdates, on.stats.correctionHistoryUpdates);
    const auto off = run_search(MIDDLEGAME, depth_limit(10), Params{});
    EXPECT_EQ(off.stats.minorCorrectionUpdates, 0u);
    EXPECT_GT(off.stats.correctionHistoryUpdates, 0u);
    // What the table learned corrects later evaluations: the tree differs.
    EXPECT_NE(on.result.nodes, off.result.nodes);
    Params noCorrection = switchedOn;
    noCorrection.correctionHistory.enabled = false;
    EXPECT_EQ(run_search(MIDDLEGAME, depth_limit(10), noCorrection).stats.minorCorrectionUpdates,
              0u);
}

TEST(MinorCorrection, ItsWeightedEntryJoinsTheCorrectionThroughTheWorker) {
    // A worker whose minor table holds +40 cp for the side to move corrects by
    // weight·40/weightScale; the other tables are empty.
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    Params p;
    p.minorCorrection.enabled = true;
    const Position pos = position_at(MIDDLEGAME);
    const CorrectionHistoryParams& c = p.correctionHistory;
    worker->history_tables().minorCorrection.at(pos.side_to_move(), minor_piece_key(pos)) =
        std::int16_t(40 * c.grain);
    const auto [raw, corrected] = worker->static_evals(pos, p);
    EXPECT_EQ(corrected - raw, 40 * p.minorCorrection.weight / c.weightScale);
    Params off = p;
    off.minorCorrection.enabled = false;
    const auto [raw2, plain] = worker->static_evals(pos, off);
    EXPECT_EQ(plain, raw2);
}
