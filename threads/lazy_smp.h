// Lazy SMP's choice of the move to play: a vote among the threads' results.
#pragma once

#include "search/worker.h"

#include <cstddef>
#include <span>

namespace flotilla::threads {

// Index of the result whose best move wins the vote; index 0 (the main thread) when no
// thread finished an iteration. Threads with depth 0 (no finished first iteration) never
// vote nor win. Each thread votes for its move with weight (score - lowest score + 14)
// * depth, so deep and well-scored moves win (the published Stockfish 10+ vote idea);
// a proven mate for us is taken from the thread that found the shortest one.
std::size_t pick_best_thread(std::span<const search::SearchResult> results);

} // namespace flotilla::threads
