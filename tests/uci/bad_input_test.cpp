// Lines that are not text, or far too long: one error line each, nothing changes.
#include "protocol_fixture.h"

#include "uci/input_line.h"

using namespace flotilla::uci;
using namespace flotilla::uci::testing;

using BadInput = ProtocolTest;

namespace {
const char* AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
}

TEST_F(BadInput, MegabyteLineIsRejectedWithOneErrorLine) {
    send("position startpos moves e2e4");
    std::string line = "position startpos moves";
    while (line.size() < (1u << 20)) line += " e2e4";
    const auto error = send_expecting_error(line);
    EXPECT_TRUE(contains(error, "longer than"));
    EXPECT_EQ(fen(), AFTER_E4);
    EXPECT_EQ(send("isready"), std::vector<std::string>{"readyok"});
}

TEST_F(BadInput, LineJustAtTheLimitIsStillACommand) {
    std::string line = "isready";
    line.resize(MAX_LINE_BYTES, ' ');
    EXPECT_EQ(send(line), std::vector<std::string>{"readyok"});
    line += ' ';
    send_expecting_error(line);
}

TEST_F(BadInput, ControlBytesAreRejected) {
    send("position startpos moves e2e4");
    for (std::string bad :
         {std::string("isready\0", 8), std::string("is\x01ready"), std::string("\x1b[31misready"),
          std::string("isready\x7f"), std::string("position startpos\nmoves e2e4"),
          std::string("position\rstartpos")}) {
        const auto error = send_expecting_error(bad);
        EXPECT_TRUE(contains(error, "control byte")) << error;
        EXPECT_EQ(fen(), AFTER_E4);
    }
    const auto nul = send_expecting_error(std::string("isready\0", 8));
    EXPECT_TRUE(contains(nul, "0x00 at offset 7")) << nul;
}

TEST_F(BadInput, InvalidUtf8IsRejected) {
    for (std::string bad : {"\xff", "isready \xfe", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80",
                            "\xf4\x90\x80\x80", "\xe2\x82", "\x80", "\xf8\x88\x80\x80\x80"}) {
        const auto error = send_expecting_error(bad);
        EXPECT_TRUE(contains(error, "not valid UTF-8")) << error;
    }
}

TEST_F(BadInput, ValidUtf8IsText) {
    // Not binary: an ordinary unknown command that happens to be non-ASCII.
    EXPECT_EQ(send("h\xc3\xa9llo"),
              std::vector<std::string>{"info string error: unknown command 'h\xc3\xa9llo'"});
    EXPECT_EQ(send("\xe2\x82\xac \xf0\x9f\x98\x80"),
              std::vector<std::string>{"info string error: unknown command '\xe2\x82\xac'"});
}

TEST(ReadLine, KeepsOverlongLinesTooLongAndReadsOn) {
    std::string input(3 * MAX_LINE_BYTES, 'x');
    input += "\nisready\r\nlast";
    std::istringstream in(input);
    std::string line;
    ASSERT_TRUE(read_line(in, line));
    EXPECT_EQ(line.size(), MAX_LINE_BYTES + 1);
    EXPECT_TRUE(line_problem(line).has_value());
    ASSERT_TRUE(read_line(in, line));
    EXPECT_EQ(line, "isready");
    ASSERT_TRUE(read_line(in, line));
    EXPECT_EQ(line, "last");
    EXPECT_FALSE(read_line(in, line));
}

TEST(ProtocolLoop, MegabyteLineFromAStreamGivesOneErrorAndTheLoopGoesOn) {
    Engine engine;
    std::ostringstream captured;
    Output out(captured);
    Protocol protocol(engine, out);
    std::istringstream in(std::string(1 << 20, 'a') + "\nisready\n");
    protocol.run(in);
    const std::string text = captured.str();
    EXPECT_EQ(text.rfind("info string error: line is longer than", 0), 0u) << text.substr(0, 200);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2);
    EXPECT_TRUE(text.ends_with("\nreadyok\n"));
}
