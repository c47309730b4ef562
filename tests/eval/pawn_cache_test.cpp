// The pawn hash table must return exactly what a fresh computation gives.
#include "eval/evaluate.h"
#include "eval/pawns.h"
#include "eval_test_util.h"

using namespace flotilla;
using namespace flotilla::eval_test;

namespace {

void expect_same_entry(const eval::PawnEntry& a, const eval::PawnEntry& b, const std::string& fen) {
    EXPECT_EQ(a.key, b.key) << fen;
    for (Color c : {WHITE, BLACK}) {
        EXPECT_EQ(a.score[c], b.score[c]) << fen;
        EXPECT_EQ(a.passed[c], b.passed[c]) << fen;
        EXPECT_EQ(a.attacks[c], b.attacks[c]) << fen;
        EXPECT_EQ(a.attackSpan[c], b.attackSpan[c]) << fen;
    }
}

} // namespace

TEST(PawnCache, ProbeMatchesFreshComputation) {
    // A tiny table, so slots are overwritten and re-filled all the time.
    eval::PawnCache cache(4);
    const auto fens = random_positions(4);
    for (int pass = 0; pass < 2; ++pass) {
        for (const auto& fen : fens) {
            const Position pos = position(fen);
            const auto fresh = eval::compute_pawn_entry(pos, eval::DEFAULT_WEIGHTS);
            expect_same_entry(cache.probe(pos, eval::DEFAULT_WEIGHTS), fresh, fen);
        }
    }
}

TEST(PawnCache, EvaluationWithWarmCacheMatchesColdCache) {
    eval::PawnCache warm(64);
    const auto fens = random_positions(4);
    for (const auto& fen : fens) {
        const Position pos = position(fen);
        eval::PawnCache cold(1);
        const Value first = eval::evaluate(pos, warm);
        EXPECT_EQ(first, eval::evaluate(pos, cold)) << fen;
        EXPECT_EQ(first, eval::evaluate(pos, warm)) << fen;
        EXPECT_EQ(first, eval::evaluate(pos)) << fen;
    }
}

TEST(PawnCache, KeyDependsOnPawnsOnly) {
    const Position a = position("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
    const Position b = position("3rk3/pp6/8/8/8/2N5/PP6/2K5 b - - 0 1");
    const Position c = position("4k3/pp6/8/8/8/1P6/P7/4K3 w - - 0 1");
    EXPECT_EQ(eval::pawn_key(a), eval::pawn_key(b));
    EXPECT_NE(eval::pawn_key(a), eval::pawn_key(c));
    EXPECT_NE(eval::pawn_key(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), 0u);
}

TEST(PawnCache, OtherWeightsAreNotServedStaleEntries) {
    eval::PawnCache cache(16);
    const Position pos = position("4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1");
    eval::Weights doubled = eval::DEFAULT_WEIGHTS;
    doubled.pawnIsolated[0] = doubled.pawnIsolated[0] * 2;
    const auto first = cache.probe(pos, eval::DEFAULT_WEIGHTS).score[WHITE];
    const auto second = cache.probe(pos, doubled).score[WHITE];
    EXPECT_EQ(second - first, eval::DEFAULT_WEIGHTS.pawnIsolated[0] * 2);
}

TEST(PawnCache, SizeIsAPowerOfTwo) {
    EXPECT_EQ(eval::PawnCache(0).size(), 1u);
    EXPECT_EQ(eval::PawnCache(1000).size(), 1024u);
}
