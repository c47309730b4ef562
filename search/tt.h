// The transposition table, shared by all search threads. Every word is a
// std::atomic accessed with relaxed ordering, so concurrent probes and stores
// are defined behaviour; a torn entry fails its key check and reads as a miss.
#pragma once

#include "core/types.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace flotilla::search {

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

// One decoded entry. `move` is unchecked: validate it with is_pseudo_legal before use.
struct TTData {
    Move move;
    Value score; // already adjusted by ply is the caller's job (value_from_tt)
    Value eval;  // static evaluation, or VALUE_NONE
    Depth depth;
    Bound bound;
};

// Mate scores are stored relative to the node, not the root, so an entry is
// right wherever in the tree the position is found again.
constexpr Value value_to_tt(Value v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= VALUE_MATED_IN_MAX_PLY ? v - ply : v;
}
constexpr Value value_from_tt(Value v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= VALUE_MATED_IN_MAX_PLY ? v + ply : v;
}

class TranspositionTable {
  public:
    static constexpr std::size_t DEFAULT_MIB = 16;
    static constexpr std::size_t MAX_MIB = std::size_t(1) << 25; // 32 TiB
    static constexpr Depth DEPTH_MIN = -8;                       // lowest depth an entry can hold

    TranspositionTable();

    // Reallocates to `mib` MiB (cleared). On a bad size or a failed allocation the
    // old table stays as it was and false is returned.
    bool resize(std::size_t mib);
    std::size_t size_mib() const { return mib; }
    // Zeroes every entry (in parallel for large tables).
    void clear();
    // Call between searches only, never while threads search: ages all entries.
    void new_search() { generation = (generation + 1) & GENERATION_MASK; }

    std::optional<TTData> probe(Key key) const;
    void store(Key key, Value score, Value eval, Depth depth, Bound bound, Move move);
    // Per mille of a 1000-entry sample holding entries of the current search.
    int hashfull() const;
    void prefetch(Key key) const { __builtin_prefetch(&buckets[index(key)]); }

  private:
    static constexpr int ENTRIES_PER_BUCKET = 4;
    static constexpr std::uint8_t GENERATION_MASK = 63;

    // 16 bytes: `check` holds key ^ data, so a torn pair (data from one store, check
    // from another) or a different key fails the comparison.
    struct Entry {
        std::atomic<std::uint64_t> check{0};
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Entry entries[ENTRIES_PER_BUCKET];
    };
    static_assert(sizeof(Entry) == 16 && sizeof(Bucket) == 64);

    std::size_t index(Key key) const {
        return std::size_t((unsigned __int128)key * bucketCount >> 64);
    }
    int age(std::uint64_t data) const;

    std::unique_ptr<Bucket[]> buckets;
    std::size_t bucketCount = 0;
    std::size_t mib = 0;
    std::uint8_t generation = 0;
};

} // namespace flotilla::search
