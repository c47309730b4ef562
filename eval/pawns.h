// Pawn structure: the terms that depend only on where the pawns stand, and
// the per-thread hash table that caches them under a pawn key
// (https://www.chessprogramming.org/Pawn_Hash_Table).
#pragma once

#include "core/position.h"
#include "eval/score.h"
#include "eval/weights.h"

#include <cstddef>
#include <vector>

namespace flotilla::eval {

struct PawnEntry {
    Key key = 0;
    Score score[COLOR_NB];              // structure terms for each side (own view)
    Bitboard passed[COLOR_NB] = {};     // passed pawns; the dynamic part is in passed.cpp
    Bitboard attacks[COLOR_NB] = {};    // squares attacked by each side's pawns
    Bitboard attackSpan[COLOR_NB] = {}; // squares each side's pawns attack now or later
};

// Zobrist key of the pawn placement alone (the Position keeps no pawn key).
// Never 0, so an empty cache slot cannot match.
Key pawn_key(const Position& pos);

// Fresh computation of the pawn entry, without any cache.
PawnEntry compute_pawn_entry(const Position& pos, const Weights& weights);

// One per thread; not shared, so no locking. Entries are computed with the
// weights of the probe; a probe with another Weights object clears the table.
class PawnCache {
  public:
    // entries is rounded up to a power of two (at least 1).
    explicit PawnCache(std::size_t entries = 1 << 14);

    const PawnEntry& probe(const Position& pos, const Weights& weights);
    void clear();
    std::size_t size() const { return table.size(); }

  private:
    std::vector<PawnEntry> table;
    const Weights* weightsInUse = nullptr;
};

} // namespace flotilla::eval
