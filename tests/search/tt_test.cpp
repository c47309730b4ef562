// Transposition table: round trips, mate-score ply adjustment, replacement,
// hashfull, resize failure.
#include "search/tt.h"

#include <gtest/gtest.h>

#include <random>

using namespace flotilla;
using namespace flotilla::search;

TEST(TranspositionTable, StoreProbeRoundTrip) {
    TranspositionTable tt;
    const Key key = 0x9E3779B97F4A7C15ULL;
    EXPECT_FALSE(tt.probe(key));
    const Move move = Move::make(SQ_E2, SQ_E4);
    tt.store(key, -123, 45, 7, BOUND_LOWER, move);
    const auto e = tt.probe(key);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->score, -123);
    EXPECT_EQ(e->eval, 45);
    EXPECT_EQ(e->depth, 7);
    EXPECT_EQ(e->bound, BOUND_LOWER);
    EXPECT_EQ(e->move, move);
    // Another key in the same table is a miss.
    EXPECT_FALSE(tt.probe(key ^ 1));
    // A shallower, non-exact result of the same search does not overwrite a deeper one.
    tt.store(key, 5, VALUE_NONE, 0, BOUND_UPPER, Move::none());
    EXPECT_EQ(tt.probe(key)->depth, 7);
    // An exact one does; depth 0 (quiescence), VALUE_NONE eval and no move survive
    // packing, and the old move is kept when the new result has none.
    tt.store(key, 5, VALUE_NONE, 0, BOUND_EXACT, Move::none());
    const auto q = tt.probe(key);
    ASSERT_TRUE(q);
    EXPECT_EQ(q->depth, 0);
    EXPECT_EQ(q->score, 5);
    EXPECT_EQ(q->eval, VALUE_NONE);
    EXPECT_EQ(q->move, move);
    tt.clear();
    EXPECT_FALSE(tt.probe(key));
}

TEST(TranspositionTable, MateScoresAreStoredRelativeToTheNode) {
    // Mate in 3 plies seen from the root, found at ply 5: 8 plies from the root,
    // 3 from the node. Stored as seen from the node, read back at ply 2 as 5 plies.
    const Value atPly5 = mate_in(8);
    const Value stored = value_to_tt(atPly5, 5);
    EXPECT_EQ(stored, mate_in(3));
    EXPECT_EQ(value_from_tt(stored, 2), mate_in(5));
    EXPECT_EQ(value_to_tt(mated_in(10), 4), mated_in(6));
    EXPECT_EQ(value_from_tt(mated_in(6), 4), mated_in(10));
    EXPECT_EQ(value_to_tt(150, 9), 150);
    EXPECT_EQ(value_from_tt(VALUE_NONE, 9), VALUE_NONE);

    TranspositionTable tt;
    tt.store(42, value_to_tt(atPly5, 5), 0, 3, BOUND_EXACT, Move::none());
    const auto e = tt.probe(42);
    ASSERT_TRUE(e);
    EXPECT_EQ(value_from_tt(e->score, 5), atPly5);
}

TEST(TranspositionTable, ReplacementPrefersDepthAndAge) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(1));
    // Keys below 2^44 all index bucket 0 of a 1 MiB table (16384 buckets of 4 entries).
    auto store = [&](Key k, Depth d) { tt.store(k, 0, 0, d, BOUND_EXACT, Move::none()); };
    store(1, 10);
    store(2, 3);
    store(3, 8);
    store(4, 12);
    store(5, 5); // bucket full: the shallowest (key 2) goes
    EXPECT_FALSE(tt.probe(2));
    for (Key k : {1, 3, 4, 5}) EXPECT_TRUE(tt.probe(k)) << k;

    // Two searches later every entry counts 16 plies less: key 5 (5 - 16) goes.
    tt.new_search();
    tt.new_search();
    store(6, 1);
    EXPECT_FALSE(tt.probe(5));
    // A fresh shallow entry (key 6) now outranks the old deep ones: key 3 (8 - 16) goes.
    store(7, 1);
    EXPECT_FALSE(tt.probe(3));
    for (Key k : {1, 4, 6, 7}) EXPECT_TRUE(tt.probe(k)) << k;
}

TEST(TranspositionTable, HashfullCountsTheCurrentSearch) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(1));
    EXPECT_EQ(tt.hashfull(), 0);
    std::mt19937_64 rng(1);
    for (int i = 0; i < 400000; ++i) tt.store(rng(), 1, 1, 5, BOUND_EXACT, Move::none());
    EXPECT_GT(tt.hashfull(), 900);
    tt.new_search();
    EXPECT_EQ(tt.hashfull(), 0); // all entries belong to the previous search
}

TEST(TranspositionTable, FailedResizeKeepsTheOldTable) {
    TranspositionTable tt;
    tt.store(99, 10, 10, 4, BOUND_EXACT, Move::none());
    EXPECT_FALSE(tt.resize(0));
    EXPECT_FALSE(tt.resize(TranspositionTable::MAX_MIB + 1));
    EXPECT_EQ(tt.size_mib(), TranspositionTable::DEFAULT_MIB);
    EXPECT_TRUE(tt.probe(99));
    EXPECT_TRUE(tt.resize(2));
    EXPECT_EQ(tt.size_mib(), 2u);
    EXPECT_FALSE(tt.probe(99));
}
