// Record decoding: the features straight from a PackedRecord are those of the
// Position, as the spec's formula gives them, with score and result turned to the
// side to move's view.
#include "nnue_test_data.h"
#include "tools/nnue_features.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace flotilla::tools::nnue {
namespace {

std::vector<int> sorted(const std::array<std::uint16_t, MAX_ACTIVE>& f, int count) {
    std::vector<int> v(f.begin(), f.begin() + count);
    std::sort(v.begin(), v.end());
    return v;
}

TEST(NnueFeatures, FormulaOfTheSpec) {
    // A white pawn on a2 seen by White, a black pawn on a7 seen by Black: both "own pawn".
    EXPECT_EQ(feature_index(WHITE, WHITE, PAWN, SQ_A2), 8);
    EXPECT_EQ(feature_index(BLACK, BLACK, PAWN, SQ_A7), 8);
    EXPECT_EQ(feature_index(WHITE, BLACK, KING, SQ_E8), (6 + 5) * 64 + 60);
    EXPECT_EQ(feature_index(BLACK, WHITE, KING, SQ_E1), (6 + 5) * 64 + 60);
    EXPECT_EQ(feature_index(BLACK, WHITE, QUEEN, SQ_D1), (6 + 4) * 64 + 59);
}

TEST(NnueFeatures, BucketsByMaterial) {
    EXPECT_EQ(output_bucket(32, 8), 7);
    EXPECT_EQ(output_bucket(2, 8), 0);
    EXPECT_EQ(output_bucket(6, 8), 1);
    EXPECT_EQ(output_bucket(32, 1), 0);
    EXPECT_EQ(output_bucket(32, 3), 2); // divisor ceil(32 / 3) = 11, not 10
    EXPECT_EQ(output_bucket(22, 3), 1);
    EXPECT_EQ(output_bucket(9, 5), 1); // divisor 7
    EXPECT_EQ(output_bucket(8, 5), 0);
    EXPECT_EQ(output_bucket(32, 16), 15);
}

TEST(NnueFeatures, DecodedRecordMatchesThePosition) {
    for (const std::string& fen : testing::NNUE_TEST_FENS) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false)) << fen;
        const PackedRecord r = pack(pos, 123, GameResult::WHITE_WIN);
        Sample decoded;
        ASSERT_TRUE(decode(r, &decoded)) << fen;
        const Sample expected = sample_from_position(pos, 123, GameResult::WHITE_WIN);
        ASSERT_EQ(decoded.count, expected.count) << fen;
        EXPECT_EQ(decoded.count, popcount(pos.pieces()));
        EXPECT_EQ(sorted(decoded.us, decoded.count), sorted(expected.us, expected.count)) << fen;
        EXPECT_EQ(sorted(decoded.them, decoded.count), sorted(expected.them, expected.count))
            << fen;
        EXPECT_EQ(decoded.stm, pos.side_to_move());
        const bool white = pos.side_to_move() == WHITE;
        EXPECT_EQ(decoded.score, white ? 123.0f : -123.0f) << fen;
        EXPECT_EQ(decoded.result, white ? 1.0f : 0.0f) << fen;
    }
}

TEST(NnueFeatures, ColourFlippedPositionSwapsNothingForTheSideToMove) {
    // The start position with White to move and its mirror with Black to move give
    // the same features from the side to move's view.
    Position a, b;
    ASSERT_TRUE(a.set_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false));
    ASSERT_TRUE(b.set_fen("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false));
    Sample sa, sb;
    ASSERT_TRUE(decode(pack(a, 0, GameResult::DRAW), &sa));
    ASSERT_TRUE(decode(pack(b, 0, GameResult::DRAW), &sb));
    EXPECT_EQ(sorted(sa.us, sa.count), sorted(sb.us, sb.count));
    EXPECT_EQ(sorted(sa.them, sa.count), sorted(sb.them, sb.count));
}

TEST(NnueFeatures, RandomRecordsMatchTheirPositions) {
    for (const PackedRecord& r : testing::material_records(200, 7)) {
        const auto unpacked = unpack(r);
        ASSERT_TRUE(unpacked);
        Position pos;
        ASSERT_TRUE(pos.set_fen(unpacked->fen, false));
        Sample decoded;
        ASSERT_TRUE(decode(r, &decoded));
        const Sample expected = sample_from_position(pos, unpacked->scoreWhite, unpacked->result);
        EXPECT_EQ(sorted(decoded.us, decoded.count), sorted(expected.us, expected.count));
        EXPECT_EQ(sorted(decoded.them, decoded.count), sorted(expected.them, expected.count));
        EXPECT_EQ(decoded.score, expected.score);
        EXPECT_EQ(decoded.result, expected.result);
    }
}

TEST(NnueFeatures, InvalidCodeIsRejected) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(testing::NNUE_TEST_FENS[0], false));
    PackedRecord r = pack(pos, 0, GameResult::DRAW);
    r[8] |= 0x0F; // code 15 on the first square
    Sample s;
    EXPECT_FALSE(decode(r, &s));
}

} // namespace
} // namespace flotilla::tools::nnue
