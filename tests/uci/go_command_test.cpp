// go: perft output, and the parsing of every go parameter.
#include "protocol_fixture.h"

#include "uci/go_parser.h"
#include "uci/text.h"

#include <sstream>

using namespace flotilla;
using namespace flotilla::uci;
using namespace flotilla::uci::testing;

using GoCommand = ProtocolTest;

namespace {
// Root moves of perft 3 from the start position (chessprogramming wiki, Stockfish's divide).
const std::vector<std::string> START_PERFT3 = {
    "a2a3: 380", "b2b3: 420", "c2c3: 420", "d2d3: 539", "e2e3: 599", "f2f3: 380", "g2g3: 420",
    "h2h3: 380", "a2a4: 420", "b2b4: 421", "c2c4: 441", "d2d4: 560", "e2e4: 600", "f2f4: 401",
    "g2g4: 421", "h2h4: 420", "b1a3: 400", "b1c3: 440", "g1f3: 440", "g1h3: 400",
};

void expect_start_perft3(std::vector<std::string> lines) {
    ASSERT_EQ(lines.size(), 22u);
    EXPECT_EQ(lines[20], "");
    EXPECT_EQ(lines[21], "Nodes searched: 8902");
    lines.resize(20);
    std::sort(lines.begin(), lines.end());
    auto expected = START_PERFT3;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(lines, expected);
}
} // namespace

TEST_F(GoCommand, PerftFromTheStartPosition) {
    send("position startpos");
    expect_start_perft3(send("go perft 3"));
}

TEST_F(GoCommand, PerftWithTwoThreadsGivesTheSameCounts) {
    send("setoption name Threads value 2");
    expect_start_perft3(send("go perft 3"));
}

TEST_F(GoCommand, PerftFromAFenWithMoves) {
    // Kiwipete (chessprogramming wiki): 2039 leaves at depth 2... after one move, depth 1.
    send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const auto lines = send("go perft 2");
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back(), "Nodes searched: 2039");
    EXPECT_EQ(lines.size(), 48u + 2u); // 48 root moves
}

TEST_F(GoCommand, PerftDepthLimitOfTheProtocolSettings) {
    ProtocolSettings capped;
    capped.maxPerftDepth = 2;
    Protocol fuzzSafe(engine, out, capped);
    captured.str("");
    fuzzSafe.execute("go perft 200");
    EXPECT_TRUE(captured.str().ends_with("\nNodes searched: 400\n")) << captured.str();
}

TEST_F(GoCommand, NodesZeroPlaysALegalMoveAfterOneNotice) {
    send("position startpos");
    const auto lines = send("go nodes 0");
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0], "info string go: 'nodes' 0 is read as depth 1, the smallest search");
    engine.wait_search();
    std::string text;
    out.with_lock([&] { text = captured.str(); });
    EXPECT_TRUE(contains(text, "info depth 1 ")) << text;
    EXPECT_FALSE(contains(text, "info depth 2 ")) << text;
    EXPECT_TRUE(contains(text, "bestmove ")) << text;
}

TEST_F(GoCommand, SearchmovesWithMultiPvShowsALineForEachGivenMoveOnly) {
    send("setoption name MultiPV value 5");
    send("position startpos");
    send("go depth 5 searchmoves a2a3 g1f3 h2h4");
    engine.wait_search();
    std::string text;
    out.with_lock([&] { text = captured.str(); });
    std::istringstream in(text);
    int most = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("bestmove ")) {
            const std::string move = line.substr(9, 4);
            EXPECT_TRUE(move == "a2a3" || move == "g1f3" || move == "h2h4") << line;
        }
        if (!line.starts_with("info depth 5 ")) continue;
        const auto at = line.find(" multipv ");
        ASSERT_NE(at, std::string::npos) << line;
        most = std::max(most, std::stoi(line.substr(at + 9)));
        const std::string first = line.substr(line.find(" pv ") + 4, 4);
        EXPECT_TRUE(first == "a2a3" || first == "g1f3" || first == "h2h4") << line;
    }
    EXPECT_EQ(most, 3); // MultiPV 5, but only three moves to search
    EXPECT_TRUE(contains(text, "bestmove ")) << text;
}

TEST_F(GoCommand, BadParametersGiveOneErrorLine) {
    for (const char* line : {"go perft", "go perft x", "go depth x", "go wtime 10s", "go foo",
                             "go depth 5 bar", "go movetime", "go searchmoves e2e5",
                             "go depth 99999999999999999999", "go searchmoves e2e4 zz"}) {
        const auto error = send_expecting_error(line);
        EXPECT_TRUE(contains(error, "go: ")) << error;
    }
    EXPECT_TRUE(contains(send_expecting_error("go depth x"), "'depth' needs a number, not 'x'"));
    EXPECT_TRUE(contains(send_expecting_error("go foo"), "unknown parameter 'foo'"));
    EXPECT_TRUE(contains(send_expecting_error("go searchmoves e2e5"), "'e2e5'"));
}

namespace {
search::Limits parse(const std::string& line, const Position& pos = Position()) {
    const auto tokens = split_tokens(line);
    search::Limits limits;
    std::string error;
    EXPECT_TRUE(parse_go(tokens, pos, limits, &error)) << line << ": " << error;
    return limits;
}
} // namespace

