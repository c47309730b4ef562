// Record decoding: the features straight from a PackedRecord are those of the
// Position, as the spec's formula gives them, with score and result turned to the
// side to move's view.
#include "nnue_test_data.h"
#include "tools/nnue_batch.h"
#include "tools/nnue_features.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace flotilla::tools::nnue {
namespace {

std::vector<int> sorted(const std::array<std::uint16_t, MAX_ACTIVE>& f, int count) {
    std::vector<int> v(f.begin(), f.begin() + count);
    std::sort(v.begin(), v.end());
    return v;
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

// With a factoriser each piece's feature comes twice: in its king bucket's block and,
// at the same place, in the shared block after the last bucket.
TEST(NnueFeatures, FactorisedRecordsAddTheSharedBlock) {
    const auto layout = *flotilla::nnue::InputLayout::named("4", nullptr);
    for (const PackedRecord& r : testing::material_records(100, 9)) {
        Sample plain, factorised;
        ASSERT_TRUE(decode(r, &plain, layout));
        ASSERT_TRUE(decode(r, &factorised, layout, true));
        ASSERT_EQ(factorised.count, 2 * plain.count);
        EXPECT_EQ(factorised.pieces, plain.pieces);
        EXPECT_EQ(plain.pieces, plain.count);
        for (int k = 0; k < plain.count; ++k) {
            EXPECT_EQ(factorised.us[std::size_t(k)], plain.us[std::size_t(k)]);
            EXPECT_EQ(factorised.us[std::size_t(plain.count + k)],
                      4 * 768 + plain.us[std::size_t(k)] % 768);
            EXPECT_EQ(factorised.them[std::size_t(plain.count + k)],
                      4 * 768 + plain.them[std::size_t(k)] % 768);
        }
    }
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

// The FEN mirrored left to right: ranks reversed square by square, castling rights
// dropped (they have no mirror image), the en-passant file mirrored.
std::string mirrored_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, side, castling, ep, rest;
    in >> board >> side >> castling >> ep;
    std::getline(in, rest);
    std::string out, rank;
    auto flush = [&] {
        std::string expanded;
        for (char c : rank)
            expanded += std::isdigit(c) ? std::string(c - '0', '1') : std::string(1, c);
        std::reverse(expanded.begin(), expanded.end());
        int empty = 0;
        for (char c : expanded) {
            if (c == '1') {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty), empty = 0;
            out += c;
        }
        if (empty) out += char('0' + empty);
        rank.clear();
    };
    for (char c : board) {
        if (c == '/') {
            flush();
            out += '/';
        } else
            rank += c;
    }
    flush();
    if (ep != "-") ep[0] = char('a' + 'h' - ep[0]);
    return out + " " + side + " - " + ep + rest;
}

TEST(NnueFeatures, MirroredSampleIsThatOfTheMirroredPosition) {
    EXPECT_EQ(mirrored_fen("4k3/8/8/8/8/8/1P6/R3K2R w KQ - 0 1"),
              "3k4/8/8/8/8/8/6P1/R2K3R w - - 0 1");
    for (const std::string& fen : testing::NNUE_TEST_FENS) {
        Position pos, mirror;
        ASSERT_TRUE(pos.set_fen(fen, false)) << fen;
        ASSERT_TRUE(mirror.set_fen(mirrored_fen(fen), false)) << mirrored_fen(fen);
        Sample s, expected;
        ASSERT_TRUE(decode(pack(pos, 50, GameResult::DRAW), &s));
        ASSERT_TRUE(decode(pack(mirror, 50, GameResult::DRAW), &expected));
        mirror_files(&s);
        EXPECT_EQ(sorted(s.us, s.count), sorted(expected.us, expected.count)) << fen;
        EXPECT_EQ(sorted(s.them, s.count), sorted(expected.them, expected.count)) << fen;
        EXPECT_EQ(s.score, expected.score);
        EXPECT_EQ(s.result, expected.result);
    }
}

TEST(NnueFeatures, MirroringPicksAboutHalfPerSaltAndNoneWithoutOne) {
    int picked = 0, pickedOther = 0, both = 0;
    for (std::uint32_t i = 0; i < 10000; ++i) {
        EXPECT_FALSE(mirrored(i, 0));
        const bool a = mirrored(i, 12345), b = mirrored(i, 777);
        picked += a, pickedOther += b, both += a && b;
    }
    // About half each time, and another half under another salt (epoch).
    EXPECT_NEAR(picked, 5000, 300);
    EXPECT_NEAR(pickedOther, 5000, 300);
    EXPECT_NEAR(both, 2500, 300);
}

} // namespace
} // namespace flotilla::tools::nnue
