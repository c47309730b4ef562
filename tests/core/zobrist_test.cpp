// Incremental hash keys: equal to a full recomputation after every make, predicted
// exactly by key_after before it, and restored exactly (with the whole FEN) after
// every unmake.
#include "core/movegen.h"
#include "core/position.h"
#include "test_positions.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace flotilla;

namespace {

struct Counts {
    std::uint64_t moves = 0;
    std::uint64_t keyMismatches = 0;
    std::uint64_t restoreMismatches = 0;
    std::uint64_t predictionMismatches = 0;
};

void check_keys(Position& pos, int depth, Counts& counts) {
    if (depth == 0) return;
    const std::string fenBefore = pos.fen();
    const Key keyBefore = pos.key();
    const MoveList moves(pos);
    for (Move m : moves) {
        ++counts.moves;
        const Key predicted = pos.key_after(m);
        pos.make_move(m);
        if (predicted != pos.key()) {
            ++counts.predictionMismatches;
            ADD_FAILURE() << "key_after differs from the key after " << fenBefore << " + "
                          << pos.move_to_uci(m);
        }
        if (pos.key() != pos.compute_key()) {
            ++counts.keyMismatches;
            ADD_FAILURE() << "key differs from compute_key() after " << fenBefore << " + "
                          << pos.move_to_uci(m);
        }
        check_keys(pos, depth - 1, counts);
        pos.unmake_move(m);
        if (pos.key() != keyBefore || pos.fen() != fenBefore) {
            ++counts.restoreMismatches;
            ADD_FAILURE() << "unmake of " << pos.move_to_uci(m) << " gave " << pos.fen()
                          << ", expected " << fenBefore;
        }
    }
}

struct WalkCase {
    const char* fen;
    bool chess960;
    int depth;
};

const WalkCase WALKS[] = {
    {Position::START_FEN, false, 4},  {test::KIWIPETE, false, 3},
    {test::CPW_POSITION_3, false, 4}, {test::CPW_POSITION_4, false, 3},
    {test::CPW_POSITION_5, false, 3}, {test::PROMOTIONS, false, 4},
    {test::EN_PASSANT, false, 3},     {test::EN_PASSANT_PINNED, false, 4},
    {test::CHESS960, true, 3},        {"r1r1k2r/8/8/8/8/8/8/RK5R w KQkc - 0 1", true, 3},
};

void play(Position& pos, const char* uci) {
    const Move m = pos.parse_uci_move(uci);
    ASSERT_TRUE(m) << uci << " is not legal in " << pos.fen();
    pos.make_move(m);
}

} // namespace

TEST(Zobrist, IncrementalKeyMatchesRecomputationOverPerftWalks) {
    for (const auto& c : WALKS) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(c.fen, c.chess960));
        EXPECT_EQ(pos.key(), pos.compute_key()) << c.fen;
        Counts counts;
        check_keys(pos, c.depth, counts);
        EXPECT_GT(counts.moves, 0u);
        EXPECT_EQ(counts.keyMismatches, 0u) << c.fen;
        EXPECT_EQ(counts.restoreMismatches, 0u) << c.fen;
        EXPECT_EQ(counts.predictionMismatches, 0u) << c.fen;
        EXPECT_EQ(pos.fen(), c.fen);
    }
}

TEST(Zobrist, NullMoveFlipsSideAndClearsEnPassant) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(test::EN_PASSANT, false));
    const Key before = pos.key();
    const Key predicted = pos.key_after_null();
    pos.make_null_move();
    EXPECT_EQ(pos.key(), predicted);
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.ep_square(), SQ_NONE);
    EXPECT_EQ(pos.key(), pos.compute_key());
    EXPECT_NE(pos.key(), before);
    pos.unmake_null_move();
    EXPECT_EQ(pos.key(), before);
    EXPECT_EQ(pos.fen(), test::EN_PASSANT);
}

TEST(Zobrist, KeyDependsOnEveryStateField) {
    // Positions differing in one field only must hash differently.
    const char* fens[] = {
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",  "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1",  "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
    };
    std::vector<Key> keys;
    for (const char* fen : fens) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false));
        for (Key k : keys) EXPECT_NE(pos.key(), k) << fen;
        keys.push_back(pos.key());
    }
    Position withEp, withoutEp;
    ASSERT_TRUE(withEp.set_fen(test::EN_PASSANT, false));
    ASSERT_TRUE(
        withoutEp.set_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", false));
    EXPECT_NE(withEp.key(), withoutEp.key());
}

// The same position reached by different move orders has the same key.
TEST(Zobrist, TranspositionsShareAKey) {
    Position a, b;
    for (const char* uci : {"g1f3", "g8f6", "b1c3", "b8c6"}) ASSERT_NO_FATAL_FAILURE(play(a, uci));
    for (const char* uci : {"b1c3", "b8c6", "g1f3", "g8f6"}) ASSERT_NO_FATAL_FAILURE(play(b, uci));
    EXPECT_EQ(a.fen(), b.fen());
    EXPECT_EQ(a.key(), b.key());
    // A double push no pawn can capture leaves no en-passant key behind.
    Position c, d;
    for (const char* uci : {"e2e4", "e7e5"}) ASSERT_NO_FATAL_FAILURE(play(c, uci));
    ASSERT_TRUE(d.set_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false));
    EXPECT_EQ(c.key(), d.key());
}
