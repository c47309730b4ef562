// UCI search output: the info line's fields and their order, the WDL estimate,
// MultiPV and UCI_ShowWDL through the protocol, the ponder move, and positions
// with no legal move.
#include "protocol_fixture.h"

#include "uci/info_format.h"

#include <regex>

using namespace flotilla;
using namespace flotilla::uci;
using namespace flotilla::uci::testing;

namespace {

Position startpos() {
    Position pos;
    EXPECT_TRUE(pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false));
    return pos;
}

search::SearchInfo sample_info(const Position& pos) {
    search::SearchInfo info;
    info.depth = 5;
    info.seldepth = 7;
    info.multiPv = 2;
    info.score = 30;
    info.nodes = 1000;
    info.timeMs = 10;
    info.hashfull = 3;
    info.pv = {pos.parse_uci_move("e2e4"), Move::none()};
    return info;
}

class SearchOutput : public ProtocolTest {
  protected:
    std::vector<std::string> run(std::string_view go) {
        send(go);
        engine.wait_search();
        std::vector<std::string> lines;
        std::istringstream in(captured.str());
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        return lines;
    }
};

} // namespace

TEST(InfoFormat, FieldsInTheOrderStrongEnginesPrint) {
    const Position pos = startpos();
    search::SearchInfo info = sample_info(pos);
    EXPECT_EQ(format_info(info, pos), "info depth 5 seldepth 7 multipv 2 score cp 30 nodes 1000 "
                                      "nps 100000 hashfull 3 tbhits 0 time 10 pv e2e4");
    info.bound = search::BOUND_LOWER;
    const Wdl w = wdl_estimate(30, pos.game_ply());
    EXPECT_EQ(format_info(info, pos, true),
              "info depth 5 seldepth 7 multipv 2 score cp 30 lowerbound wdl " +
                  std::to_string(w.win) + " " + std::to_string(w.draw) + " " +
                  std::to_string(w.loss) +
                  " nodes 1000 nps 100000 hashfull 3 tbhits 0 time 10 pv e2e4");
    info.bound = search::BOUND_UPPER;
    info.score = mated_in(4);
    EXPECT_TRUE(contains(format_info(info, pos), "score mate -2 upperbound nodes"));
}

TEST(WdlModel, SumsToOneThousandAndIsSymmetric) {
    for (int ply : {0, 40, 100, 160, 400})
        for (Value v = -2000; v <= 2000; v += 37) {
            const Wdl w = wdl_estimate(v, ply);
            EXPECT_EQ(w.win + w.draw + w.loss, 1000);
            EXPECT_GE(w.win, 0);
            EXPECT_GE(w.draw, 0);
            EXPECT_GE(w.loss, 0);
            const Wdl mirrored = wdl_estimate(-v, ply);
            EXPECT_EQ(w.win, mirrored.loss) << v;
            EXPECT_EQ(w.loss, mirrored.win) << v;
        }
}

TEST(WdlModel, MonotonicAndCertainForMates) {
    for (Value v = -1000; v < 1000; v += 10) {
        EXPECT_LE(wdl_estimate(v, 30).win, wdl_estimate(v + 10, 30).win);
        EXPECT_GE(wdl_estimate(v, 30).loss, wdl_estimate(v + 10, 30).loss);
    }
    EXPECT_GT(wdl_estimate(0, 0).draw, 500); // a level position is mostly drawn
    EXPECT_GT(wdl_estimate(600, 0).win, 950);
    // The same edge converts more often late in the game.
    EXPECT_GT(wdl_estimate(100, 160).win, wdl_estimate(100, 0).win);
    const Wdl mating = wdl_estimate(mate_in(5), 0);
    EXPECT_EQ(mating.win, 1000);
    const Wdl mated = wdl_estimate(mated_in(2), 0);
    EXPECT_EQ(mated.loss, 1000);
}

TEST_F(SearchOutput, MultiPvPrintsOneLinePerRankEachIteration) {
    send("setoption name MultiPV value 3");
    const auto lines = run("go depth 4");
    for (int k = 1; k <= 3; ++k) {
        int found = 0;
        for (const auto& l : lines)
            found += l.rfind("info depth 4 ", 0) == 0 &&
                     contains(l, " multipv " + std::to_string(k) + " score ");
        EXPECT_EQ(found, 1) << k << "\n" << captured.str();
    }
    EXPECT_TRUE(contains(send_expecting_error("setoption name MultiPV value 0"), "MultiPV"));
}

TEST_F(SearchOutput, ShowWdlAddsTheEstimate) {
    auto lines = run("go depth 2");
    EXPECT_FALSE(contains(captured.str(), " wdl "));
    send("setoption name UCI_ShowWDL value true");
    lines = run("go depth 2");
    const std::regex wdl(" wdl [0-9]+ [0-9]+ [0-9]+ nodes ");
    int withWdl = 0;
    for (const auto& l : lines) withWdl += std::regex_search(l, wdl);
    EXPECT_EQ(withWdl, 2) << captured.str();
}

TEST_F(SearchOutput, BestMoveCarriesAPonderMove) {
    const auto lines = run("go depth 6");
    const std::regex bestmove("^bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]$");
    EXPECT_TRUE(std::regex_match(lines.back(), bestmove)) << lines.back();
}

TEST_F(SearchOutput, CheckmatedRootPrintsMateZeroAndNullMove) {
    send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    const auto lines = run("go wtime 1000 btime 1000");
    ASSERT_EQ(lines.size(), 2u) << captured.str();
    EXPECT_TRUE(contains(lines[0], " score mate 0 ")) << lines[0];
    EXPECT_EQ(lines[1], "bestmove 0000");
}

TEST_F(SearchOutput, StalemateRootPrintsDrawScoreAndNullMove) {
    send("position fen 7k/5Q2/5K2/8/8/8/8/8 b - - 0 1");
    const auto lines = run("go depth 5");
    ASSERT_EQ(lines.size(), 2u) << captured.str();
    EXPECT_TRUE(contains(lines[0], " score cp 0 ")) << lines[0];
    EXPECT_EQ(lines[1], "bestmove 0000");
}
