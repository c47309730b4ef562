// FEN parsing and printing: canonical round trips and every class of bad input.
#include "core/position.h"
#include "test_positions.h"

#include <gtest/gtest.h>

#include <string>

using namespace flotilla;

namespace {

struct RoundTrip {
    const char* fen;
    bool chess960;
};

// Canonical FENs: the en-passant square is printed only when a pawn can capture
// there, and castling uses X-FEN (K/Q for the outermost rook, its file otherwise).
const RoundTrip ROUND_TRIPS[] = {
    {Position::START_FEN, false},
    {test::KIWIPETE, false},
    {test::CPW_POSITION_3, false},
    {test::CPW_POSITION_4, false},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", false},
    {test::CPW_POSITION_5, false},
    {test::PROMOTIONS, false},
    {test::EN_PASSANT, false},
    {test::EN_PASSANT_PINNED, false},
    {"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3", false},
    {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", false},
    {"r3k3/8/8/8/8/8/8/4K3 b q - 99 120", false},
    {"8/8/8/8/8/8/8/K6k w - - 0 1", false},
    {test::CHESS960, true},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 9", true},
    {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 1 9", true},
    // Inner castling rooks need their file letter (Shredder-style in X-FEN).
    {"4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1", true},
    {"r1r1k2r/8/8/8/8/8/8/RK5R w KQkc - 0 1", true},
    {"1rk4r/8/8/8/8/8/8/1RK2R1R w Fkq - 0 1", true},
};

} // namespace

TEST(Fen, RoundTripsCanonicalFens) {
    for (const auto& c : ROUND_TRIPS) {
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(c.fen, c.chess960, &error)) << c.fen << ": " << error;
        EXPECT_EQ(pos.fen(), c.fen);
        EXPECT_EQ(pos.is_chess960(), c.chess960);
    }
}

TEST(Fen, DefaultPositionIsStart) {
    const Position pos;
    EXPECT_EQ(pos.fen(), Position::START_FEN);
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(pos.castling_rights(), ANY_CASTLING);
    EXPECT_EQ(pos.ep_square(), SQ_NONE);
    EXPECT_EQ(pos.rule50_count(), 0);
    EXPECT_EQ(pos.game_ply(), 0);
}

TEST(Fen, ParsesFields) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(test::EN_PASSANT, false));
    EXPECT_EQ(pos.ep_square(), SQ_F6);
    EXPECT_EQ(pos.piece_on(SQ_E5), W_PAWN);
    EXPECT_EQ(pos.piece_on(SQ_F5), B_PAWN);
    EXPECT_EQ(pos.game_ply(), 4);
    ASSERT_TRUE(pos.set_fen("r3k3/8/8/8/8/8/8/4K3 b q - 99 120", false));
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.castling_rights(), BLACK_OOO);
    EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_A8);
    EXPECT_EQ(pos.rule50_count(), 99);
    EXPECT_EQ(pos.game_ply(), 2 * 119 + 1);
}

TEST(Fen, MoveCountersMayBeOmitted) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/8/8/4K2R w K -", false));
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

// An en-passant square no pawn can use is dropped, so equal positions print (and hash) equally.
TEST(Fen, DropsUncapturableEnPassantSquare) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false));
    EXPECT_EQ(pos.ep_square(), SQ_NONE);
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(Fen, ShredderFenEqualsXFen) {
    const std::pair<const char*, const char*> pairs[] = {
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", test::CHESS960},
        {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
         "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 1 9"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", Position::START_FEN},
        {"4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1", "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1"},
    };
    for (const auto& [shredder, xfen] : pairs) {
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(shredder, true, &error)) << shredder << ": " << error;
        EXPECT_EQ(pos.fen(), xfen);
    }
}

