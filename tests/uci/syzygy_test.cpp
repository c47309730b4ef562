// Syzygy tablebases through the UCI options. The core tests need no tables (a bad path,
// a file that is not a table); the Extended ones play with ../shared/data/syzygy (every
// 3- and 4-piece table) and are skipped without it.
#include "core/movegen.h"
#include "protocol_fixture.h"
#include "search/syzygy.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace flotilla::uci::testing {
namespace {

const std::filesystem::path TABLES = std::filesystem::path(FLOTILLA_SHARED_DATA) / "syzygy";

class SyzygyTest : public ProtocolTest {
  protected:
    void TearDown() override {
        send("setoption name SyzygyPath value <empty>"); // Fathom's tables are process-wide
        if (!tempDir.empty()) std::filesystem::remove_all(tempDir);
    }
    void require_tables() {
        if (!std::filesystem::exists(TABLES / "KQvKR.rtbw"))
            GTEST_SKIP() << "no Syzygy tables in " << TABLES;
        const auto lines = send("setoption name SyzygyPath value " + TABLES.string());
        ASSERT_EQ(lines.size(), 1u);
        ASSERT_TRUE(contains(lines[0], "up to 4 pieces")) << lines[0];
    }
    std::filesystem::path make_temp_dir() {
        tempDir = std::filesystem::temp_directory_path() /
                  ("flotilla_syzygy_" + std::to_string(::getpid()));
        std::filesystem::create_directories(tempDir);
        return tempDir;
    }
    // Everything a `go` printed, once its best move is out.
    std::vector<std::string> think(const std::string& fen, const std::string& go) {
        EXPECT_TRUE(send("position fen " + fen).empty()) << fen;
        send(go);
        engine.wait_search();
        std::string text;
        out.with_lock([&] { text = captured.str(); });
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        return lines;
    }
    static std::string last_info(const std::vector<std::string>& lines) {
        std::string last;
        for (const auto& l : lines)
            if (l.starts_with("info depth")) last = l;
        return last;
    }
    static long long field(const std::string& info, const std::string& name) {
        const auto at = info.find(" " + name + " ");
        if (at == std::string::npos) return -1;
        return std::stoll(info.substr(at + name.size() + 2));
    }
    static Move best_move(const std::vector<std::string>& lines, const Position& pos) {
        for (const auto& l : lines)
            if (l.starts_with("bestmove "))
                return pos.parse_uci_move(l.substr(9, l.find(' ', 9) - 9));
        return Move::none();
    }
    std::filesystem::path tempDir;
};

TEST_F(SyzygyTest, OptionsAreListedWithStockfishsNamesAndDefaults) {
    const auto lines = send("uci");
    const auto has = [&](const std::string& line) {
        return std::find(lines.begin(), lines.end(), line) != lines.end();
    };
    EXPECT_TRUE(has("option name SyzygyPath type string default <empty>"));
    EXPECT_TRUE(has("option name SyzygyProbeDepth type spin default 1 min 1 max 100"));
    EXPECT_TRUE(has("option name Syzygy50MoveRule type check default true"));
    EXPECT_TRUE(has("option name SyzygyProbeLimit type spin default 7 min 0 max 7"));
}

TEST_F(SyzygyTest, APathWithoutTablesGivesOneErrorAndTheEnginePlaysOn) {
    const std::string missing = "/nonexistent/flotilla/syzygy";
    const std::string error = send_expecting_error("setoption name SyzygyPath value " + missing);
    EXPECT_TRUE(contains(error, "no Syzygy tables found")) << error;
    EXPECT_TRUE(contains(error, "cannot read")) << error;
    EXPECT_EQ(engine.options().find("SyzygyPath")->as_string(), "<empty>");
    EXPECT_EQ(search::syzygy::largest(), 0);
    const auto lines = think("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", "go depth 4");
    EXPECT_TRUE(best_move(lines, engine.position())) << last_info(lines);
    EXPECT_EQ(field(last_info(lines), "tbhits"), 0);
}

// Fathom read past its buffer on empty path elements (fuzz_uci found it under ASan);
// they are dropped before Fathom sees the path.
TEST_F(SyzygyTest, EmptyPathElementsAreSkipped) {
    for (const char* path : {"::::", "a::b:", ":/nonexistent/flotilla/syzygy:"}) {
        const std::string error =
            send_expecting_error(std::string("setoption name SyzygyPath value ") + path);
        EXPECT_TRUE(contains(error, "no Syzygy tables found")) << error;
        EXPECT_EQ(search::syzygy::largest(), 0) << path;
    }
}

TEST_F(SyzygyTest, AFileThatIsNotATableIsReportedAndNotCounted) {
    const auto dir = make_temp_dir();
    std::ofstream(dir / "KQvK.rtbw") << "not a table";
    const std::string error =
        send_expecting_error("setoption name SyzygyPath value " + dir.string());
    EXPECT_TRUE(contains(error, "not Syzygy tables: 'KQvK.rtbw'")) << error;
    EXPECT_EQ(search::syzygy::largest(), 0);
}

TEST_F(SyzygyTest, ExtendedTablesLoadAndABadPathKeepsThem) {
    require_tables();
    EXPECT_EQ(search::syzygy::largest(), 4);
    const std::string error = send_expecting_error("setoption name SyzygyPath value /nonexistent");
    EXPECT_TRUE(contains(error, "keeping the previous tables")) << error;
    EXPECT_EQ(search::syzygy::largest(), 4);
    EXPECT_EQ(engine.options().find("SyzygyPath")->as_string(), TABLES.string());
    // A readable directory next to an unreadable one: the tables load, the other is named.
    const auto lines = send("setoption name SyzygyPath value " + TABLES.string() + ":/nonexistent");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_TRUE(contains(lines[0], "cannot read '/nonexistent'")) << lines[0];
    EXPECT_EQ(search::syzygy::largest(), 4);
}

TEST_F(SyzygyTest, ExtendedWonQueenAgainstRookIsPlayedAsAWin) {
    require_tables();
    const std::string fen = "3k4/8/8/8/8/8/r7/4K2Q w - - 0 1";
    const auto lines = think(fen, "go depth 8");
    const std::string info = last_info(lines);
    EXPECT_TRUE(contains(info, "score mate ") ||
                field(info, "score cp") >= search::syzygy::rank_to_score(1000, 900))
        << info;
    EXPECT_GT(field(info, "tbhits"), 0) << info;
    // The move played keeps the win: its rank is a win's.
    const Move played = best_move(lines, engine.position());
    const auto ranking = search::syzygy::rank_root_moves(engine.position(), true, false);
    ASSERT_TRUE(ranking);
    const auto it = std::find_if(ranking->moves.begin(), ranking->moves.end(),
                                 [&](const auto& r) { return r.move == played; });
    ASSERT_NE(it, ranking->moves.end());
    EXPECT_GE(it->rank, ranking->winBound);
    // The tables know that some moves throw the win away (the rook takes the queen).
    EXPECT_TRUE(std::any_of(ranking->moves.begin(), ranking->moves.end(),
                            [&](const auto& r) { return r.rank < ranking->winBound; }));
}

TEST_F(SyzygyTest, ExtendedDrawnRookAgainstBishopScoresADraw) {
    // The evaluation sees a rook up (about +100 here); the tables know it is a draw.
    const std::string fen = "8/8/4k3/8/3b4/8/8/4K2R w - - 0 1";
    const std::string guess = last_info(think(fen, "go depth 10"));
    EXPECT_GT(field(guess, "score cp"), 50) << guess;
    require_tables();
    send("ucinewgame");
    const std::string info = last_info(think(fen, "go depth 10"));
    EXPECT_TRUE(contains(info, "score cp 0 ")) << info;
    EXPECT_GT(field(info, "tbhits"), 0) << info;
}

TEST_F(SyzygyTest, ExtendedProbesBelowTheRootRaiseTbhits) {
    require_tables();
    // Five pieces: not in the tables, but every capture leads into them.
    const std::string fen = "8/8/8/4k3/8/2r5/4P3/K1R5 w - - 0 1";
    const std::string with = last_info(think(fen, "go depth 10"));
    EXPECT_GT(field(with, "tbhits"), 0) << with;
    EXPECT_GE(field(with, "score cp"), VALUE_TB_WIN_IN_MAX_PLY) << with;
    send("setoption name SyzygyPath value <empty>");
    send("ucinewgame");
    const std::string without = last_info(think(fen, "go depth 10"));
    EXPECT_EQ(field(without, "tbhits"), 0) << without;
    EXPECT_LT(field(without, "score cp"), VALUE_TB_WIN_IN_MAX_PLY) << without;
}

TEST_F(SyzygyTest, ExtendedAWinTooSlowForTheFiftyMoveRuleIsADrawUnderIt) {
    require_tables();
    // King and queen against king need about ten moves to mate from here, but the
    // fifty-move counter is at 95: under the rule this win is cursed (a draw).
    const std::string fen = "8/8/8/4k3/8/8/8/KQ6 w - - 95 100";
    const std::string cursed = last_info(think(fen, "go depth 8"));
    EXPECT_GT(field(cursed, "score cp"), 0) << cursed;
    EXPECT_LT(field(cursed, "score cp"), 50) << cursed;
    send("setoption name Syzygy50MoveRule value false");
    send("ucinewgame");
    const std::string won = last_info(think(fen, "go depth 8"));
    EXPECT_GE(field(won, "score cp"), VALUE_TB_WIN_IN_MAX_PLY) << won;
}

TEST_F(SyzygyTest, ExtendedAPositionOutsideTheTablesSearchesAsBefore) {
    const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    const std::string before = last_info(think(fen, "go depth 9"));
    require_tables();
    send("ucinewgame");
    const std::string after = last_info(think(fen, "go depth 9"));
    EXPECT_EQ(field(before, "nodes"), field(after, "nodes")) << before << "\n" << after;
    EXPECT_EQ(field(after, "tbhits"), 0) << after;
}

TEST_F(SyzygyTest, ExtendedProbeLimitZeroTurnsProbingOff) {
    require_tables();
    send("setoption name SyzygyProbeLimit value 0");
    const std::string info = last_info(think("8/8/8/4k3/8/2r5/4P3/K1R5 w - - 0 1", "go depth 8"));
    EXPECT_EQ(field(info, "tbhits"), 0) << info;
}

TEST_F(SyzygyTest, ExtendedAnalyseModeSearchesEveryRootMove) {
    require_tables();
    // Queen against rook: some moves throw the win away. Playing, only the winning moves
    // are searched; in analysis (UCI_AnalyseMode) all of them, each scored.
    const std::string fen = "3k4/8/8/8/8/8/r7/4K2Q w - - 0 1";
    const auto most_lines = [&](const std::vector<std::string>& lines) {
        long long most = 0;
        for (const auto& l : lines)
            if (l.starts_with("info depth")) most = std::max(most, field(l, "multipv"));
        return most;
    };
    send("setoption name MultiPV value 256");
    const long long playing = most_lines(think(fen, "go depth 3"));
    const int legal = int(MoveList(engine.position()).size());
    EXPECT_LT(playing, legal);
    send("setoption name UCI_AnalyseMode value true");
    send("ucinewgame");
    const auto lines = think(fen, "go depth 3");
    EXPECT_EQ(most_lines(lines), legal);
    // A line that gives up the queen is scored as what it is, not as a win.
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
        return l.starts_with("info depth 3") && field(l, "score cp") != -1 &&
               field(l, "score cp") < VALUE_TB_WIN_IN_MAX_PLY;
    }));
}

} // namespace
} // namespace flotilla::uci::testing
