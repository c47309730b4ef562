// Input layouts (docs/nnue-format.md, feature sets 1 and 2): set 1 is the plain
// piece-square index, set 2 mirrors the board for a king on files e-h and picks the
// king's bucket from the map; bad maps are refused; only a king move that changes its
// side's view asks for a refresh.
#include "eval/nnue/input_layout.h"

#include <gtest/gtest.h>

#include <set>

namespace flotilla {
namespace {

using nnue::InputLayout;
using nnue::KingView;

InputLayout named(const char* name) { return *InputLayout::named(name, nullptr); }

TEST(NnueInputLayout, SetOneIsThePieceSquareIndex) {
    const InputLayout plain;
    EXPECT_EQ(plain.feature_set(), nnue::FEATURE_SET_PIECE_SQUARE);
    EXPECT_EQ(plain.features(), 768);
    for (Color p : {WHITE, BLACK})
        for (int s = 0; s < 64; ++s)
            for (Piece pc : {W_PAWN, W_KING, B_KNIGHT, B_QUEEN}) {
                const KingView v = plain.view(p, Square(s));
                EXPECT_EQ(v, KingView{});
                EXPECT_EQ(InputLayout::index(p, v, pc, Square(s)),
                          nnue::feature_index(p, pc, Square(s)));
            }
}

TEST(NnueInputLayout, KingOnTheKingsideMirrorsTheBoardAndPicksItsBucket) {
    const InputLayout four = named("4");
    EXPECT_EQ(four.feature_set(), nnue::FEATURE_SET_KING_BUCKETS);
    EXPECT_EQ(four.buckets(), 4);
    EXPECT_EQ(four.features(), 4 * 768);
    // g1 is b1 mirrored: the castled corner, bucket 0.
    EXPECT_EQ(four.view(WHITE, SQ_G1), (KingView{0, 7}));
    EXPECT_EQ(four.view(WHITE, SQ_B1), (KingView{0, 0}));
    EXPECT_EQ(four.view(WHITE, SQ_D1), (KingView{768, 0}));
    EXPECT_EQ(four.view(WHITE, SQ_E1), (KingView{768, 7}));
    EXPECT_EQ(four.view(WHITE, SQ_F2), (KingView{2 * 768, 7}));
    EXPECT_EQ(four.view(WHITE, SQ_A8), (KingView{3 * 768, 0}));
    // Black sees its own side at the bottom: g8 is its g1.
    EXPECT_EQ(four.view(BLACK, SQ_G8), four.view(WHITE, SQ_G1));
    EXPECT_EQ(four.view(BLACK, SQ_G1), four.view(WHITE, SQ_G8));
    // Mirrored: a white knight on h3 with the king on g1 is the knight on a3.
    EXPECT_EQ(InputLayout::index(WHITE, four.view(WHITE, SQ_G1), W_KNIGHT, SQ_H3),
              nnue::feature_index(WHITE, W_KNIGHT, SQ_A3));
}

TEST(NnueInputLayout, EveryBlockIsFilledAndNoFeatureRepeatsForOneKing) {
    for (const char* name : {"mirror", "4", "8"}) {
        const InputLayout layout = named(name);
        std::set<int> blocks;
        for (Color p : {WHITE, BLACK})
            for (int k = 0; k < 64; ++k) {
                const KingView v = layout.view(p, Square(k));
                blocks.insert(v.offset);
                EXPECT_LT(v.slot(), layout.slots()) << name;
                std::set<int> seen;
                for (int s = 0; s < 64; ++s)
                    for (Piece pc : {W_PAWN, W_BISHOP, W_KING, B_PAWN, B_ROOK, B_KING}) {
                        const int f = InputLayout::index(p, v, pc, Square(s));
                        EXPECT_GE(f, 0);
                        EXPECT_LT(f, layout.features());
                        EXPECT_TRUE(seen.insert(f).second) << name << " " << f;
                    }
            }
        EXPECT_EQ(int(blocks.size()), layout.buckets()) << name;
    }
}

TEST(NnueInputLayout, BadMapsAndNamesAreRefusedWithAReason) {
    std::string error;
    std::array<std::uint8_t, 32> map{};
    EXPECT_TRUE(InputLayout::king_buckets(map, &error));
    map[5] = 32;
    EXPECT_FALSE(InputLayout::king_buckets(map, &error));
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;
    map[5] = 2; // bucket 1 is never used
    EXPECT_FALSE(InputLayout::king_buckets(map, &error));
    EXPECT_NE(error.find("never used"), std::string::npos) << error;
    const std::uint8_t shortMap[8] = {};
    EXPECT_FALSE(InputLayout::king_buckets(shortMap, &error));
    EXPECT_NE(error.find("32 entries"), std::string::npos) << error;
    EXPECT_FALSE(InputLayout::named("16", &error));
    EXPECT_NE(error.find("unknown king bucket layout"), std::string::npos) << error;
}

nnue::DirtyPiece king_move(Piece king, Square from, Square to) {
    nnue::DirtyPiece d;
    d.removed[d.removedCount++] = {king, from};
    d.added[d.addedCount++] = {king, to};
    return d;
}

TEST(NnueInputLayout, OnlyAKingMoveIntoAnotherViewAsksForARefresh) {
    const InputLayout mirror = named("mirror"), four = named("4"), plain;
    // g1-h1 keeps the mirrored view; e1-d1 crosses the middle; b1-b2 changes the bucket.
    EXPECT_FALSE(nnue::changes_view(mirror, king_move(W_KING, SQ_G1, SQ_H1), WHITE));
    EXPECT_TRUE(nnue::changes_view(mirror, king_move(W_KING, SQ_E1, SQ_D1), WHITE));
    EXPECT_FALSE(nnue::changes_view(mirror, king_move(W_KING, SQ_B1, SQ_B2), WHITE));
    EXPECT_TRUE(nnue::changes_view(four, king_move(W_KING, SQ_B1, SQ_B2), WHITE));
    EXPECT_FALSE(nnue::changes_view(plain, king_move(W_KING, SQ_E1, SQ_D1), WHITE));
    // The other side's king, another piece and a null move change nothing for White.
    EXPECT_FALSE(nnue::changes_view(four, king_move(B_KING, SQ_E8, SQ_D8), WHITE));
    EXPECT_TRUE(nnue::changes_view(four, king_move(B_KING, SQ_E8, SQ_D8), BLACK));
    EXPECT_FALSE(nnue::changes_view(four, king_move(W_ROOK, SQ_A1, SQ_H1), WHITE));
    EXPECT_FALSE(nnue::changes_view(four, nnue::DirtyPiece{}, WHITE));
}

} // namespace
} // namespace flotilla
