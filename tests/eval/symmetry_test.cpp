// The evaluation must not prefer a colour or a wing: flipping colours (or
// files, without castling rights) keeps the side to move's score exactly.
#include "eval/evaluate.h"
#include "eval/pawns.h"
#include "eval/weights.h"
#include "eval_test_util.h"

using namespace flotilla;
using namespace flotilla::eval_test;

TEST(EvalSymmetry, HelpersRoundTrip) {
    const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    EXPECT_EQ(flip_colours(flip_colours(fen)), fen);
    EXPECT_EQ(flip_colours("4k3/8/8/3pP3/8/8/8/4K3 w Kq d6 0 3"),
              "4k3/8/8/8/3Pp3/8/8/4K3 b Qk d3 0 3");
    EXPECT_EQ(mirror_files("4k3/8/8/3pP3/8/8/8/R3K3 w - d6 0 3"),
              "3k4/8/8/3Pp3/8/8/8/3K3R w - e6 0 3");
}

TEST(EvalSymmetry, ColourFlipKeepsTheSideToMoveScore) {
    const auto fens = random_positions();
    ASSERT_GE(fens.size(), 300u);
    for (const auto& fen : fens) {
        const Position pos = position(fen);
        const Position flipped = position(flip_colours(fen));
        ASSERT_EQ(eval::evaluate(pos), eval::evaluate(flipped)) << fen;
    }
}

TEST(EvalSymmetry, LeftRightMirrorKeepsTheScore) {
    const auto fens = random_positions();
    for (const auto& fen : fens) {
        const std::string plain = without_castling(fen);
        const Position pos = position(plain);
        const Position mirrored = position(mirror_files(plain));
        ASSERT_EQ(eval::evaluate(pos), eval::evaluate(mirrored)) << plain;
    }
}

TEST(EvalSymmetry, SymmetricPositionsScoreTheTempoOnly) {
    // In a colour-symmetric position both sides' terms cancel, so each side to
    // move sees the same score, and it is the same for White and Black.
    const Position white =
        position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3");
    const Position black =
        position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
    EXPECT_EQ(eval::evaluate(white), eval::evaluate(black));
    EXPECT_GT(eval::evaluate(white), 0) << "the tempo bonus belongs to the side to move";
}

TEST(EvalSymmetry, HoldsForAnyWeights) {
    // The symmetry must come from the structure of the terms, not from the
    // current values, since the tuner will change every one of them.
    std::mt19937 rng(4242);
    std::uniform_int_distribution<int> value(-60, 60);
    eval::Weights weights{};
    eval::for_each_weight(weights, [&](std::string_view, std::span<eval::Score> table) {
        for (eval::Score& s : table) {
            s.mg = value(rng);
            s.eg = value(rng);
        }
    });
    eval::PawnCache cache(256);
    const auto fens = random_positions(3);
    for (const auto& fen : fens) {
        const std::string plain = without_castling(fen);
        const Value v = eval::evaluate(position(plain), cache, weights);
        ASSERT_EQ(v, eval::evaluate(position(flip_colours(plain)), cache, weights)) << plain;
        ASSERT_EQ(v, eval::evaluate(position(mirror_files(plain)), cache, weights)) << plain;
    }
}
