// Perft: counts leaf nodes of the legal move tree, for proving move generation.
#pragma once

#include "core/position.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace flotilla {

// Leaf count to depth, counting the last ply in bulk from the generator.
std::uint64_t perft(Position& pos, int depth);

// Per-root-move counts in generation order; with threads > 1 the root moves are
// shared among oneTBB workers, each with its own copy of the position.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         int threads = 1);

} // namespace flotilla
