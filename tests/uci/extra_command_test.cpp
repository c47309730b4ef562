// Commands added to the protocol by the program above the UCI layer (app/main.cpp adds
// the tools' `scaling` this way): they run with their words, print through the output,
// and their errors go out and count like the protocol's own.
#include "protocol_fixture.h"

using namespace flotilla::uci;
using namespace flotilla::uci::testing;

namespace {

class ExtraCommandTest : public ProtocolTest {
  protected:
    ExtraCommandTest() {
        protocol.add_command({"echo", [this](Engine& e, Output& o, Protocol::Args args) {
                                  seenEngine = &e;
                                  std::string text = "echo";
                                  for (std::string_view word : args)
                                      text += " " + std::string(word);
                                  o.line(text);
                                  return args.empty() ? std::string("echo needs words")
                                                      : std::string();
                              }});
        protocol.add_command({"isready", [](Engine&, Output& o, Protocol::Args) {
                                  o.line("not the protocol's");
                                  return std::string();
                              }});
    }
    const Engine* seenEngine = nullptr;
};

} // namespace

TEST_F(ExtraCommandTest, RunsWithItsWordsOnTheSessionsEngine) {
    const auto lines = send("echo  a\tb ");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0], "echo a b");
    EXPECT_EQ(seenEngine, &engine);
    EXPECT_EQ(protocol.error_count(), 0);
}

TEST_F(ExtraCommandTest, ItsErrorIsOneErrorLineAndCounts) {
    const auto lines = send("echo");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[1], "info string error: echo needs words");
    EXPECT_EQ(protocol.error_count(), 1);
}

TEST_F(ExtraCommandTest, TheProtocolsOwnWordsComeFirst) {
    const auto lines = send("isready");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0], "readyok");
}

TEST_F(ExtraCommandTest, ScalingIsNotTheUciLayersOwn) {
    // The thread-scaling benchmark is the tools', added by app/main.cpp.
    EXPECT_TRUE(contains(send_expecting_error("scaling threads 1"), "unknown command 'scaling'"));
}
