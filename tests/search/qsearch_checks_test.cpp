// Quiet checks at the first quiescence ply (search/selectivity/qsearch_checks.h):
// the picker's checks stage, the TT depth split, and a back-rank mate that only a
// quiescence check can see at depth 1.
#include "core/movegen.h"
#include "search/movepick.h"
#include "search/params.h"
#include "search_helpers.h"

#include <memory>
#include <set>

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::run_search;

namespace {

// White has just taken the knight on c6; Black to move has Rd1 mate (quiet).
const char* AFTER_QXC6 = "3r2k1/5ppp/2Q5/8/8/8/5PPP/6K1 b - - 0 1";

std::vector<Move> picked(const Position& pos, bool quietChecks) {
    auto histories = std::make_unique<Histories>();
    const MovePicker::Context ctx{histories.get(), &histories->continuation.sentinel(),
                                  &histories->continuation.sentinel()};
    MovePicker picker(pos, Move::none(), ctx, quietChecks);
    std::vector<Move> out;
    for (Move m = picker.next(); m; m = picker.next()) out.push_back(m);
    return out;
}

} // namespace

TEST(QsearchChecks, OnlyAtTheFirstQuiescencePlyAndNotInCheck) {
    const QsearchChecksParams p;
    EXPECT_TRUE(qsearch_checks_at(p, 0, false));
    EXPECT_FALSE(qsearch_checks_at(p, -1, false)); // deeper in quiescence
    EXPECT_FALSE(qsearch_checks_at(p, 0, true));   // in check: evasions instead
    QsearchChecksParams off;
    off.enabled = false;
    EXPECT_FALSE(qsearch_checks_at(off, 0, false));
    // TT depth: a first-ply result (with checks) outranks a deeper one (without).
    EXPECT_GT(qsearch_tt_depth(p, 0), qsearch_tt_depth(p, -1));
    EXPECT_EQ(qsearch_tt_depth(off, 0), qsearch_tt_depth(off, -3));
}

TEST(QsearchChecks, PickerAddsEachQuietCheckOnceAfterTheCaptures) {
    const char* fens[] = {AFTER_QXC6,
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
                          "4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 1"}; // in check: evasions only
    for (const char* fen : fens) {
        Position pos;
        ASSERT_TRUE(pos.set_fen(fen, false)) << fen;
        const std::vector<Move> plain = picked(pos, false);
        const std::vector<Move> withChecks = picked(pos, true);
        // The captures come first, in the same order.
        ASSERT_GE(withChecks.size(), plain.size()) << fen;
        EXPECT_TRUE(std::equal(plain.begin(), plain.end(), withChecks.begin())) << fen;
        // Then exactly the legal quiet checking moves, each once.
        std::set<std::uint16_t> expected, got;
        if (!pos.in_check())
            for (Move m : MoveList(pos))
                if (!is_noisy(pos, m) && pos.gives_check(m)) expected.insert(m.raw());
        for (auto it = withChecks.begin() + plain.size(); it != withChecks.end(); ++it) {
            EXPECT_TRUE(got.insert(it->raw()).second) << fen;
            EXPECT_FALSE(is_noisy(pos, *it)) << fen;
        }
        EXPECT_EQ(got, expected) << fen;
    }
}

TEST(QsearchChecks, PickerFindsTheBackRankCheck) {
    Position pos;
    ASSERT_TRUE(pos.set_fen(AFTER_QXC6, false));
    const std::vector<Move> moves = picked(pos, true);
    EXPECT_NE(std::find(moves.begin(), moves.end(), pos.parse_uci_move("d8d1")), moves.end());
}

// Depth 1: White may grab the knight with Qxc6, but then Rd1 is mate. Only the
// quiescence search's quiet check shows it.
TEST(QsearchChecks, SeesAQuietMateAtTheHorizon) {
    const char* fen = "3r2k1/1Q3ppp/2n5/8/8/8/5PPP/6K1 w - - 0 1";
    Position pos;
    ASSERT_TRUE(pos.set_fen(fen, false));
    const Move grab = pos.parse_uci_move("b7c6");
    const auto on = run_search(fen, depth_limit(1));
    EXPECT_NE(on.result.bestMove, grab);
    EXPECT_GT(on.stats.qsearchChecks, 0u);
    Params off;
    off.qsearchChecks.enabled = false;
    const auto blind = run_search(fen, depth_limit(1), off);
    EXPECT_EQ(blind.result.bestMove, grab);
    EXPECT_EQ(blind.stats.qsearchChecks, 0u);
}

// White's only root move is Kf2; Black, at the first quiescence ply, has no check (king
// and pawn) but wins the knight with exd5. Ra8+ would be a safe quiet check one ply
// deeper, where only captures are searched. With Black to move after exd5, the same
// Ra8+ is at the first quiescence ply and is tried.
TEST(QsearchChecks, NotTriedBelowTheFirstQuiescencePly) {
    Position pos;
    ASSERT_TRUE(pos.set_fen("7k/8/4p3/3N4/8/8/8/R5K1 w - - 0 1", false));
    Limits deeper = depth_limit(1);
    deeper.searchMoves = {pos.parse_uci_move("g1f2")};
    EXPECT_EQ(run_search(pos, deeper).stats.qsearchChecks, 0u);
    ASSERT_TRUE(pos.set_fen("7k/8/8/3p4/8/8/5K2/R7 b - - 0 2", false));
    Limits first = depth_limit(1);
    first.searchMoves = {pos.parse_uci_move("h8g8")};
    EXPECT_GT(run_search(pos, first).stats.qsearchChecks, 0u);
}
