// position startpos|fen ... [moves ...]: happy paths, malformed FENs, bad moves.
#include "protocol_fixture.h"

using namespace flotilla::uci;
using namespace flotilla::uci::testing;

using PositionCommand = ProtocolTest;

namespace {
const char* START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const char* AFTER_D4 = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";
} // namespace

TEST_F(PositionCommand, StartposWithMoves) {
    EXPECT_TRUE(send("position startpos moves e2e4 e7e5").empty());
    // En passant is written only when a capture is possible (none here).
    EXPECT_EQ(fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(engine.position().history_length(), 2);
}

TEST_F(PositionCommand, FenWithAndWithoutMoves) {
    EXPECT_TRUE(send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 5 40").empty());
    EXPECT_EQ(fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 5 40");
    EXPECT_TRUE(send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 5 40 moves e2e4 e8d7").empty());
    EXPECT_EQ(fen(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 41");
    // Four fields: the counters default to 0 and 1.
    EXPECT_TRUE(send("position fen 4k3/8/8/8/8/8/4P3/4K3 b - -").empty());
    EXPECT_EQ(fen(), "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
}

TEST_F(PositionCommand, PromotionAndEnPassantMoves) {
    EXPECT_TRUE(send("position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8n").empty());
    EXPECT_EQ(fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_TRUE(send("position startpos moves e2e4 a7a6 e4e5 d7d5 e5d6").empty());
    EXPECT_EQ(fen(), "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

// Each malformed FEN: one error line naming the problem; the previous position stays.
TEST_F(PositionCommand, MalformedFensGiveOneErrorAndKeepThePosition) {
    struct Case {
        std::string fen;
        std::string expected; // part of the message
    };
    const std::string rest = " w KQkq - 0 1";
    const std::vector<Case> cases = {
        {"8/8/8/8/8/8/8/8 w", "FEN has 2 fields"},
        {std::string(START) + rest + " 7", "FEN has 7 fields"},
        {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "bad piece letter 'x'"},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "rank 7 has 7 files"},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "rank 7 has more than 8 files"},
        {"rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "rank 6 has more than 8 files"},
        {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "fewer than 8 ranks"},
        {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "more than 8 ranks"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "no black king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "no white king"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "more than one white king"},
        {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "side not to move is in check"},
        {"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on rank 1 or 8"},
        {"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on rank 1 or 8"},
        {std::string(START) + " x KQkq - 0 1", "side to move 'x'"},
        {std::string(START) + " w KQkx - 0 1", "castling field has a bad character 'x'"},
        {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no rook to castle with"},
        {std::string(START) + " w KQkqK - 0 1", "castling field 'KQkqK' is too long"},
        {std::string(START) + " w KQkq e9 0 1", "en-passant field 'e9' is not a square"},
        {std::string(START) + " w KQkq e6 0 1", "does not follow a double pawn push"},
        {std::string(START) + " w KQkq - x 1", "halfmove clock 'x' is not a number"},
        {std::string(START) + " w KQkq - -3 1", "halfmove clock '-3' is not a number"},
        {std::string(START) + " w KQkq - 0 y", "fullmove number 'y' is not a number"},
    };
    send("position startpos moves d2d4");
    ASSERT_EQ(fen(), AFTER_D4);
    for (const auto& c : cases) {
        const auto error = send_expecting_error("position fen " + c.fen);
        EXPECT_TRUE(contains(error, c.expected)) << c.fen << " -> " << error;
        EXPECT_EQ(fen(), AFTER_D4) << c.fen;
        // With moves after a bad FEN: the same single error.
        const auto again = send_expecting_error("position fen " + c.fen + " moves e2e4");
        EXPECT_EQ(again, error);
    }
    EXPECT_EQ(engine.position().history_length(), 1);
}

TEST_F(PositionCommand, MissingOrMisplacedParts) {
    send("position startpos moves d2d4");
    for (const char* line : {"position", "position fen", "position fen moves e2e4",
                             "position startpos e2e4", "position foo", "position moves e2e4"}) {
        send_expecting_error(line);
        EXPECT_EQ(fen(), AFTER_D4) << line;
    }
    // `moves` with nothing after it is an empty list.
    EXPECT_TRUE(send("position startpos moves").empty());
    EXPECT_EQ(fen(), std::string(START) + " w KQkq - 0 1");
}

TEST_F(PositionCommand, IllegalMoveIsNamedAndNothingIsApplied) {
    send("position startpos moves d2d4");
    const auto error = send_expecting_error("position startpos moves e2e4 e7e5 e1e3 g8f6");
    EXPECT_TRUE(contains(error, "illegal move 'e1e3'")) << error;
    EXPECT_TRUE(contains(error, "move 3")) << error;
    EXPECT_EQ(fen(), AFTER_D4); // not half-applied
    EXPECT_EQ(engine.position().history_length(), 1);
}

TEST_F(PositionCommand, UnparsableMovesAreNamed) {
    send("position startpos moves d2d4");
    for (const char* bad : {"xyz", "e2e4e", "e7e8k", "i2i4", "e2", "e2e4qq", "0000", "E2E4"}) {
        const auto error = send_expecting_error(std::string("position startpos moves e2e4 ") + bad);
        EXPECT_TRUE(contains(error, std::string("'") + bad + "'")) << error;
        EXPECT_EQ(fen(), AFTER_D4) << bad;
    }
    // Well-formed but not legal here: a promotion of a pawn that is not on the 7th rank.
    const auto error = send_expecting_error("position startpos moves e2e4q");
    EXPECT_TRUE(contains(error, "illegal move 'e2e4q'")) << error;
}

TEST_F(PositionCommand, StandardCastlingNotation) {
    EXPECT_TRUE(send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8").empty());
    EXPECT_EQ(fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

TEST_F(PositionCommand, Chess960KingTakesRookNotation) {
    EXPECT_TRUE(send("setoption name UCI_Chess960 value true").empty());
    // King b1, rooks a1 and h1: O-O is b1h1 (king to g1, rook to f1).
    EXPECT_TRUE(send("position fen rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1 moves b1h1").empty());
    EXPECT_EQ(fen(), "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // Black castles long: king b8 takes rook a8, ending on c8 with the rook on d8.
    EXPECT_TRUE(send("position fen rk5r/8/8/8/8/8/8/RK5R b KQkq - 0 1 moves b8a8").empty());
    EXPECT_EQ(fen(), "2kr3r/8/8/8/8/8/8/RK5R w KQ - 1 2");
}

TEST_F(PositionCommand, Chess960ModeChangesTheFenParsingMode) {
    EXPECT_FALSE(engine.position().is_chess960());
    send("setoption name UCI_Chess960 value true");
    EXPECT_TRUE(engine.position().is_chess960());
    // Shredder-FEN castling field (rook files) of a Chess960 start position.
    EXPECT_TRUE(
        send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
            .empty());
    EXPECT_TRUE(engine.position().is_chess960());
    send("setoption name UCI_Chess960 value false");
    send("position startpos");
    EXPECT_FALSE(engine.position().is_chess960());
}

TEST_F(PositionCommand, LongGamesKeepTheirWholeHistory) {
    // 2000 plies of knights going out and back: longer than the state stack's first
    // reservation, and still far below the line limit.
    std::string line = "position startpos moves";
    for (int i = 0; i < 500; ++i) line += " g1f3 g8f6 f3g1 f6g8";
    EXPECT_TRUE(send(line).empty());
    EXPECT_EQ(fen(), std::string(START) + " w KQkq - 2000 1001");
    EXPECT_EQ(engine.position().history_length(), 2000);
    EXPECT_TRUE(engine.position().is_repetition());
}
