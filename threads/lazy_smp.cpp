#include "threads/lazy_smp.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace flotilla::threads {

namespace {

bool eligible(const search::SearchResult& r) { return r.depth > 0 && r.bestMove != Move::none(); }

} // namespace

std::size_t pick_best_thread(std::span<const search::SearchResult> results) {
    Value lowest = VALUE_INFINITE;
    std::size_t mating = results.size();
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!eligible(results[i])) continue;
        lowest = std::min(lowest, results[i].score);
        if (results[i].score >= VALUE_MATE_IN_MAX_PLY &&
            (mating == results.size() || results[i].score > results[mating].score))
            mating = i;
    }
    if (mating != results.size()) return mating;
    if (lowest == VALUE_INFINITE) return 0;

    // Sum of votes per move; few threads disagree, so a flat list is enough.
    std::vector<std::pair<Move, std::int64_t>> votes;
    const auto vote_of = [&](Move m) -> std::int64_t& {
        for (auto& [move, total] : votes)
            if (move == m) return total;
        return votes.emplace_back(m, 0).second;
    };
    for (const search::SearchResult& r : results)
        if (eligible(r)) vote_of(r.bestMove) += std::int64_t(r.score - lowest + 14) * r.depth;

    std::size_t best = results.size();
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!eligible(results[i])) continue;
        if (best == results.size()) {
            best = i;
            continue;
        }
        const std::int64_t mine = vote_of(results[i].bestMove);
        const std::int64_t theirs = vote_of(results[best].bestMove);
        // Among threads backing the winning move, the deepest one gives the PV.
        if (mine > theirs || (mine == theirs && results[i].depth > results[best].depth)) best = i;
    }
    return best;
}

} // namespace flotilla::threads
