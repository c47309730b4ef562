// Singular extension (search/selectivity/singular_extension.h): when the singular
// search runs, its three outcomes, the path bound, and the counters in a search.
#include "search/params.h"
#include "search_helpers.h"
#include "switched_on.h"

using namespace flotilla;
using namespace flotilla::search;
using flotilla::search::testing::depth_limit;
using flotilla::search::testing::MIDDLEGAME;
using flotilla::search::testing::run_search;
using flotilla::search::testing::switched_on;

namespace {

// A context where the singular search runs: the TT move, a deep lower bound.
SingularContext runs() { return SingularContext{10, true, true, 9, 50, false}; }
} // namespace

TEST(SingularExtension, SearchOnlyForTheTTMoveWithADeepLowerBound) {
    const SingularExtensionParams p;
    EXPECT_TRUE(singular_search_applies(p, runs()));
    auto c = runs();
    c.isTTMove = false;
    EXPECT_FALSE(singular_search_applies(p, c));
    c = runs();
    c.lowerBound = false; // an upper bound says nothing about the move being good
    EXPECT_FALSE(singular_search_applies(p, c));
    c = runs();
    c.ttDepth = c.depth - p.ttDepthSlack - 1;
    EXPECT_FALSE(singular_search_applies(p, c));
    c = runs();
    c.depth = p.minDepth - 1;
    c.ttDepth = c.depth;
    EXPECT_FALSE(singular_search_applies(p, c));
    c = runs();
    c.excludedSearch = true; // no singular search inside a singular search
    EXPECT_FALSE(singular_search_applies(p, c));
    c = runs();
    c.rootNode = true; // the root's TT move is the last iteration's best, searched first
    EXPECT_FALSE(singular_search_applies(p, c));
    for (Value mate : {VALUE_MATE_IN_MAX_PLY, VALUE_MATED_IN_MAX_PLY, VALUE_NONE}) {
        c = runs();
        c.ttScore = mate;
        EXPECT_FALSE(singular_search_applies(p, c)) << mate;
    }
    SingularExtensionParams off;
    off.enabled = false;
    EXPECT_FALSE(singular_search_applies(off, runs()));
    // A depth whose reduced search would drop into quiescence never runs it.
    SingularExtensionParams shallow;
    shallow.minDepth = 1;
    c = runs();
    c.depth = c.ttDepth = 2;
    EXPECT_FALSE(singular_search_applies(shallow, c));
}

TEST(SingularExtension, BetaAndDepthOfTheSingularSearch) {
    const SingularExtensionParams p;
    EXPECT_EQ(singular_beta(p, 100, 10), 100 - 10 * p.marginPerDepth);
    EXPECT_EQ(singular_search_depth(9), 4);
    EXPECT_EQ(singular_search_depth(8), 3);
}

TEST(SingularExtension, ThreeOutcomes) {
    const SingularExtensionParams p;
    // All other moves below singularBeta: the TT move is singular.
    EXPECT_EQ(singular_outcome(p, 79, 80, 60, 100), SingularOutcome::Extend);
    // Another move reaches singularBeta, which is itself above beta: multi-cut.
    EXPECT_EQ(singular_outcome(p, 80, 80, 60, 100), SingularOutcome::MultiCut);
    // Another move reaches singularBeta below beta, but the TT score is above beta.
    EXPECT_EQ(singular_outcome(p, 50, 40, 60, 100), SingularOutcome::Negative);
    // Neither: no change.
    EXPECT_EQ(singular_outcome(p, 50, 40, 120, 100), SingularOutcome::None);
    SingularExtensionParams noMultiCut;
    noMultiCut.multiCut = false;
    EXPECT_EQ(singular_outcome(noMultiCut, 80, 80, 60, 100), SingularOutcome::Negative);
}

TEST(SingularExtension, ExtensionKeepsThePathBound) {
    const SingularExtensionParams p;
    EXPECT_EQ(singular_extension(p, SingularOutcome::Extend, 3, 10), 1);
    EXPECT_EQ(singular_extension(p, SingularOutcome::Extend, 20, 10), 0); // path bound reached
    EXPECT_EQ(singular_extension(p, SingularOutcome::Negative, 3, 10), -p.negativeExtension);
    EXPECT_EQ(singular_extension(p, SingularOutcome::None, 3, 10), 0);
    EXPECT_EQ(singular_extension(p, SingularOutcome::MultiCut, 3, 10), 0);
}

TEST(SingularExtension, FiresInSearchWithEachOutcomeAndSwitchesOff) {
    const auto on = run_search(MIDDLEGAME, depth_limit(12));
    EXPECT_GT(on.stats.singularSearches, 0u);
    EXPECT_GT(on.stats.singularExtensions, 0u);
    EXPECT_GT(on.stats.singularMultiCuts, 0u);
    EXPECT_GT(on.stats.singularNegativeExtensions, 0u);
    EXPECT_LE(on.stats.singularExtensions + on.stats.singularMultiCuts +
                  on.stats.singularNegativeExtensions,
              on.stats.singularSearches);
    Params off;
    off.singularExtension.enabled = false;
    const auto none = run_search(MIDDLEGAME, depth_limit(12), off);
    EXPECT_EQ(none.stats.singularSearches, 0u);
    EXPECT_EQ(none.stats.singularExtensions + none.stats.singularMultiCuts +
                  none.stats.singularNegativeExtensions,
              0u);
}

