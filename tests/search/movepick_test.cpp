// The staged move picker returns every legal move exactly once, whatever TT move,
// killers and countermove it is given (legal, illegal, or random 16-bit values).
#include "search/movepick.h"

#include "core/movegen.h"
#include "core/see.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>

using namespace flotilla;
using namespace flotilla::search;

namespace {

const char* START_FENS[] = {
    Position::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
};

// Positions from random games starting at the FENs above (fixed seed).
std::vector<Position> sample_positions() {
    std::vector<Position> out;
    std::mt19937 rng(12345);
    for (const char* fen : START_FENS) {
        for (int game = 0; game < 8; ++game) {
            Position pos;
            EXPECT_TRUE(pos.set_fen(fen, false));
            for (int ply = 0; ply < 40; ++ply) {
                const MoveList legal(pos);
                if (legal.size() == 0) break;
                out.push_back(pos);
                pos.make_move(*(legal.begin() + rng() % legal.size()));
            }
        }
    }
    return out;
}

std::multiset<std::uint16_t> raw_set(const Move* first, const Move* last) {
    std::multiset<std::uint16_t> s;
    for (const Move* m = first; m != last; ++m) s.insert(m->raw());
    return s;
}

} // namespace

TEST(MovePicker, EveryLegalMoveExactlyOnce) {
    auto histories = std::make_unique<Histories>();
    // Some history so that scoring is not all zeros.
    std::mt19937 rng(99);
    for (auto& side : histories->butterfly.table)
        for (auto& e : side) e = std::int16_t(int(rng() % 2001) - 1000);
    PieceToHistory& cont = histories->continuation.sentinel();
    const MovePicker::Context ctx{histories.get(), &cont, &cont};

    const auto positions = sample_positions();
    ASSERT_GT(positions.size(), 1000u);
    int inCheckPositions = 0;
    for (const Position& pos : positions) {
        const MoveList legal(pos);
        const auto expected = raw_set(legal.begin(), legal.end());
        const auto noisy = MoveList::of<NOISY>(pos);
        inCheckPositions += pos.in_check();

        // Candidate special moves: none, each kind of legal move, and bogus values.
        std::vector<Move> candidates = {Move::none(), Move::null(), Move(std::uint16_t(rng())),
                                        Move(std::uint16_t(rng())), Move(0xFFFF)};
        for (int i = 0; i < 3 && legal.size(); ++i)
            candidates.push_back(*(legal.begin() + rng() % legal.size()));
        if (noisy.size()) candidates.push_back(*noisy.begin());

        for (Move tt : candidates)
            for (int trial = 0; trial < 4; ++trial) {
                const Move k1 = candidates[rng() % candidates.size()];
                const Move k2 = candidates[rng() % candidates.size()];
                const Move cm = candidates[rng() % candidates.size()];
                MovePicker picker(pos, tt, ctx, k1, k2, cm);
                std::vector<Move> got;
                for (Move m = picker.next(); m; m = picker.next()) got.push_back(m);
                ASSERT_EQ(raw_set(got.data(), got.data() + got.size()), expected) << pos.fen();
                // A usable TT move comes first.
                if (legal.contains(tt)) {
                    EXPECT_EQ(got.front(), tt) << pos.fen();
                }

                // Quiescence: the noisy moves (all legal moves in check), each once.
                MovePicker qpicker(pos, tt, ctx);
                std::vector<Move> qgot;
                for (Move m = qpicker.next(); m; m = qpicker.next()) qgot.push_back(m);
                const auto qexpected =
                    pos.in_check() ? expected : raw_set(noisy.begin(), noisy.end());
                ASSERT_EQ(raw_set(qgot.data(), qgot.data() + qgot.size()), qexpected) << pos.fen();
            }
    }
    EXPECT_GT(inCheckPositions, 10);
}

TEST(MovePicker, StageOrder) {
    // White: Qd1 can take the defended pawn d5 (losing), Nc3xd5 wins it? d5 is
    // defended by e6, so NxP loses too; exd5 wins a pawn (good capture).
    Position pos;
    ASSERT_TRUE(pos.set_fen("4k3/8/4p3/3p4/4P3/2N5/8/3QK3 w - - 0 1", false));
    auto histories = std::make_unique<Histories>();
    PieceToHistory& cont = histories->continuation.sentinel();
    const MovePicker::Context ctx{histories.get(), &cont, &cont};
    const Move killer = pos.parse_uci_move("c3b5");
    const Move tt = pos.parse_uci_move("e1f2");
    MovePicker picker(pos, tt, ctx, killer, Move::none(), Move::none());
    std::vector<Move> got;
    for (Move m = picker.next(); m; m = picker.next()) got.push_back(m);
    ASSERT_GE(got.size(), 5u);
    EXPECT_EQ(pos.move_to_uci(got[0]), "e1f2"); // TT move
    EXPECT_EQ(pos.move_to_uci(got[1]), "e4d5"); // the only good capture
    EXPECT_EQ(pos.move_to_uci(got[2]), "c3b5"); // killer
    // Losing captures come last, the less valuable victim-attacker order kept.
    EXPECT_EQ(pos.move_to_uci(got[got.size() - 2]), "c3d5");
    EXPECT_EQ(pos.move_to_uci(got.back()), "d1d5");
    EXPECT_FALSE(see_ge(pos, got.back(), 0));
}
