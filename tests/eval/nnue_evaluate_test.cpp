// The network's output per the spec's formula (checked against a direct, unoptimised
// reading of docs/nnue-format.md) and its colour symmetry.
#include "eval/nnue/evaluate.h"
#include "eval_test_util.h"
#include "nnue_test_util.h"

#include <algorithm>

namespace flotilla {
namespace {

// docs/nnue-format.md's feature of a piece for perspective p, written out from the spec
// (not through nnue::InputLayout): set 2 mirrors files when p's king (seen from p's
// side) stands on files e-h and selects the block of the king's bucket in the map.
int spec_feature(const nnue::Network& net, Color p, Square king, Piece pc, Square s) {
    int rel = p == WHITE ? int(s) : int(s) ^ 56;
    int block = 0;
    if (net.layout().feature_set() == nnue::FEATURE_SET_KING_BUCKETS) {
        int k = p == WHITE ? int(king) : int(king) ^ 56;
        if (k % 8 >= 4) k ^= 7, rel ^= 7;
        block = net.layout().map()[std::size_t(k / 8 * 4 + k % 8)];
    }
    return block * 768 + ((color_of(pc) == p ? 0 : 1) * 6 + (type_of(pc) - 1)) * 64 + rel;
}

// docs/nnue-format.md, "Output", computed the slow way with wide integers.
int reference_eval(const Position& pos, const nnue::Network& net) {
    const int h = net.hidden();
    std::vector<std::int64_t> acc[2];
    for (Color p : {WHITE, BLACK}) {
        acc[p].assign(std::size_t(h), 0);
        for (int i = 0; i < h; ++i) acc[p][std::size_t(i)] = net.feature_bias()[i];
        for (int s = 0; s < 64; ++s) {
            const Piece pc = pos.piece_on(Square(s));
            if (pc == NO_PIECE) continue;
            const std::int16_t* row =
                net.feature_row(spec_feature(net, p, pos.king_square(p), pc, Square(s)));
            for (int i = 0; i < h; ++i) acc[p][std::size_t(i)] += row[i];
        }
    }
    const int pieces = popcount(pos.pieces());
    const int bucket = (pieces - 2) / ((32 + net.buckets() - 1) / net.buckets());
    const std::int16_t* o = net.output_row(bucket);
    const Color us = pos.side_to_move();
    std::int64_t sum = 0;
    for (int i = 0; i < h; ++i) {
        const std::int64_t a = std::clamp<std::int64_t>(acc[us][std::size_t(i)], 0, 255);
        const std::int64_t b = std::clamp<std::int64_t>(acc[~us][std::size_t(i)], 0, 255);
        sum += a * a * o[i] + b * b * o[h + i];
    }
    const std::int64_t out = std::int32_t(sum) / 255 + net.output_bias(bucket);
    return int(out * 400 / (255 * 64));
}

int nnue_eval(const Position& pos, const nnue::Network& net) {
    nnue::AccumulatorStack stack;
    stack.reset(net);
    return nnue::evaluate_raw(pos, stack, net);
}

TEST(NnueEvaluate, MatchesTheSpecFormula) {
    for (int buckets : {1, 3, 8}) {
        const nnue::Network net = nnue_test::random_network(64, buckets, 100 + buckets);
        int nonzero = 0;
        for (const std::string& fen : eval_test::random_positions(2, 60)) {
            const Position pos = eval_test::position(fen);
            const int v = nnue_eval(pos, net);
            ASSERT_EQ(v, reference_eval(pos, net)) << fen;
            nonzero += v != 0;
        }
        EXPECT_GT(nonzero, 10);
    }
}

TEST(NnueEvaluate, KingBucketedInputsMatchTheSpecFormula) {
    for (const char* name : {"mirror", "4", "8"}) {
        const nnue::Network net =
            nnue_test::random_network(32, 4, 300, *nnue::InputLayout::named(name, nullptr));
        int nonzero = 0;
        for (const std::string& fen : eval_test::random_positions(4, 80)) {
            const Position pos = eval_test::position(fen);
            const int v = nnue_eval(pos, net);
            ASSERT_EQ(v, reference_eval(pos, net)) << name << " " << fen;
            nonzero += v != 0;
        }
        EXPECT_GT(nonzero, 10) << name;
    }
}

TEST(NnueEvaluate, ColourFlippedPositionsEvaluateTheSame) {
    for (const char* name : {"none", "4"}) {
        const nnue::Network net =
            nnue_test::random_network(128, 8, 77, *nnue::InputLayout::named(name, nullptr));
        for (const std::string& fen : eval_test::random_positions(3, 70)) {
            const std::string flipped = eval_test::flip_colours(fen);
            EXPECT_EQ(nnue_eval(eval_test::position(fen), net),
                      nnue_eval(eval_test::position(flipped), net))
                << name << " " << fen << " vs " << flipped;
        }
    }
}

// Set 2 sees a position and its mirror image (files a<->h) through the same features;
// set 1 does not (the check that the test can tell them apart).
TEST(NnueEvaluate, MirroredInputsEvaluateMirrorImagesTheSame) {
    const nnue::Network mirrored =
        nnue_test::random_network(64, 8, 91, *nnue::InputLayout::named("8", nullptr));
    const nnue::Network plain = nnue_test::random_network(64, 8, 91);
    int plainDiffers = 0;
    for (const std::string& fen : eval_test::random_positions(5, 60)) {
        const std::string image = eval_test::mirror_files(fen);
        const Position a = eval_test::position(image),
                       b = eval_test::position(eval_test::mirror_files(image));
        EXPECT_EQ(nnue_eval(a, mirrored), nnue_eval(b, mirrored)) << image;
        plainDiffers += nnue_eval(a, plain) != nnue_eval(b, plain);
    }
    EXPECT_GT(plainDiffers, 30);
}

TEST(NnueEvaluate, SearchEvaluationStaysOutsideTheMateRange) {
    nnue::Network net = nnue_test::random_network(16, 1, 5);
    net.set_output_bias(0, 2000000000);
    const Position pos = eval_test::position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    nnue::AccumulatorStack stack;
    stack.reset(net);
    EXPECT_GT(nnue::evaluate_raw(pos, stack, net), VALUE_MATE);
    EXPECT_EQ(nnue::evaluate(pos, stack, net), VALUE_EVAL_MAX);
    net.set_output_bias(0, -2000000000);
    stack.reset(net);
    EXPECT_EQ(nnue::evaluate(pos, stack, net), -VALUE_EVAL_MAX);
}

} // namespace
} // namespace flotilla
