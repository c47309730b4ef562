// Each term counts the features it claims to count: with every weight zero
// except one set to S(1, 1), the term's score is the number of occurrences.
#include "eval/breakdown.h"
#include "eval/evaluate.h"
#include "eval/pawns.h"
#include "eval_test_util.h"

using namespace flotilla;
using namespace flotilla::eval;
using namespace flotilla::eval_test;

namespace {

Weights zero_weights() { return Weights{}; } // every Score is S(0, 0)

Score term_of(const std::string& fen, const Weights& w, Term term, Color c) {
    PawnCache cache(1);
    return breakdown(position(fen), cache, w).terms[term][c];
}

// Sum of the weights in `table` set to their own index plus one... kept simple:
// the feature count when `table[index]` alone is S(1, 1).
int count_feature(const std::string& fen, std::array<Score, 1> Weights::*table, Term term,
                  Color c) {
    Weights w = zero_weights();
    (w.*table)[0] = S(1, 1);
    const Score s = term_of(fen, w, term, c);
    EXPECT_EQ(s.mg, s.eg);
    return s.mg;
}

template <std::size_t N>
int count_at(const std::string& fen, std::array<Score, N> Weights::*table, int index, Term term,
             Color c) {
    Weights w = zero_weights();
    (w.*table)[index] = S(1, 1);
    return term_of(fen, w, term, c).mg;
}

} // namespace

TEST(EvalTerms, IsolatedAndDoubledPawns) {
    // a2 and c2 are isolated; e2/e3 doubled (the rear one counts) and isolated too.
    const std::string fen = "4k3/8/8/8/8/4P3/P1P1P3/4K3 w - - 0 1";
    EXPECT_EQ(count_feature(fen, &Weights::pawnIsolated, TERM_PAWN_STRUCTURE, WHITE), 4);
    EXPECT_EQ(count_feature(fen, &Weights::pawnDoubled, TERM_PAWN_STRUCTURE, WHITE), 1);
}

TEST(EvalTerms, BackwardPawn) {
    // e3 cannot be supported (d4 is ahead of it) and f5 guards its stop square.
    const std::string fen = "4k3/8/8/5p2/3P4/4P3/8/4K3 w - - 0 1";
    EXPECT_EQ(count_feature(fen, &Weights::pawnBackward, TERM_PAWN_STRUCTURE, WHITE), 1);
    // Without the f5 pawn the stop square is free: not backward.
    EXPECT_EQ(count_feature("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", &Weights::pawnBackward,
                            TERM_PAWN_STRUCTURE, WHITE),
              0);
}

TEST(EvalTerms, PassedCandidateAndConnectedPawns) {
    // White: b4 c4 (a phalanx; c4 is a candidate, one helper against one sentry b6),
    // h5 passed. Black: a7 and b6 both have white pawns in their spans: not passed.
    const std::string fen = "4k3/p7/1p6/7P/1PP5/8/8/4K3 w - - 0 1";
    const PawnEntry entry = compute_pawn_entry(position(fen), DEFAULT_WEIGHTS);
    EXPECT_EQ(entry.passed[WHITE], square_bb(SQ_H5));
    EXPECT_EQ(entry.passed[BLACK], Bitboard(0));
    EXPECT_EQ(count_at(fen, &Weights::candidatePasser, 3, TERM_PAWN_STRUCTURE, WHITE), 1);
    EXPECT_EQ(count_at(fen, &Weights::pawnPhalanx, 3, TERM_PAWN_STRUCTURE, WHITE), 2);
    EXPECT_EQ(count_at(fen, &Weights::passedRank, 4, TERM_PAWN_STRUCTURE, WHITE), 1);
    // a7 supports b6.
    EXPECT_EQ(count_at(fen, &Weights::pawnSupported, 2, TERM_PAWN_STRUCTURE, BLACK), 1);
}

TEST(EvalTerms, PassedPawnFreePathAndKingDistance) {
    // White pawn d6 (relative rank 5), square in front d7; kings e1 (6 away) and a8 (3 away).
    const std::string fen = "k7/8/3P4/8/8/8/8/4K3 w - - 0 1";
    EXPECT_EQ(count_at(fen, &Weights::passedFreePath, 5, TERM_PASSED_PAWNS, WHITE), 1);
    EXPECT_EQ(count_at(fen, &Weights::passedOwnKingDistance, 5, TERM_PASSED_PAWNS, WHITE), 6);
    EXPECT_EQ(count_at(fen, &Weights::passedEnemyKingDistance, 5, TERM_PASSED_PAWNS, WHITE), 3);
    // A piece on d8 blocks the path.
    EXPECT_EQ(count_at("k2n4/8/3P4/8/8/8/8/4K3 w - - 0 1", &Weights::passedFreePath, 5,
                       TERM_PASSED_PAWNS, WHITE),
              0);
}