TEST(GoParser, EveryParameter) {
    const Position pos;
    const auto l = parse("wtime 1000 btime 2000 winc 10 binc 20 movestogo 30 movetime 500 depth 7 "
                         "nodes 123456789012 mate 3 infinite ponder searchmoves e2e4 d2d4 perft 2",
                         pos);
    EXPECT_EQ(l.time[WHITE], 1000);
    EXPECT_EQ(l.time[BLACK], 2000);
    EXPECT_EQ(l.increment[WHITE], 10);
    EXPECT_EQ(l.increment[BLACK], 20);
    EXPECT_EQ(l.movesToGo, 30);
    EXPECT_EQ(l.moveTime, 500);
    EXPECT_EQ(l.depth, 7);
    EXPECT_EQ(l.nodes, 123456789012u);
    EXPECT_EQ(l.mate, 3);
    EXPECT_TRUE(l.infinite);
    EXPECT_TRUE(l.ponder);
    EXPECT_EQ(l.perft, 2);
    ASSERT_EQ(l.searchMoves.size(), 2u);
    EXPECT_EQ(pos.move_to_uci(l.searchMoves[0]), "e2e4");
    EXPECT_EQ(pos.move_to_uci(l.searchMoves[1]), "d2d4");
    EXPECT_TRUE(l.uses_clock());
}

TEST(GoParser, DefaultsWhenNothingIsGiven) {
    const auto l = parse("");
    EXPECT_FALSE(l.uses_clock());
    EXPECT_EQ(l.depth, -1);
    EXPECT_EQ(l.moveTime, -1);
    EXPECT_EQ(l.nodes, 0u);
    EXPECT_EQ(l.perft, 0);
    EXPECT_FALSE(l.infinite);
    EXPECT_TRUE(l.searchMoves.empty());
}

TEST(GoParser, NegativeClockMeansNoTimeLeft) {
    const auto l = parse("wtime -50 btime 100");
    EXPECT_EQ(l.time[WHITE], 0);
    EXPECT_TRUE(l.uses_clock());
}

namespace {
// Parses a line that must succeed with a notice, and returns the notice.
std::string notice_of(const std::string& line, search::Limits& limits,
                      const Position& pos = Position()) {
    const auto tokens = split_tokens(line);
    std::string error, notice;
    EXPECT_TRUE(parse_go(tokens, pos, limits, &error, &notice)) << line << ": " << error;
    EXPECT_TRUE(notice.starts_with("go: ")) << line << ": '" << notice << "'";
    return notice;
}
} // namespace

TEST(GoParser, NumbersOutOfRangeAreReadAsTheNearestWithANotice) {
    search::Limits l;
    EXPECT_EQ(notice_of("depth 0", l), "go: 'depth' 0 is read as 1");
    EXPECT_EQ(l.depth, 1);
    EXPECT_EQ(notice_of("depth 1000", l), "go: 'depth' 1000 is read as 245");
    EXPECT_EQ(l.depth, 245);
    EXPECT_EQ(notice_of("perft 0", l), "go: 'perft' 0 is read as 1");
    EXPECT_EQ(l.perft, 1);
    EXPECT_EQ(notice_of("mate -3", l), "go: 'mate' -3 is read as 1");
    EXPECT_EQ(l.mate, 1);
    notice_of("wtime 1000 btime 1000 winc -5 movestogo -2", l);
    EXPECT_EQ(l.increment[WHITE], 0);
    EXPECT_EQ(l.movesToGo, 0);
    EXPECT_EQ(notice_of("wtime -50 btime 100", l), "go: 'wtime' -50 is read as 0");
    // Several in one line: one notice naming each.
    EXPECT_EQ(notice_of("depth 0 perft 0", l),
              "go: 'depth' 0 is read as 1; 'perft' 0 is read as 1");
    // In range: no notice.
    std::string error, notice = "stale";
    const auto tokens = split_tokens("depth 3 nodes 5");
    EXPECT_TRUE(parse_go(tokens, Position(), l, &error, &notice));
    EXPECT_TRUE(notice.empty()) << notice;
}

TEST(GoParser, NodesZeroOrLessIsTheSmallestSearch) {
    for (const char* line : {"nodes 0", "nodes -5"}) {
        search::Limits l;
        EXPECT_TRUE(contains(notice_of(line, l), "is read as depth 1")) << line;
        EXPECT_EQ(l.depth, 1) << line;
        EXPECT_EQ(l.nodes, 0u) << line;
    }
    search::Limits l;
    notice_of("nodes 0 depth 6", l); // an explicit depth stays
    EXPECT_EQ(l.depth, 6);
}

TEST(GoParser, OnlyTheOpponentsClockIsUsedForTheSideToMove) {
    search::Limits l;
    EXPECT_EQ(notice_of("btime 60000 binc 500", l),
              "go: no clock for white, the side to move; planning with black's");
    EXPECT_EQ(l.time[WHITE], 60000);
    EXPECT_EQ(l.increment[WHITE], 500);
    Position black;
    ASSERT_TRUE(black.set_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1", false));
    EXPECT_TRUE(contains(notice_of("wtime 3000", l, black), "no clock for black"));
    EXPECT_EQ(l.time[BLACK], 3000);
}

TEST(GoParser, SearchmovesStopAtTheNextParameterAndIgnoreRepeats) {
    const auto l = parse("searchmoves e2e4 e2e4 g1f3 depth 3");
    EXPECT_EQ(l.searchMoves.size(), 2u);
    EXPECT_EQ(l.depth, 3);
}
