// The EvalFile option: a bad file gives one error line and changes nothing; a valid
// network switches the evaluation; `classical` switches back.
#include "protocol_fixture.h"
#include "tests/eval/nnue_random_network.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace flotilla::uci::testing {
namespace {

class EvalFileTest : public ProtocolTest {
  protected:
    void SetUp() override {
        netPath = temp("net.nnue");
        std::string error;
        ASSERT_TRUE(nnue_test::random_network(64, 8, 2026).save(netPath, &error)) << error;
        // The tests start from the hand-written evaluation, whatever the build's default.
        ASSERT_TRUE(send("setoption name EvalFile value classical").empty());
    }
    void TearDown() override {
        for (const auto& p : created) std::filesystem::remove(p);
    }
    std::string temp(const std::string& name) {
        created.push_back((std::filesystem::temp_directory_path() /
                           ("flotilla_evalfile_" + std::to_string(::getpid()) + "_" + name))
                              .string());
        return created.back();
    }
    // The score of a depth-1 search of the start position: its static evaluation at
    // work, and the engine still searches.
    std::string depth1_score() {
        send("position startpos");
        send("go depth 1");
        engine.wait_search();
        std::string text;
        out.with_lock([&] { text = captured.str(); });
        EXPECT_TRUE(contains(text, "bestmove ")) << text;
        const auto at = text.find(" score ");
        if (at == std::string::npos) return {};
        return text.substr(at, text.find(" nodes", at) - at);
    }

    std::string netPath;
    std::vector<std::string> created;
};

TEST_F(EvalFileTest, IsListedWithTheClassicalDefault) {
    bool listed = false;
    for (const auto& line : send("uci"))
        listed |= line == "option name EvalFile type string default " +
                              std::string(Engine::DEFAULT_EVAL_FILE);
    EXPECT_TRUE(listed);
    if (!nnue::HAS_EMBEDDED_NETWORK) {
        EXPECT_EQ(Engine::DEFAULT_EVAL_FILE, "classical");
    }
}

TEST_F(EvalFileTest, MissingFileGivesOneErrorAndTheEngineStillSearches) {
    const std::string classical = depth1_score();
    const std::string error = send_expecting_error("setoption name EvalFile value /nonexistent");
    EXPECT_TRUE(contains(error, "EvalFile")) << error;
    EXPECT_TRUE(contains(error, "/nonexistent")) << error;
    EXPECT_EQ(engine.options().find("EvalFile")->as_string(), "classical");
    EXPECT_EQ(depth1_score(), classical);
}

TEST_F(EvalFileTest, ValidNetworkSwitchesTheEvaluationAndClassicalSwitchesBack) {
    const std::string classical = depth1_score();
    const auto lines = send("setoption name EvalFile value " + netPath);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_TRUE(contains(lines[0], "info string EvalFile: network 64x8 loaded")) << lines[0];
    const std::string withNet = depth1_score();
    EXPECT_NE(withNet, classical);
    EXPECT_FALSE(withNet.empty());

    // Bad files leave the network in place.
    const std::string truncated = temp("truncated.nnue");
    const auto bytes = nnue_test::random_network(64, 8, 1).to_bytes();
    std::ofstream(truncated, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size() - 9));
    EXPECT_TRUE(
        contains(send_expecting_error("setoption name EvalFile value " + truncated), "truncated"));
    EXPECT_TRUE(
        contains(send_expecting_error("setoption name EvalFile value /dev/zero"), "regular"));
    EXPECT_EQ(engine.options().find("EvalFile")->as_string(), netPath);
    EXPECT_EQ(depth1_score(), withNet);

    EXPECT_TRUE(send("setoption name EvalFile value classical").empty());
    EXPECT_EQ(depth1_score(), classical);
}

// `bench` searches with the evaluation in use, as the search does: its node count moves.
TEST_F(EvalFileTest, BenchSearchesWithTheNetworkInUse) {
    auto benchNodes = [&] {
        send("bench 3");
        std::string text;
        out.with_lock([&] { text = captured.str(); });
        const auto at = text.rfind("Nodes searched");
        return at == std::string::npos ? std::string("none")
                                       : text.substr(at, text.find('\n', at) - at);
    };
    const std::string classical = benchNodes();
    ASSERT_EQ(send("setoption name EvalFile value " + netPath).size(), 1u);
    const std::string withNet = benchNodes();
    EXPECT_NE(withNet, classical);
    EXPECT_TRUE(send("setoption name EvalFile value classical").empty());
    EXPECT_EQ(benchNodes(), classical);
}

TEST_F(EvalFileTest, EmbeddedNetworkWhenTheBuildHasOne) {
    if (nnue::HAS_EMBEDDED_NETWORK) {
        EXPECT_EQ(send("setoption name EvalFile value <default>").size(), 1u);
    } else {
        EXPECT_TRUE(contains(send_expecting_error("setoption name EvalFile value <default>"),
                             "embeds no network"));
    }
}

} // namespace
} // namespace flotilla::uci::testing
