#include "core/movegen.h"
#include "core/perft.h"

#include <gtest/gtest.h>

using namespace flotilla;

namespace {
struct PerftCase {
    const char* fen;
    int depth;
    std::uint64_t nodes;
};

// The six standard positions of the chessprogramming wiki (Perft Results page).
const PerftCase CPW_CASES[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
};
} // namespace

TEST(Perft, StandardPositions) {
    for (const auto& c : CPW_CASES) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(c.fen, false));
        EXPECT_EQ(perft(pos, c.depth), c.nodes) << c.fen;
    }
}

TEST(Perft, ShallowDepths) {
    Position pos;
    EXPECT_EQ(perft(pos, 0), 1u);
    EXPECT_EQ(perft(pos, 1), 20u);
    EXPECT_EQ(perft(pos, 2), 400u);
    EXPECT_EQ(perft(pos, 3), 8902u);
}