// The excluded-move searches share the table with the real ones: they must not
// store or cut, or a mate's distance would come out wrong (distances confirmed with
// Stockfish 15.1 in search_test.cpp).
TEST(SingularExtension, DeepSearchKeepsMateDistancesExact) {
    const auto two = run_search("r5k1/5ppp/8/8/8/8/1Q6/1R4K1 w - - 0 1", depth_limit(14));
    EXPECT_EQ(two.result.score, mate_in(3));
    const auto three = run_search("k7/8/8/3K4/8/8/8/7R w - - 0 1", depth_limit(16));
    EXPECT_EQ(three.result.score, mate_in(5));
    EXPECT_GT(two.stats.singularSearches + three.stats.singularSearches, 0u);
}

// The root's TT move is the previous iteration's best move, and the root ranks its moves
// by their own searches: no singular search there. From the start position at depth 8
// only the root reaches depth 8 (no root move checks or pushes a pawn to the seventh).
TEST(SingularExtension, NeverSearchedAtTheRoot) {
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    EXPECT_EQ(run_search(start, depth_limit(8)).stats.singularSearches, 0u);
    EXPECT_GT(run_search(start, depth_limit(9)).stats.singularSearches, 0u); // its children
}

TEST(DoubleExtension, OnlyWideMarginsAtNonPvNodesWithinThePathLimit) {
    const DoubleExtensionParams p = switched_on<DoubleExtensionParams>();
    const Value singularBeta = 80;
    EXPECT_TRUE(double_extension_applies(p, false, singularBeta - p.margin - 1, singularBeta, 0));
    // Singular, but not by the margin.
    EXPECT_FALSE(double_extension_applies(p, false, singularBeta - p.margin, singularBeta, 0));
    // PV nodes take one ply.
    EXPECT_FALSE(double_extension_applies(p, true, singularBeta - 100, singularBeta, 0));
    // The limit per path.
    EXPECT_TRUE(
        double_extension_applies(p, false, singularBeta - 100, singularBeta, p.maxPerPath - 1));
    EXPECT_FALSE(
        double_extension_applies(p, false, singularBeta - 100, singularBeta, p.maxPerPath));
    DoubleExtensionParams off;
    off.enabled = false;
    EXPECT_FALSE(double_extension_applies(off, false, singularBeta - 100, singularBeta, 0));
}

// A double-extended move counts in DoubleExtensions only (search/extensions.h).
TEST(DoubleExtension, FiresInSearchAndSwitchesOff) {
    Params switchedOn;
    switchedOn.doubleExtension.enabled = true;
    const auto on = run_search(MIDDLEGAME, depth_limit(12), switchedOn);
    EXPECT_GT(on.stats.doubleExtensions, 0u);
    Params off;
    off.doubleExtension.enabled = false;
    const auto none = run_search(MIDDLEGAME, depth_limit(12), off);
    EXPECT_EQ(none.stats.doubleExtensions, 0u);
    EXPECT_GT(none.stats.singularExtensions, 0u);
}

TEST(TripleExtension, OnlyQuietTtMovesByAVeryWideMarginAtNonPvNodesWithinThePathLimit) {
    const TripleExtensionParams p = switched_on<TripleExtensionParams>();
    ExtensionContext c{.singular = 1, .singularScore = 80 - p.margin - 1, .singularBeta = 80};
    EXPECT_EQ(offered_triple_extension(p, c), 3);
    ExtensionContext narrow = c; // singular, but not by the margin
    narrow.singularScore = 80 - p.margin;
    EXPECT_EQ(offered_triple_extension(p, narrow), 0);
    ExtensionContext capture = c;
    capture.capture = true;
    EXPECT_EQ(offered_triple_extension(p, capture), 0);
    ExtensionContext pv = c;
    pv.pvNode = true;
    EXPECT_EQ(offered_triple_extension(p, pv), 0);
    ExtensionContext notExtended = c; // the singular search gave nothing (e.g. path bound)
    notExtended.singular = 0;
    EXPECT_EQ(offered_triple_extension(p, notExtended), 0);
    ExtensionContext full = c;
    full.doubleExtensions = DoubleExtensionParams{}.maxPerPath;
    EXPECT_EQ(offered_triple_extension(p, full), 0);
    full.doubleExtensions -= 1;
    EXPECT_EQ(offered_triple_extension(p, full), 3);
    TripleExtensionParams off;
    off.enabled = false;
    EXPECT_EQ(offered_triple_extension(off, c), 0);
}

// Triples are rare: a few searches of positions with sharp middlegames.
TEST(TripleExtension, FiresInSearchAndSwitchesOff) {
    const char* fens[] = {
        MIDDLEGAME,
        "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    Params switchedOn, off;
    switchedOn.tripleExtension.enabled = true;
    off.tripleExtension.enabled = false;
    std::uint64_t on = 0, none = 0;
    for (const char* fen : fens) {
        on += run_search(fen, depth_limit(13), switchedOn).stats.tripleExtensions;
        none += run_search(fen, depth_limit(13), off).stats.tripleExtensions;
    }
    EXPECT_GT(on, 0u);
    EXPECT_EQ(none, 0u);
}
