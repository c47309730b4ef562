// How often each search technique fired, per thread; summed and printed by the
// layers above (SearchStats). Plain counters: each thread owns its own.
#pragma once

#include <cstdint>

namespace flotilla::search {

struct Stats {
    std::uint64_t nullMoveTried = 0;
    std::uint64_t nullMoveCutoffs = 0;
    std::uint64_t reverseFutilityCutoffs = 0;
    std::uint64_t futilityPruned = 0;
    std::uint64_t lateMovePruned = 0;
    std::uint64_t lateMoveReductions = 0;
    std::uint64_t lateMoveResearches = 0;
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
    std::uint64_t multiCutTried = 0;
    std::uint64_t multiCutCutoffs = 0;
    std::uint64_t mateThreatExtensions = 0;
    std::uint64_t botvinnikMarkoffExtensions = 0;
    std::uint64_t qsearchChecks = 0;
    std::uint64_t qsearchEvasionsPruned = 0;
    std::uint64_t ttCutoffs = 0;
    std::uint64_t ttProbes = 0; // search and qsearch probes (the scaling command's hit rate)
    std::uint64_t ttHits = 0;

    // Calls f(name, value) for every counter, in a fixed order (for printing and summing).
    template <class F> void for_each(F&& f) const {
        f("NullMoveTried", nullMoveTried);
        f("NullMoveCutoffs", nullMoveCutoffs);
        f("ReverseFutilityPruning", reverseFutilityCutoffs);
        f("FutilityPruning", futilityPruned);
        f("LateMovePruning", lateMovePruned);
        f("LateMoveReductions", lateMoveReductions);
        f("LateMoveReductionResearches", lateMoveResearches);
        f("CheckExtension", checkExtensions);
        f("MateDistancePruning", mateDistanceCutoffs);
        f("DeltaPruning", deltaPruned);
        f("QsearchSeePruning", qsearchSeePruned);
        f("NullMoveVerifications", nullMoveVerifications);
        f("NullMoveVerificationFailures", nullMoveVerificationFailures);
        f("RazoringCutoffs", razoringCutoffs);
        f("LimitedRazoringReductions", limitedRazoringReductions);
        f("InternalIterativeReductions", internalIterativeReductions);
        f("SeePruningQuiets", seePrunedQuiets);
        f("SeePruningCaptures", seePrunedCaptures);
        f("HistoryLeafPruning", historyLeafPruned);
        f("RecaptureExtension", recaptureExtensions);
        f("PassedPawnExtension", passedPawnExtensions);
        f("OneReplyExtension", oneReplyExtensions);
        f("FailHighReductions", failHighReductions);
        f("NullMoveReductions", nullMoveReductions);
        f("ProbCutTried", probCutTried);
        f("ProbCutCutoffs", probCutCutoffs);
        f("SingularSearches", singularSearches);
        f("SingularExtensions", singularExtensions);
        f("SingularMultiCuts", singularMultiCuts);
        f("SingularNegativeExtensions", singularNegativeExtensions);
        f("MultiCutTried", multiCutTried);
        f("MultiCutCutoffs", multiCutCutoffs);
        f("MateThreatExtensions", mateThreatExtensions);
        f("BotvinnikMarkoffExtensions", botvinnikMarkoffExtensions);
        f("QSearchChecks", qsearchChecks);
        f("QSearchEvasionPruning", qsearchEvasionsPruned);
        f("TTCutoffs", ttCutoffs);
        f("TTProbes", ttProbes);
        f("TTHits", ttHits);
    }

    Stats& operator+=(const Stats& o) {
        nullMoveTried += o.nullMoveTried;
        nullMoveCutoffs += o.nullMoveCutoffs;
        reverseFutilityCutoffs += o.reverseFutilityCutoffs;
        futilityPruned += o.futilityPruned;
        lateMovePruned += o.lateMovePruned;
        lateMoveReductions += o.lateMoveReductions;
        lateMoveResearches += o.lateMoveResearches;
        checkExtensions += o.checkExtensions;
        mateDistanceCutoffs += o.mateDistanceCutoffs;
        deltaPruned += o.deltaPruned;
        qsearchSeePruned += o.qsearchSeePruned;
        nullMoveVerifications += o.nullMoveVerifications;
        nullMoveVerificationFailures += o.nullMoveVerificationFailures;
        razoringCutoffs += o.razoringCutoffs;
        limitedRazoringReductions += o.limitedRazoringReductions;
        internalIterativeReductions += o.internalIterativeReductions;
        seePrunedQuiets += o.seePrunedQuiets;
        seePrunedCaptures += o.seePrunedCaptures;
        historyLeafPruned += o.historyLeafPruned;
        recaptureExtensions += o.recaptureExtensions;
        passedPawnExtensions += o.passedPawnExtensions;
        oneReplyExtensions += o.oneReplyExtensions;
        failHighReductions += o.failHighReductions;
        nullMoveReductions += o.nullMoveReductions;
        probCutTried += o.probCutTried;
        probCutCutoffs += o.probCutCutoffs;
        singularSearches += o.singularSearches;
        singularExtensions += o.singularExtensions;
        singularMultiCuts += o.singularMultiCuts;
        singularNegativeExtensions += o.singularNegativeExtensions;
        multiCutTried += o.multiCutTried;
        multiCutCutoffs += o.multiCutCutoffs;
        mateThreatExtensions += o.mateThreatExtensions;
        botvinnikMarkoffExtensions += o.botvinnikMarkoffExtensions;
        qsearchChecks += o.qsearchChecks;
        qsearchEvasionsPruned += o.qsearchEvasionsPruned;
        ttCutoffs += o.ttCutoffs;
        ttProbes += o.ttProbes;
        ttHits += o.ttHits;
        return *this;
    }
};

} // namespace flotilla::search