TEST(EvalTerms, MobilityCountsSafeSquares) {
    Weights w = zero_weights();
    for (int i = 0; i < 9; ++i) w.knightMobility[i] = S(i, i);
    // Knight d4 on an open board reaches 8 squares.
    EXPECT_EQ(term_of("4k3/7p/8/8/3N4/8/8/4K3 w - - 0 1", w, TERM_MOBILITY, WHITE).mg, 8);
    // Own pieces on e2 and f5, and squares c6/e6 covered by the black pawn d7 are not safe.
    EXPECT_EQ(term_of("4k3/3p4/8/5P2/3N4/8/4P3/4K3 w - - 0 1", w, TERM_MOBILITY, WHITE).mg, 4);
}

TEST(EvalTerms, OpenFilesAndOutposts) {
    // Rook e1 on an open file, rook a1 on a file with only a black pawn (half-open).
    const std::string rooks = "3k4/p7/8/8/8/8/8/R3RK2 w - - 0 1";
    EXPECT_EQ(count_feature(rooks, &Weights::rookOpenFile, TERM_FILES_OUTPOSTS, WHITE), 1);
    EXPECT_EQ(count_feature(rooks, &Weights::rookSemiOpenFile, TERM_FILES_OUTPOSTS, WHITE), 1);
    // Knight d5 guarded by e4, and only the a7/h7 pawns, which can never attack d5.
    const std::string outpost = "4k3/p6p/8/3N4/4P3/8/8/4K3 w - - 0 1";
    EXPECT_EQ(count_feature(outpost, &Weights::knightOutpost, TERM_FILES_OUTPOSTS, WHITE), 1);
    // With a c7 pawn, ...c6 can chase the knight: no outpost.
    EXPECT_EQ(count_feature("4k3/p1p4p/8/3N4/4P3/8/8/4K3 w - - 0 1", &Weights::knightOutpost,
                            TERM_FILES_OUTPOSTS, WHITE),
              0);
}

TEST(EvalTerms, ThreatsAndHangingPieces) {
    // The d4 pawn hits the black knight on e5, which no black piece defends.
    const std::string fen = "4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1";
    EXPECT_EQ(count_at(fen, &Weights::threatByPawn, 0, TERM_THREATS, WHITE), 1);
    EXPECT_EQ(count_feature(fen, &Weights::hanging, TERM_THREATS, WHITE), 1);
    // A knight attacking the black queen is a threat by a lesser piece.
    EXPECT_EQ(count_at("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", &Weights::threatByMinor, 3,
                       TERM_THREATS, WHITE),
              1);
}

TEST(EvalTerms, KingShieldAndStorm) {
    // King g1 behind f2 g2 h2: three shield pawns on the second rank.
    const std::string castled = "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1";
    EXPECT_EQ(count_at(castled, &Weights::kingShield, 1, TERM_KING_SAFETY, WHITE), 3);
    // Black pawn on g4 storms the king (relative rank 3 for White).
    const std::string storm = "4k3/8/8/8/6p1/8/5P1P/6K1 w - - 0 1";
    EXPECT_EQ(count_at(storm, &Weights::kingStorm, 3, TERM_KING_SAFETY, WHITE), 1);
    EXPECT_EQ(count_at(storm, &Weights::kingShield, 0, TERM_KING_SAFETY, WHITE), 1);
}

TEST(EvalTerms, KingAttackersRaiseTheDanger) {
    // Queen and rook bearing down on the castled king cost more than no attack.
    const std::string attacked = "6k1/8/8/8/8/6q1/5PP1/5rK1 w - - 0 1";
    const std::string quiet = "q5k1/r7/8/8/8/8/5PP1/6K1 w - - 0 1";
    PawnCache cache(1);
    const Weights& w = DEFAULT_WEIGHTS;
    const Score a = breakdown(position(attacked), cache, w).terms[TERM_KING_SAFETY][WHITE];
    const Score q = breakdown(position(quiet), cache, w).terms[TERM_KING_SAFETY][WHITE];
    EXPECT_LT(a.mg, q.mg);
}

TEST(EvalTerms, BishopPairNeedsBothColours) {
    EXPECT_EQ(count_feature("4k3/7p/8/8/8/8/8/2B1KB2 w - - 0 1", &Weights::bishopPair,
                            TERM_BISHOP_PAIR, WHITE),
              1);
    // Two bishops on light squares (promoted) are not a pair.
    EXPECT_EQ(count_feature("4k3/7p/8/8/8/8/8/3BKB2 w - - 0 1", &Weights::bishopPair,
                            TERM_BISHOP_PAIR, WHITE),
              0);
}
