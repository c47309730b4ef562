// Orderings any reasonable evaluation must respect, and the mate-range bound.
#include "eval/breakdown.h"
#include "eval/evaluate.h"
#include "eval_test_util.h"

#include <cstdlib>

using namespace flotilla;
using namespace flotilla::eval_test;

namespace {

// Score from White's point of view, whoever is to move.
Value white_view(const std::string& fen) {
    const Position pos = position(fen);
    const Value v = eval::evaluate(pos);
    return pos.side_to_move() == WHITE ? v : -v;
}

eval::Breakdown breakdown_of(const std::string& fen) {
    eval::PawnCache cache(1);
    return eval::breakdown(position(fen), cache, eval::DEFAULT_WEIGHTS);
}

} // namespace

TEST(EvalSanity, StartPositionIsNearlyEqual) {
    EXPECT_LT(std::abs(white_view(Position::START_FEN)), 60);
}

TEST(EvalSanity, AQueenUpIsWinning) {
    const char* const queenless[] = {
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "r1b1k2r/ppp2ppp/2n2n2/2bpp3/4P3/2NP1N2/PPP2PPP/R1BQKB1R w KQkq - 0 6",
        "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1",
    };
    for (const char* fen : queenless) {
        EXPECT_GT(white_view(fen), 600) << fen;
        EXPECT_LT(white_view(flip_colours(fen)), -600) << fen;
    }
}

TEST(EvalSanity, KbnkPrefersTheCornerOfTheBishopsColour) {
    // Dark-squared bishop on f4: a1 and h8 are the mating corners.
    const auto kbnk = [](const char* blackKingRank8, const char* blackKingRank1) {
        return std::string(blackKingRank8) + "/8/8/3N4/4KB2/8/8/" + blackKingRank1 + " b - - 0 1";
    };
    const Value a1 = white_view(kbnk("8", "k7"));
    const Value h1 = white_view(kbnk("8", "7k"));
    const Value a8 = white_view(kbnk("k7", "8"));
    const Value h8 = white_view(kbnk("7k", "8"));
    EXPECT_GT(a1, a8);
    EXPECT_GT(a1, h1);
    EXPECT_GT(h8, a8);
    EXPECT_GT(h8, h1);
    EXPECT_GT(std::min(a8, h1), 600) << "KBN-K is a win wherever the king is";
}

TEST(EvalSanity, LoneKingIsPushedToTheEdge) {
    const Value centre = white_view("8/8/8/4k3/8/8/8/R3K3 b - - 0 1");
    const Value edge = white_view("8/8/8/7k/8/8/8/R3K3 b - - 0 1");
    EXPECT_GT(edge, centre);
    EXPECT_GT(centre, 600);
}

TEST(EvalSanity, InsufficientMaterialAgainstALoneKingIsADraw) {
    EXPECT_EQ(white_view("8/8/8/4k3/8/8/8/N3K3 w - - 0 1"), 0);
    EXPECT_EQ(white_view("8/8/8/4k3/8/8/8/2B1K1B1 w - - 0 1"), 0) << "same-coloured bishops";
    EXPECT_EQ(white_view("8/8/8/4k3/8/8/8/4K3 w - - 0 1"), 0);
}

TEST(EvalSanity, OppositeColouredBishopsAreScaledDown) {
    // White bishop c4 (light); Black bishop d6 (dark, opposite) or e6 (light, same).
    const std::string opposite = "4k3/5p2/3b4/8/2B2P2/6P1/7P/4K3 w - - 0 1";
    const std::string same = "4k3/5p2/4b3/8/2B2P2/6P1/7P/4K3 w - - 0 1";
    const auto oppositeBreakdown = breakdown_of(opposite);
    EXPECT_EQ(oppositeBreakdown.scale, eval::fixed::SCALE_PURE_OPPOSITE_BISHOPS);
    EXPECT_EQ(breakdown_of(same).scale, eval::fixed::SCALE_NORMAL);
    const Value o = white_view(opposite), s = white_view(same);
    EXPECT_GT(s, 0);
    EXPECT_LT(o, s);
    EXPECT_LT(2 * o, s) << "a pawn edge with opposite bishops is mostly a draw";
}

TEST(EvalSanity, PawnlessSmallEdgeIsScaledDown) {
    // KR v KB: a rook's edge over a bishop without pawns is a draw in most cases.
    const auto b = breakdown_of("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(b.scale, eval::fixed::SCALE_NO_PAWNS_SMALL_EDGE);
    EXPECT_LT(std::abs(b.white), 150);
}

TEST(EvalSanity, NeverReturnsAMateRangeValue) {
    auto fens = random_positions(3);
    fens.push_back("QQQQQQQQ/Q7/8/8/8/8/pp6/k6K w - - 0 1");
    fens.push_back("kq6/8/8/8/8/8/8/7K w - - 0 1");
    for (const auto& fen : fens) {
        const Value v = eval::evaluate(position(fen));
        EXPECT_LE(std::abs(v), VALUE_EVAL_MAX) << fen;
    }
    // Absurd weights hit the bound instead of running into mate scores.
    eval::Weights huge = eval::DEFAULT_WEIGHTS;
    huge.pieceValue[QUEEN - PAWN] = eval::Score(30000, 30000);
    eval::PawnCache cache(1);
    const Position pos = position("4k3/p7/8/8/8/8/8/QQ2K3 w - - 0 1");
    EXPECT_EQ(eval::evaluate(pos, cache, huge), VALUE_EVAL_MAX);
    const Position flipped = position(flip_colours(pos.fen()));
    EXPECT_EQ(eval::evaluate(flipped, cache, huge), VALUE_EVAL_MAX);
}

TEST(EvalSanity, TraceNamesEveryTerm) {
    const std::string text = eval::trace(position(Position::START_FEN));
    for (auto name : eval::TERM_NAMES) EXPECT_NE(text.find(name), std::string::npos) << name;
    EXPECT_NE(text.find("Phase: 24/24"), std::string::npos) << text;
}
