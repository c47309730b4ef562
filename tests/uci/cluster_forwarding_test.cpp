// The leader's side of a cluster in the protocol: exactly the commands that change
// state reach the followers, in the order the GUI sent them (loopback ranks).
#include "cluster/loopback_transport.h"
#include "uci/engine.h"
#include "uci/output.h"
#include "uci/protocol.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace flotilla::uci {
namespace {

TEST(ClusterForwarding, TheLeaderForwardsWhatChangesStateAndNothingElse) {
    cluster::LoopbackHub hub(2);
    Engine leaderEngine, followerEngine;
    cluster::Cluster leader([&](std::string*) { return hub.endpoint(0); },
                            leaderEngine.search_thread(), leaderEngine.transposition_table());
    cluster::Cluster follower([&](std::string*) { return hub.endpoint(1); },
                              followerEngine.search_thread(), followerEngine.transposition_table());
    std::ostringstream leaderText, followerText;
    Output leaderOut(leaderText), followerOut(followerText);
    Protocol protocol(leaderEngine, leaderOut), followerProtocol(followerEngine, followerOut);
    protocol.join_cluster(&leader);
    followerProtocol.join_cluster(&follower);
    // The follower runs what it receives, as a follower process does (uci/main.cpp).
    std::vector<std::string> received;
    std::thread followerLoop([&] {
        while (const std::optional<cluster::Command> c = follower.next_command()) {
            if (c->text == "end") break;
            received.push_back(c->text);
            followerProtocol.execute(c->text);
        }
        followerEngine.stop_search();
        followerEngine.wait_search();
    });

    const std::vector<std::string> sent = {"uci",
                                           "isready",
                                           "debug off",
                                           "d",
                                           "go perft 2",
                                           "position startpos moves e2e4",
                                           "setoption name Hash value 8",
                                           "ucinewgame",
                                           "position startpos moves d2d4 d7d5",
                                           "go depth 3",
                                           "stop",
                                           "ponderhit",
                                           "nonsense",
                                           "bench 1"};
    for (const std::string& line : sent) {
        protocol.execute(line);
        leaderEngine.wait_search();
    }
    leader.forward("end");
    followerLoop.join();
    // `go depth 3` ends on the leader's own: its stop to the followers follows it.
    const std::vector<std::string> expected = {"position startpos moves e2e4",
                                               "setoption name Hash value 8",
                                               "ucinewgame",
                                               "position startpos moves d2d4 d7d5",
                                               "go depth 3",
                                               "stop",
                                               "stop",
                                               "ponderhit"};
    EXPECT_EQ(received, expected);
    EXPECT_EQ(followerEngine.position().fen(), leaderEngine.position().fen());
    EXPECT_EQ(followerEngine.hash_mb(), 8);
    EXPECT_TRUE(leader.failed_ranks().empty()); // the follower answered its search
    EXPECT_EQ(followerText.str().find("bestmove"), std::string::npos); // followers are silent
}

} // namespace
} // namespace flotilla::uci