namespace {

struct BadFen {
    const char* fen;
    const char* messagePart; // the error message must name the problem
};

const BadFen BAD_FENS[] = {
    // Field count.
    {"", "fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 7", "fields"},
    // Piece placement.
    {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece letter"},
    {"rnbqkbnr/pppp?ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece letter"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 files"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 has 7 files"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/ w KQkq - 0 1", "rank 1 has 0 files"},
    {"rnbqkbnr/pppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 files"},
    {"rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 files"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "more than 8 ranks"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fewer than 8 ranks"},
    // Kings.
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "no white king"},
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "no black king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "more than one white king"},
    {"4k3/8/8/8/8/8/k7/4K3 w - - 0 1", "more than one black king"},
    // Material.
    {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "too many black pieces"},
    {"4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1", "too many white pieces"},
    {"4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1", "too many white pieces"},
    {"4k3/8/8/8/8/8/PPPPPPPP/RNBQKQNR w - - 0 1", "too many white pieces"},
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on rank 1 or 8"},
    {"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on rank 1 or 8"},
    // Side to move.
    {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
    {"4k3/8/8/8/8/8/8/4K3 white - - 0 1", "side to move"},
    {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "side not to move is in check"},
    {"4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", "side not to move is in check"},
    // Castling.
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "bad character 'x'"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w K1 - 0 1", "bad character '1'"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1", "too long"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", "repeats"},
    {"r3k2r/8/8/8/8/8/8/4K2R w KQ - 0 1", "no rook"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkqC - 0 1", "too long"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w C - 0 1", "no rook"},
    {"r3k2r/8/8/8/8/8/8/R3KN1R w KE - 0 1", "no rook"},
    {"r3k2r/8/8/8/8/8/4K3/R6R w K - 0 1", "king is not on its back rank"},
    {"r6r/4k3/8/8/8/8/8/R3K2R w KQq - 0 1", "king is not on its back rank"},
    // En passant.
    {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "en-passant field"},
    {"4k3/8/8/8/8/8/8/4K3 w - x6 0 1", "en-passant field"},
    {"4k3/8/8/8/8/8/8/4K3 w - e66 0 1", "en-passant field"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "does not follow a double pawn push"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 1", "does not follow a double pawn push"},
    {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "does not follow a double pawn push"},
    {"4k3/8/3p4/3pP3/8/8/8/4K3 w - d6 0 1", "does not follow a double pawn push"},
    // Counters.
    {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock"},
    {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 1.5 1", "halfmove clock"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1", "halfmove clock"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 one", "fullmove number"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 -3", "fullmove number"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 +3", "fullmove number"},
};

} // namespace

TEST(Fen, RejectsEveryErrorClassAndKeepsThePosition) {
    for (const auto& c : BAD_FENS) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(test::KIWIPETE, false));
        const std::string before = pos.fen();
        const Key keyBefore = pos.key();
        std::string error;
        EXPECT_FALSE(pos.set_fen(c.fen, false, &error)) << c.fen;
        EXPECT_NE(error.find(c.messagePart), std::string::npos)
            << "FEN '" << c.fen << "' gave error '" << error << "', expected it to mention '"
            << c.messagePart << "'";
        EXPECT_EQ(pos.fen(), before) << c.fen;
        EXPECT_EQ(pos.key(), keyBefore) << c.fen;
        // Without an error string the result is the same, and nothing crashes.
        EXPECT_FALSE(pos.set_fen(c.fen, false)) << c.fen;
        EXPECT_EQ(pos.fen(), before) << c.fen;
    }
}

TEST(Fen, AcceptsAFullArmy) {
    Position pos;
    EXPECT_TRUE(pos.set_fen("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", false));
    // Promoted pieces are fine while pawns are missing to account for them.
    EXPECT_TRUE(pos.set_fen("4k3/8/8/8/8/8/PPPPPPP1/RNBQKQNR w - - 0 1", false));
}

TEST(Fen, RejectsGarbageWithoutCrashing) {
    const std::string garbage[] = {
        std::string(1024, 'x'),
        std::string(1024, '/') + " w - - 0 1",
        std::string("4k3/8/8/8/8/8/8/4K3\0 w - - 0 1", 30),
        "\xff\xfe/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "        ",
    };
    for (const auto& fen : garbage) {
        Position pos;
        std::string error;
        EXPECT_FALSE(pos.set_fen(fen, false, &error));
        EXPECT_FALSE(error.empty());
        EXPECT_EQ(pos.fen(), Position::START_FEN);
    }
}
