// The TT-PV flag (search/selectivity/tt_pv.h): the table keeps it beside every entry
// without disturbing the entry, it lowers late move reductions where it says more than
// the window, it keeps ttPv nodes out of reverse futility pruning, and switched off it
// changes nothing.
#include "search/params.h"
#include "search/tt.h"
#include "search_helpers.h"
#include "switched_on.h"

#include <gtest/gtest.h>

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

namespace {

constexpr Key HIGH_BIT = Key(1) << 63;

} // namespace

TEST(TtPv, TheTableRoundTripsTheFlagWithEveryBound) {
    TranspositionTable tt;
    const Move move = Move::make(SQ_G1, SQ_F3);
    // Keys with and without the top bit (the flag shares the check word's bit 63), each
    // in a bucket of its own.
    for (const Key base : {Key(0x123456789ABCDEF1ULL), Key(0xF00DFACE12345678ULL)})
        for (const Bound bound : {BOUND_UPPER, BOUND_LOWER, BOUND_EXACT})
            for (const bool pv : {false, true}) {
                const Key key = base ^ Key(2 * bound + pv) << 50;
                tt.store(key, -321, 57, 9, bound, move, pv);
                const std::optional<TTData> e = tt.probe(key);
                ASSERT_TRUE(e) << int(bound) << pv;
                EXPECT_EQ(e->pv, pv);
                EXPECT_EQ(e->bound, bound);
                EXPECT_EQ(e->depth, 9);
                EXPECT_EQ(e->score, -321);
                EXPECT_EQ(e->eval, 57);
                EXPECT_EQ(e->move, move);
                // The key with only bit 63 flipped is another bucket's, not this entry.
                EXPECT_FALSE(tt.probe(key ^ HIGH_BIT));
            }
}

TEST(TtPv, TheFlagIsTheSameEntryAndChangesNoReplacement) {
    // A store with the flag replaces the same key's entry in place, and back again.
    TranspositionTable tt;
    tt.store(77, 10, 10, 6, BOUND_LOWER, Move::none(), true);
    tt.store(77, 12, 10, 7, BOUND_EXACT, Move::none(), false);
    EXPECT_EQ(tt.count_filled_entries(), 1u);
    EXPECT_FALSE(tt.probe(77)->pv);
    EXPECT_EQ(tt.probe(77)->depth, 7);
    tt.store(77, 12, 10, 8, BOUND_EXACT, Move::none(), true);
    EXPECT_EQ(tt.count_filled_entries(), 1u);
    EXPECT_TRUE(tt.probe(77)->pv);
    // The rule that keeps a deeper entry is the same with the flag (and keeps its flag).
    tt.store(77, 0, 0, 2, BOUND_UPPER, Move::none(), false);
    EXPECT_EQ(tt.probe(77)->depth, 8);
    EXPECT_TRUE(tt.probe(77)->pv);

    // Five keys of one bucket: the same entry leaves whether or not the flags are set.
    for (const bool pv : {false, true}) {
        TranspositionTable t;
        const Depth depths[] = {10, 3, 8, 12, 5};
        for (Key k = 1; k <= 5; ++k) t.store(k, 0, 0, depths[k - 1], BOUND_EXACT, Move::none(), pv);
        EXPECT_FALSE(t.probe(2)) << pv;
        for (Key k : {1, 3, 4, 5}) {
            ASSERT_TRUE(t.probe(k)) << pv;
            EXPECT_EQ(t.probe(k)->pv, pv);
        }
    }
}

TEST(TtPv, TheNodeFlag) {
    const TtPvParams p = switched_on<TtPvParams>();
    EXPECT_TRUE(tt_pv(p, true, false));
    EXPECT_TRUE(tt_pv(p, false, true));
    EXPECT_FALSE(tt_pv(p, false, false));
    TtPvParams off;
    off.enabled = false;
    EXPECT_FALSE(tt_pv(off, true, true));
}

