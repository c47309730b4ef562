// uci, isready, quit, unknown commands and blank lines.
#include "protocol_fixture.h"

using namespace flotilla::uci;
using namespace flotilla::uci::testing;

using Handshake = ProtocolTest;

TEST_F(Handshake, UciListsIdEveryOptionAndUciok) {
    const auto lines = send("uci");
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines[0], "id name Flotilla " + std::string(engine_version()));
    EXPECT_FALSE(engine_version().empty());
    EXPECT_EQ(lines[1], "id author the Flotilla developers");
    EXPECT_EQ(lines.back(), "uciok");

    const std::vector<std::string> expected = {
        "option name Threads type spin default 1 min 1 max 1024",
        "option name Hash type spin default 16 min 1 max 1048576",
        "option name Clear Hash type button",
        "option name UCI_Chess960 type check default false",
    };
    for (const auto& option : expected)
        EXPECT_NE(std::find(lines.begin(), lines.end(), option), lines.end()) << option;
    // Every option of the engine appears once, and nothing else starts with "option".
    std::size_t optionLines = 0;
    for (const auto& l : lines) optionLines += l.rfind("option name ", 0) == 0;
    EXPECT_EQ(optionLines,
              std::size_t(std::distance(engine.options().begin(), engine.options().end())));
}

TEST_F(Handshake, IsreadyAnswersReadyok) {
    EXPECT_EQ(send("isready"), std::vector<std::string>{"readyok"});
}

TEST_F(Handshake, QuitEndsTheSession) {
    EXPECT_TRUE(send("quit").empty());
    EXPECT_EQ(lastStatus, Protocol::Status::Quit);
    send("  quit  ");
    EXPECT_EQ(lastStatus, Protocol::Status::Quit);
}

TEST_F(Handshake, UnknownCommandIsNamedExactly) {
    EXPECT_EQ(protocol.error_count(), 0);
    EXPECT_EQ(send("xyz"), std::vector<std::string>{"info string error: unknown command 'xyz'"});
    EXPECT_EQ(protocol.error_count(), 1);
    EXPECT_EQ(lastStatus, Protocol::Status::Continue);
    // Commands are case-sensitive, as in the UCI specification.
    EXPECT_EQ(send("ISREADY"),
              std::vector<std::string>{"info string error: unknown command 'ISREADY'"});
}

TEST_F(Handshake, VeryLongUnknownCommandIsShortenedInTheMessage) {
    const std::string word(5000, 'z');
    const auto line = send_expecting_error(word);
    EXPECT_LT(line.size(), 200u);
    EXPECT_TRUE(contains(line, "5000 bytes"));
}

TEST_F(Handshake, EmptyAndWhitespaceLinesAreIgnored) {
    EXPECT_TRUE(send("").empty());
    EXPECT_TRUE(send("   ").empty());
    EXPECT_TRUE(send(" \t \t").empty());
    EXPECT_TRUE(send("\r").empty());
}

TEST_F(Handshake, TabsSeparateTokensAndTrailingCarriageReturnIsDropped) {
    EXPECT_EQ(send("isready\r"), std::vector<std::string>{"readyok"});
    EXPECT_TRUE(send("position\tstartpos\tmoves\te2e4").empty());
    EXPECT_EQ(fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST_F(Handshake, DebugStopAndPonderhitAreAccepted) {
    EXPECT_TRUE(send("debug on").empty());
    EXPECT_TRUE(send("debug off").empty());
    EXPECT_TRUE(send("stop").empty());
    EXPECT_TRUE(send("ponderhit").empty());
    send_expecting_error("debug maybe");
}

TEST_F(Handshake, UcinewgameResetsToTheStartPosition) {
    send("position startpos moves e2e4");
    EXPECT_TRUE(send("ucinewgame").empty());
    EXPECT_EQ(fen(), flotilla::Position::START_FEN);
}

TEST(ProtocolLoop, RunsLinesUntilQuit) {
    Engine engine;
    std::ostringstream captured;
    Output out(captured);
    Protocol protocol(engine, out);
    std::istringstream in("isready\n\n   \nxyz\nquit\nisready\n");
    protocol.run(in);
    EXPECT_EQ(captured.str(), "readyok\ninfo string error: unknown command 'xyz'\n");
}

TEST(ProtocolLoop, EndsAtEndOfInputAndHandlesCrlfAndAMissingLastNewline) {
    Engine engine;
    std::ostringstream captured;
    Output out(captured);
    Protocol protocol(engine, out);
    std::istringstream in("isready\r\nposition startpos moves e2e4\r\nisready");
    protocol.run(in);
    EXPECT_EQ(captured.str(), "readyok\nreadyok\n");
    EXPECT_EQ(engine.position().fen(),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}
