// `go` with a real search: info lines, bestmove, stop, ponderhit, refusals while
// searching, and `bench`.
#include "protocol_fixture.h"

#include "core/movegen.h"

#include <chrono>
#include <thread>

using namespace flotilla;
using namespace flotilla::uci::testing;

namespace {

class SearchCommand : public ProtocolTest {
  protected:
    // The lines printed since the last send, once the search has finished.
    std::vector<std::string> finish() {
        engine.wait_search();
        std::vector<std::string> lines;
        std::istringstream in(captured.str());
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        return lines;
    }
    static int count_prefix(const std::vector<std::string>& lines, std::string_view prefix) {
        int n = 0;
        for (const auto& l : lines) n += l.rfind(prefix, 0) == 0;
        return n;
    }
};

} // namespace

TEST_F(SearchCommand, FixedDepthPrintsEveryIterationAndOneLegalBestMove) {
    send("go depth 4");
    const auto lines = finish();
    for (int d = 1; d <= 4; ++d)
        EXPECT_EQ(count_prefix(lines, "info depth " + std::to_string(d) + " "), 1) << d;
    ASSERT_EQ(count_prefix(lines, "bestmove "), 1);
    const std::string& last = lines.back();
    ASSERT_EQ(last.rfind("bestmove ", 0), 0u) << last;
    const std::string move = last.substr(9, last.find(' ', 9) - 9);
    EXPECT_NE(engine.position().parse_uci_move(move), Move::none()) << move;
    EXPECT_TRUE(contains(lines[0], " pv ")) << lines[0];
}

TEST_F(SearchCommand, MateInOneIsReportedAsMate) {
    send("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    send("go depth 3");
    const auto lines = finish();
    EXPECT_TRUE(contains(captured.str(), "score mate 1 ")) << captured.str();
    // Several moves mate here (Qf8, Qe8, Qg7): the best move must be one of them.
    const std::string& last = lines.back();
    Position after = engine.position();
    const Move best = after.parse_uci_move(last.substr(9));
    ASSERT_NE(best, Move::none()) << last;
    after.make_move(best);
    EXPECT_TRUE(after.in_check() && MoveList(after).size() == 0) << last;
}

TEST_F(SearchCommand, NoLegalMoveGivesNullBestMove) {
    send("position fen 7k/5Q2/5K2/8/8/8/8/8 b - - 0 1"); // stalemate
    send("go depth 3");
    EXPECT_EQ(finish().back(), "bestmove 0000");
}

TEST_F(SearchCommand, InfiniteWaitsForStop) {
    send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_TRUE(engine.searching());
    send("stop");
    const auto lines = finish();
    EXPECT_FALSE(engine.searching());
    EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
}

TEST_F(SearchCommand, PonderhitStartsTheClock) {
    send("go ponder wtime 200 btime 200");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_TRUE(engine.searching()); // pondering ignores the clock
    send("ponderhit");
    const auto lines = finish();
    EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
}

TEST_F(SearchCommand, StateCannotChangeWhileSearching) {
    send("go infinite");
    const std::string before = fen();
    EXPECT_TRUE(contains(send_expecting_error("setoption name Hash value 32"), "while searching"));
    EXPECT_TRUE(contains(send_expecting_error("position startpos moves e2e4"), "while searching"));
    EXPECT_TRUE(contains(send_expecting_error("go depth 3"), "already running"));
    EXPECT_EQ(fen(), before);
    EXPECT_EQ(engine.hash_mb(), uci::Engine::DEFAULT_HASH_MB);
    send("stop");
    finish();
}

TEST_F(SearchCommand, UciNewGameStopsAndClears) {
    send("go infinite");
    send("ucinewgame");
    EXPECT_FALSE(engine.searching());
    EXPECT_EQ(engine.transposition_table().hashfull(), 0);
}

TEST_F(SearchCommand, BenchPrintsTheSignatureAndRejectsBadDepths) {
    const auto lines = send("bench 2");
    EXPECT_TRUE(contains(captured.str(), "Nodes searched  : ")) << captured.str();
    EXPECT_TRUE(contains(captured.str(), "Total time (ms) : "));
    EXPECT_TRUE(contains(captured.str(), "Nodes/second    : "));
    EXPECT_TRUE(contains(send_expecting_error("bench 0"), "bench depth"));
    EXPECT_TRUE(contains(send_expecting_error("bench x"), "bench depth"));
}

TEST_F(SearchCommand, PonderThenStopGivesOneLegalBestMove) {
    send("go ponder wtime 100000 btime 100000");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_TRUE(engine.searching());
    send("stop");
    const auto lines = finish();
    ASSERT_EQ(count_prefix(lines, "bestmove "), 1);
    const std::string& last = lines.back();
    const std::string move = last.substr(9, last.find(' ', 9) - 9);
    EXPECT_NE(engine.position().parse_uci_move(move), Move::none()) << last;
}

TEST_F(SearchCommand, PonderHoldsTheBestMoveUntilPonderhit) {
    // The depth limit ends the search at once, but a pondering engine may not
    // answer before the GUI says ponderhit (or stop).
    send("go ponder depth 2");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_TRUE(engine.searching());
    EXPECT_FALSE(contains(captured.str(), "bestmove"));
    send("ponderhit");
    const auto lines = finish();
    EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
}

TEST_F(SearchCommand, GoMateStopsWithTheMate) {
    send("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    send("go mate 1");
    const auto lines = finish();
    EXPECT_TRUE(contains(captured.str(), "score mate 1 ")) << captured.str();
    EXPECT_EQ(count_prefix(lines, "bestmove "), 1);
}