TEST(TtPv, LateMovesAtTtPvNodesAreReducedLess) {
    const LateMoveReductionParams lmr;
    const ReductionTable table(lmr);
    const TtPvParams p = switched_on<TtPvParams>();
    const ReductionContext base{12, 20, false, false, true, true, false, 0, false, false};
    const Depth r = late_move_reduction(lmr, table, base);
    ReductionContext c = base;
    c.ttPvLess = tt_pv_reduction_less(p, true, false);
    EXPECT_EQ(late_move_reduction(lmr, table, c), r - p.lmrReduction);
    EXPECT_LT(late_move_reduction(lmr, table, c), r);
    // Not ttPv: unchanged.
    EXPECT_EQ(tt_pv_reduction_less(p, false, false), 0);
    // A PV node has LMR's own −1 and no more.
    EXPECT_EQ(tt_pv_reduction_less(p, true, true), 0);
    // An expected cut node keeps its +1.
    ReductionContext cut = c;
    cut.cutNode = true;
    EXPECT_EQ(late_move_reduction(lmr, table, cut), late_move_reduction(lmr, table, c) + 1);
    // Switched off, or at 0 plies: no change.
    TtPvParams off;
    off.enabled = false;
    EXPECT_EQ(tt_pv_reduction_less(off, true, false), 0);
    TtPvParams zero = switched_on<TtPvParams>();
    zero.lmrReduction = 0;
    EXPECT_EQ(tt_pv_reduction_less(zero, true, false), 0);
}

TEST(TtPv, SwitchedOffTheSearchIsUnchanged) {
    // Off, the tunable does nothing; on at 0 plies, storing and reading the flag alone
    // leaves the tree as it is; on by default, it reduces less and the tree changes.
    Params off;
    off.ttPv.enabled = false;
    Params offMax = off;
    offMax.ttPv.lmrReduction = 4;
    Params onZero;
    onZero.ttPv.enabled = true;
    onZero.ttPv.lmrReduction = 0;
    onZero.ttPv.noReverseFutility = 0;
    const auto a = run_search(MIDDLEGAME, depth_limit(9), off);
    const auto b = run_search(MIDDLEGAME, depth_limit(9), offMax);
    const auto z = run_search(MIDDLEGAME, depth_limit(9), onZero);
    Params switchedOn;
    switchedOn.ttPv.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(9), switchedOn);
    EXPECT_EQ(a.result.nodes, b.result.nodes);
    EXPECT_EQ(a.result.nodes, z.result.nodes);
    EXPECT_EQ(a.stats.ttPvReductions, 0u);
    EXPECT_EQ(b.stats.ttPvReductions, 0u);
    EXPECT_EQ(z.stats.ttPvReductions, 0u);
    EXPECT_EQ(a.stats.ttPvReverseFutilitySkips + z.stats.ttPvReverseFutilitySkips, 0u);
    EXPECT_GT(on.stats.ttPvReductions, 0u);
    EXPECT_NE(on.result.nodes, a.result.nodes);
}

TEST(TtPv, ReverseFutilityNeverCutsATtPvNode) {
    const TtPvParams p = switched_on<TtPvParams>();
    EXPECT_TRUE(tt_pv_blocks_reverse_futility(p, true));
    EXPECT_FALSE(tt_pv_blocks_reverse_futility(p, false));
    TtPvParams keep = p;
    keep.noReverseFutility = 0;
    EXPECT_FALSE(tt_pv_blocks_reverse_futility(keep, true));
    TtPvParams off;
    off.enabled = false;
    EXPECT_FALSE(tt_pv_blocks_reverse_futility(off, true));

    // In a search: cutoffs withheld only with the tunable at 1, and the tree differs.
    Params blocks;
    blocks.ttPv = p;
    Params lmrOnly;
    lmrOnly.ttPv = keep;
    const auto b = run_search(MIDDLEGAME, depth_limit(10), blocks);
    const auto l = run_search(MIDDLEGAME, depth_limit(10), lmrOnly);
    EXPECT_GT(b.stats.ttPvReverseFutilitySkips, 0u);
    EXPECT_EQ(l.stats.ttPvReverseFutilitySkips, 0u);
    EXPECT_NE(b.result.nodes, l.result.nodes);
}
