// Static exchange evaluation: hand-checked positions, plus every line of the
// shared SEE suite (extended label).
#include "core/movegen.h"
#include "core/san.h"
#include "core/see.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace flotilla;

namespace {

struct SeeCase {
    const char* fen;
    const char* san;
    Value expected;
};

// Worked out by hand: P=100, N=B=300, R=500, Q=900.
const SeeCase HAND_CASES[] = {
    // Undefended pawn (chessprogramming wiki SEE example 1).
    {"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "Rxe5", 100},
    // Pawn takes a knight defended by a pawn: N - P.
    {"4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "dxe5", 200},
    // Queen takes a defended pawn: P - Q.
    {"4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1", "Qxe5", -800},
    // Rook takes a pawn defended by a rook, with no rook behind: P - R.
    {"4r1k1/8/8/4p3/8/8/4R3/6K1 w - - 0 1", "Rxe5", -400},
    // Same with a second rook behind the first (x-ray): P - R + R.
    {"4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "Rxe5", 100},
    // En passant wins a pawn.
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", 100},
    // The king may not recapture while the rook still guards d5.
    {"8/8/4k3/3p4/8/2N5/8/3RK3 w - - 0 1", "Nxd5", 100},
    // Without the rook the king recaptures: P - N.
    {"8/8/4k3/3p4/8/2N5/8/4K3 w - - 0 1", "Nxd5", -200},
    // Quiet move to an attacked square loses the piece.
    {"4k3/8/3p4/8/8/8/8/2B1K3 w - - 0 1", "Be3", 0},
    {"4k3/8/3p4/8/8/8/8/4K1N1 w - - 0 1", "Nf3", 0},
    {"4k3/8/8/3p4/8/8/8/4K1N1 w - - 0 1", "Nf3", 0},
    {"4k3/8/8/3p4/8/8/8/2N1K3 w - - 0 1", "Nb3", 0},
    {"4k3/8/3p4/8/8/8/8/4K1N1 w - - 0 1", "Nh3", 0},
    {"4k3/8/8/3p4/8/5N2/8/4K3 w - - 0 1", "Ne5", 0},
    {"4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1", "Ne5", -300},
    // Promotion: undefended queening square gains Q - P; defended, the queen is lost.
    {"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=Q", 800},
    {"k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=Q", -100},
    // Capture-promotion of a rook: R + Q - P.
    {"k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8=Q", 1300},
    // Castling never changes material.
    {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", 0},
    // The f6 pawn is pinned by the queen on h4 and cannot recapture: B - B + P.
    {"4k3/8/3p1p2/4b3/5B1Q/8/4R3/6K1 w - - 0 1", "Bxe5", 0},
    {"8/4k3/3p1p2/4b3/5B1Q/8/4R3/6K1 w - - 0 1", "Bxe5", 100},
    // Black to move: the view is the side to move's.
    {"4k3/8/8/4p3/3P4/8/8/4K3 b - - 0 1", "exd4", 100},
};

} // namespace

TEST(See, HandCheckedPositions) {
    for (const auto& c : HAND_CASES) {
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(c.fen, false, &error)) << c.fen << ": " << error;
        const Move m = parse_san(pos, c.san);
        ASSERT_TRUE(m) << c.fen << " " << c.san;
        EXPECT_EQ(see_value(pos, m), c.expected) << c.fen << " " << c.san;
        EXPECT_TRUE(see_ge(pos, m, c.expected)) << c.fen << " " << c.san;
        EXPECT_FALSE(see_ge(pos, m, c.expected + 1)) << c.fen << " " << c.san;
    }
}

// see_ge's shortcuts answer exactly as the full exchange would: every legal move of the
// positions along random games (captures, promotions, en passant, pins, quiets), against
// thresholds around every difference of piece values.
TEST(See, ThresholdAgreesWithTheFullExchange) {
    const char* starts[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "r1bq1rk1/pp2nppp/2n1p3/3pP3/1b1P4/2NB1N2/PP3PPP/R1BQK2R w KQ - 0 9",
        "2r3k1/1P3ppp/8/8/8/8/1p3PPP/2R3K1 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    };
    std::vector<Value> thresholds;
    for (Value t = -1800; t <= 1800; t += 100)
        thresholds.insert(thresholds.end(), {t - 1, t, t + 1});
    std::uint64_t rng = 12345;
    int checked = 0;
    for (const char* fen : starts) {
        for (int game = 0; game < 6; ++game) {
            Position pos;
            ASSERT_TRUE(pos.set_fen(fen, false));
            for (int ply = 0; ply < 60; ++ply) {
                const MoveList moves(pos);
                if (moves.size() == 0 || pos.is_fifty_move_draw()) break;
                for (Move m : moves) {
                    const Value exact = see_value(pos, m);
                    for (Value t : thresholds) {
                        ASSERT_EQ(see_ge(pos, m, t), exact >= t)
                            << pos.fen() << " " << pos.move_to_uci(m) << " threshold " << t;
                        ++checked;
                    }
                }
                rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                pos.make_move(*(moves.begin() + (rng >> 33) % moves.size()));
            }
        }
    }
    EXPECT_GT(checked, 1000000);
}

TEST(San, ParsesAndRejects) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(Position::START_FEN, false));
    EXPECT_EQ(pos.move_to_uci(parse_san(pos, "e4")), "e2e4");
    EXPECT_EQ(pos.move_to_uci(parse_san(pos, "Nf3")), "g1f3");
    EXPECT_EQ(pos.move_to_uci(parse_san(pos, "Ngf3+")), "g1f3");
    EXPECT_FALSE(parse_san(pos, "e5"));   // not legal
    EXPECT_FALSE(parse_san(pos, "Nd2"));  // blocked
    EXPECT_FALSE(parse_san(pos, "O-O"));  // not yet possible
    EXPECT_FALSE(parse_san(pos, ""));     // empty
    EXPECT_FALSE(parse_san(pos, "Zz9"));  // nonsense
    EXPECT_FALSE(parse_san(pos, "e8=K")); // nonsense promotion

    // Two knights can reach d2: the bare move is ambiguous, disambiguated ones are not.
    ASSERT_TRUE(pos.set_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", false));
    EXPECT_FALSE(parse_san(pos, "Nd2"));
    EXPECT_EQ(pos.move_to_uci(parse_san(pos, "Nbd2")), "b1d2");
    EXPECT_EQ(pos.move_to_uci(parse_san(pos, "Nfd2")), "f3d2");

    // Promotions need the piece; castling long.
    ASSERT_TRUE(pos.set_fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", false));
    EXPECT_EQ(pos.move_to_uci(parse_san(pos, "O-O-O")), "e8c8");
    ASSERT_TRUE(pos.set_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", false));
    EXPECT_FALSE(parse_san(pos, "bxa8"));
    EXPECT_EQ(pos.move_to_uci(parse_san(pos, "bxa8=N")), "b7a8n");
    EXPECT_EQ(pos.move_to_uci(parse_san(pos, "b8Q")), "b7b8q");
}

// Every line of ../shared/data/see.epd: `FEN; SAN move; expected gain; comment`.
TEST(ExtendedSee, SharedSuite) {
    const std::filesystem::path file = std::filesystem::path(FLOTILLA_SHARED_DATA) / "see.epd";
    if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " not found";
    std::ifstream in(file);
    std::string line;
    int checked = 0;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::stringstream fields(line);
        std::string fen, san, expected;
        std::getline(fields, fen, ';');
        std::getline(fields, san, ';');
        std::getline(fields, expected, ';');
        san.erase(0, san.find_first_not_of(" \t"));
        san.erase(san.find_last_not_of(" \t\r") + 1);
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set_fen(fen, false, &error)) << line << ": " << error;
        // One line writes an ambiguous "Nxd1" (two knights can take): both must agree.
        const std::vector<Move> moves = san_candidates(pos, san);
        ASSERT_FALSE(moves.empty()) << line;
        const Value gain = std::stoi(expected);
        for (Move m : moves) {
            EXPECT_EQ(see_value(pos, m), gain) << line;
            EXPECT_TRUE(see_ge(pos, m, gain)) << line;
            EXPECT_FALSE(see_ge(pos, m, gain + 1)) << line;
        }
        ++checked;
    }
    EXPECT_EQ(checked, 74);
}
