// Mate-threat and Botvinnik-Markoff extensions (search/selectivity/
// mate_threat_extension.h): the threat kinds, the path bound, and a position where
// passing allows a back-rank mate.
#include "search/params.h"
#include "search_helpers.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::run_search;

namespace {
const Move THREAT(SQ_D8, SQ_D1);
const Move OTHER(SQ_C6, SQ_D4);
} // namespace

TEST(MateThreatExtension, ThreatKinds) {
    const MateThreatExtensionParams p;
    // Passing gets the side to move mated.
    EXPECT_EQ(threat_kind(p, mated_in(5), OTHER, Move::none()), ThreatKind::Mate);
    // The same refutation two plies apart.
    EXPECT_EQ(threat_kind(p, -30, THREAT, THREAT), ThreatKind::SameThreat);
    EXPECT_EQ(threat_kind(p, -30, THREAT, OTHER), ThreatKind::None);
    // No threat move known: nothing repeats.
    EXPECT_EQ(threat_kind(p, -30, Move::none(), Move::none()), ThreatKind::None);
    MateThreatExtensionParams mateOnly;
    mateOnly.sameThreat = false;
    EXPECT_EQ(threat_kind(mateOnly, -30, THREAT, THREAT), ThreatKind::None);
    EXPECT_EQ(threat_kind(mateOnly, mated_in(5), THREAT, THREAT), ThreatKind::Mate);
    MateThreatExtensionParams off;
    off.enabled = false;
    EXPECT_EQ(threat_kind(off, mated_in(5), THREAT, THREAT), ThreatKind::None);
}

TEST(MateThreatExtension, KeepsThePathBound) {
    EXPECT_EQ(threat_extension(ThreatKind::Mate, 3, 5), 1);
    EXPECT_EQ(threat_extension(ThreatKind::SameThreat, 3, 5), 1);
    EXPECT_EQ(threat_extension(ThreatKind::None, 3, 5), 0);
    EXPECT_EQ(threat_extension(ThreatKind::Mate, 10, 5), 0);
}

// White is a queen up, but Black threatens Rd1 mate on the back rank: a null move
// by White is answered by mate, so those nodes are extended.
TEST(MateThreatExtension, FiresOnABackRankThreatAndSwitchesOff) {
    const char* fen = "3r2k1/1Q3ppp/2n5/8/8/8/5PPP/6K1 w - - 0 1";
    const auto on = run_search(fen, depth_limit(10));
    EXPECT_GT(on.stats.mateThreatExtensions, 0u);
    Params off;
    off.mateThreatExtension.enabled = false;
    const auto none = run_search(fen, depth_limit(10), off);
    EXPECT_EQ(none.stats.mateThreatExtensions + none.stats.botvinnikMarkoffExtensions, 0u);
}

TEST(MateThreatExtension, SameThreatFiresInAMiddlegame) {
    const auto run = run_search(
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8", depth_limit(12));
    EXPECT_GT(run.stats.botvinnikMarkoffExtensions, 0u);
}
