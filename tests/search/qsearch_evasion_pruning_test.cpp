// Quiet-evasion pruning in quiescence search (search/selectivity/qsearch_evasion_pruning.h),
// and the clock check that keeps an exploding first iteration from hanging `go`.
#include "core/movegen.h"
#include "search/params.h"
#include "search_helpers.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::run_search;

namespace {

// mates2000.epd: both sides have pawns about to promote; checks, captures and
// promotions feed each other, and without pruning quiescence search explodes.
const char* PROMOTION_STORM = "N7/PPPPPPPP/K1k3rB/b1pnnb1p/8/1r6/pp3p2/7q w - - 0 1";

} // namespace

TEST(QsearchEvasionPruning, PrunesOnlyLaterQuietEvasionsWhenNotMated) {
    const QsearchEvasionPruningParams p;
    EXPECT_TRUE(qsearch_prunes_evasion(p, true, true, 1, 0));
    EXPECT_FALSE(qsearch_prunes_evasion(p, true, true, 0, 0));  // the first quiet evasion
    EXPECT_FALSE(qsearch_prunes_evasion(p, true, false, 5, 0)); // captures, queen promotions
    EXPECT_FALSE(qsearch_prunes_evasion(p, false, true, 5, 0)); // not in check
    EXPECT_FALSE(qsearch_prunes_evasion(p, true, true, 5, -VALUE_INFINITE)); // nothing safe yet
    EXPECT_FALSE(qsearch_prunes_evasion(p, true, true, 5, mated_in(3)));
    QsearchEvasionPruningParams off;
    off.enabled = false;
    EXPECT_FALSE(qsearch_prunes_evasion(off, true, true, 5, 0));
    // Underpromotions count as quiet, captures and queen promotions do not.
    EXPECT_TRUE(quiet_evasion(false, false));
    EXPECT_FALSE(quiet_evasion(true, false));
    EXPECT_FALSE(quiet_evasion(false, true));
}

TEST(QsearchEvasionPruning, TamesThePromotionStorm) {
    const auto run = run_search(PROMOTION_STORM, depth_limit(3));
    EXPECT_EQ(run.result.depth, 3);
    EXPECT_GT(run.stats.qsearchEvasionsPruned, 0u);
    EXPECT_LT(run.result.nodes, 5'000'000u);
}

// Without the pruning the first iteration does not finish in any sensible time; the
// clock must still stop it, and the root then plays a legal move.
TEST(QsearchEvasionPruning, MovetimeStopsAnUnfinishedFirstIteration) {
    Params off;
    off.qsearchEvasionPruning.enabled = false;
    Limits limits;
    limits.moveTime = 200;
    const auto run = run_search(PROMOTION_STORM, limits, off);
    EXPECT_EQ(run.stats.qsearchEvasionsPruned, 0u);
    Position pos;
    ASSERT_TRUE(pos.set_fen(PROMOTION_STORM, false));
    EXPECT_TRUE(MoveList(pos).contains(run.result.bestMove));
}

// A `stop` is honoured in the first iteration too, at once rather than after a grace of
// nodes: in the storm without pruning, depth 1 alone would take millions of nodes.
TEST(QsearchEvasionPruning, AStopEndsTheFirstIterationAtOnce) {
    Params off;
    off.qsearchEvasionPruning.enabled = false;
    Position pos;
    ASSERT_TRUE(pos.set_fen(PROMOTION_STORM, false));
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    std::atomic<bool> stop{true};
    const SearchResult result = worker->iterative_deepening(pos, Limits{}, off, stop);
    EXPECT_LT(result.nodes, 2048u);
    EXPECT_TRUE(MoveList(pos).contains(result.bestMove));
}

// Pruning starts only once the side in check has a safe evasion: mates stay exact.
TEST(QsearchEvasionPruning, KeepsMateScoresExact) {
    const auto backRank = run_search("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", depth_limit(4));
    EXPECT_EQ(backRank.result.score, mate_in(1));
    // Mate in 8 by a chain of knight promotions with check, in the storm position.
    const auto storm = run_search(PROMOTION_STORM, depth_limit(6));
    EXPECT_EQ(storm.result.score, mate_in(15));
}

// Only quiet evasions are pruned: capturing the checker and promoting to a queen are
// always searched. Check extension is off so that the checked side answers in
// quiescence search; each root is one checking move.
TEST(QsearchEvasionPruning, NeverPrunesCapturesNorQueenPromotions) {
    Params params;
    params.checkExtension.enabled = false;
    // After Rb8+ Black has one capture (Kxb8) and one quiet evasion (Ka7): both searched.
    Position pos;
    ASSERT_TRUE(pos.set_fen("k7/8/8/8/8/8/8/1R4K1 w - - 0 1", false));
    Limits limits = depth_limit(1);
    limits.searchMoves = {pos.parse_uci_move("b1b8")};
    EXPECT_EQ(run_search(pos, limits, params).stats.qsearchEvasionsPruned, 0u);
    // After Rh1+ Black can only block on b1: =Q and three underpromotions, which count as
    // quiet. With three quiet evasions kept, nothing may be pruned.
    ASSERT_TRUE(pos.set_fen("7K/8/8/7R/8/1B6/1p6/k7 w - - 0 1", false));
    limits.searchMoves = {pos.parse_uci_move("h5h1")};
    params.qsearchEvasionPruning.quietEvasionsKept = 3;
    EXPECT_EQ(run_search(pos, limits, params).stats.qsearchEvasionsPruned, 0u);
    params.qsearchEvasionPruning.quietEvasionsKept = 2; // the counter works here
    EXPECT_GT(run_search(pos, limits, params).stats.qsearchEvasionsPruned, 0u);
}
