// How often each search technique fired, per thread; summed and printed by the
// layers above (SearchStats). Plain counters: each thread owns its own. Each field is
// named by exactly one technique's description (or by TABLE_COUNTERS), which stats.cpp
// checks at compile time.
#pragma once

#include <cstdint>
#include <functional>

namespace flotilla::search {

struct Stats {
    std::uint64_t nullMoveTried = 0;
    std::uint64_t nullMoveCutoffs = 0;
    std::uint64_t reverseFutilityCutoffs = 0;
    std::uint64_t futilityPruned = 0;
    std::uint64_t lateMovePruned = 0;
    std::uint64_t lateMoveReductions = 0;
    std::uint64_t lateMoveResearches = 0;
    std::uint64_t captureReductions = 0;
    std::uint64_t doDeeper = 0;
    std::uint64_t doShallower = 0;
    std::uint64_t checkExtensions = 0;
    std::uint64_t mateDistanceCutoffs = 0;
    std::uint64_t deltaPruned = 0;
    std::uint64_t qsearchSeePruned = 0;
    std::uint64_t nullMoveVerifications = 0;
    std::uint64_t nullMoveVerificationFailures = 0;
    std::uint64_t razoringCutoffs = 0;
    std::uint64_t limitedRazoringReductions = 0;
    std::uint64_t internalIterativeReductions = 0;
    std::uint64_t seePrunedQuiets = 0;
    std::uint64_t seePrunedCaptures = 0;
    std::uint64_t historyLeafPruned = 0;
    std::uint64_t recaptureExtensions = 0;
    std::uint64_t passedPawnExtensions = 0;
    std::uint64_t oneReplyExtensions = 0;
    std::uint64_t failHighReductions = 0;
    std::uint64_t nullMoveReductions = 0;
    std::uint64_t probCutTried = 0;
    std::uint64_t probCutCutoffs = 0;
    std::uint64_t singularSearches = 0;
    std::uint64_t singularExtensions = 0;
    std::uint64_t singularMultiCuts = 0;
    std::uint64_t singularNegativeExtensions = 0;
    std::uint64_t doubleExtensions = 0;
    std::uint64_t multiCutTried = 0;
    std::uint64_t multiCutCutoffs = 0;
    std::uint64_t mateThreatExtensions = 0;
    std::uint64_t botvinnikMarkoffExtensions = 0;
    std::uint64_t qsearchChecks = 0;
    std::uint64_t qsearchEvasionsPruned = 0;
    std::uint64_t qsearchMoveCountPruned = 0;
    std::uint64_t qsearchFutilityPruned = 0;
    std::uint64_t correctedEvals = 0; // static evals the correction history changed
    std::uint64_t correctionHistoryUpdates = 0;
    std::uint64_t ttShallowFailLowCutoffs = 0;
    std::uint64_t ttPvReductions = 0;
    std::uint64_t ttPvReverseFutilitySkips = 0;
    std::uint64_t opponentWorseningCutoffs = 0;
    std::uint64_t historyFutilityPruned = 0;
    std::uint64_t historyFutilitySeePruned = 0;
    std::uint64_t aspirationAverageShifts = 0;
    std::uint64_t ttMoveBonuses = 0;
    std::uint64_t aspirationFailHighReductions = 0;
    std::uint64_t continuationCorrectionUpdates = 0;
    std::uint64_t tripleExtensions = 0;
    std::uint64_t pawnHistoryUpdates = 0;
    std::uint64_t lowPlyHistoryUpdates = 0;
    std::uint64_t postLmrHistoryUpdates = 0;
    std::uint64_t minorCorrectionUpdates = 0;
    std::uint64_t uncertaintyReductionsLess = 0;
    std::uint64_t uncertaintyReverseFutilitySkips = 0;
    std::uint64_t captureFutilityPruned = 0;
    std::uint64_t checkExtensionSeeSkipped = 0;
    std::uint64_t iirConditionsExtraPlies = 0;
    std::uint64_t priorFailLowBonuses = 0;
    std::uint64_t refutedEarlyMaluses = 0;
    std::uint64_t lmrCutoffCountReductions = 0;
    std::uint64_t hindsightExtensions = 0;
    std::uint64_t hindsightReductions = 0;
    std::uint64_t negativeExtensionVariants = 0;
    std::uint64_t ttCutoffs = 0;
    std::uint64_t ttProbes = 0; // search and qsearch probes (the scaling command's hit rate)
    std::uint64_t ttHits = 0;

    // Calls f(name, value) for every counter: each technique's, in the order of
    // search::TECHNIQUES (search/params.h), then the transposition table's.
    void for_each(const std::function<void(const char*, std::uint64_t)>& f) const;

    Stats& operator+=(const Stats& o);
};

} // namespace flotilla::search
