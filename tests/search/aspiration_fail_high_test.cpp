// The shallower root search after an aspiration fail high
// (search/selectivity/aspiration_fail_high.h): the depth rule, and the counter in searches
// whose score jumps up between iterations.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

namespace {
// Positions whose best line is found late, so that an iteration's score leaves the window
// upwards (WAC 2, 9 and 12: a rook sacrifice, a queen sacrifice, a mating attack).
const char* JUMPS[] = {
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
    "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
};
} // namespace

TEST(AspirationFailHigh, EachFailHighSearchesOnePlyLessUpToTheLimit) {
    const AspirationFailHighParams p = switched_on<AspirationFailHighParams>();
    EXPECT_EQ(aspiration_search_depth(p, 12, 0), 12);
    EXPECT_EQ(aspiration_search_depth(p, 12, 1), 11);
    EXPECT_EQ(aspiration_search_depth(p, 12, 2), 10);
    EXPECT_EQ(aspiration_search_depth(p, 12, p.maxReduction + 5), 12 - p.maxReduction);
    EXPECT_EQ(aspiration_search_depth(p, 2, 3), 1); // never below one ply
    AspirationFailHighParams off = p;
    off.enabled = false;
    EXPECT_EQ(aspiration_search_depth(off, 12, 2), 12);
}

TEST(AspirationFailHigh, FiresInSearchAndSwitchesOff) {
    std::uint64_t on = 0, offCount = 0;
    Params none;
    none.aspirationFailHigh.enabled = false;
    for (const char* fen : JUMPS) {
        Params switchedOn;
        switchedOn.aspirationFailHigh.enabled = true;
        const auto run = run_search(fen, depth_limit(12), switchedOn);
        on += run.stats.aspirationFailHighReductions;
        // Every iteration still reports its full depth.
        for (std::size_t i = 1; i < run.infos.size(); ++i)
            EXPECT_GE(run.infos[i].depth, run.infos[i - 1].depth);
        offCount += run_search(fen, depth_limit(12), none).stats.aspirationFailHighReductions;
    }
    EXPECT_GT(on, 0u);
    EXPECT_EQ(offCount, 0u);
}
