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
    std::uint64_t ttCutoffs = 0;

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
        f("TTCutoffs", ttCutoffs);
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
        ttCutoffs += o.ttCutoffs;
        return *this;
    }
};

} // namespace flotilla::search
