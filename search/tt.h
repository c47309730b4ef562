// The transposition table, shared by all search threads. Every word is a
// std::atomic accessed with relaxed ordering, so concurrent probes and stores
// are defined behaviour; a torn entry fails its key check and reads as a miss.
#pragma once

#include "core/types.h"
#include "search/tt_memory.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace flotilla::search {

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

// One decoded entry. `move` is unchecked: validate it with is_pseudo_legal before use.
struct TTData {
    Move move;
    Value score; // already adjusted by ply is the caller's job (value_from_tt)
    Value eval;  // static evaluation, or VALUE_NONE
    Depth depth;
    Bound bound;
    bool pv = false; // the position was on a principal variation when stored (TtPv)
};

// Mate and tablebase scores are stored relative to the node, not the root, so an entry
// is right wherever in the tree the position is found again.
constexpr Value value_to_tt(Value v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_TB_WIN_IN_MAX_PLY ? v + ply : v <= VALUE_TB_LOSS_IN_MAX_PLY ? v - ply : v;
}
constexpr Value value_from_tt(Value v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_TB_WIN_IN_MAX_PLY ? v - ply : v <= VALUE_TB_LOSS_IN_MAX_PLY ? v + ply : v;
}

class TranspositionTable {
  public:
    static constexpr std::size_t DEFAULT_MIB = 16;
    static constexpr std::size_t MAX_MIB = std::size_t(1) << 25; // 32 TiB
    static constexpr Depth DEPTH_MIN = -8;                       // lowest depth an entry can hold

    // Zeroes part `part` of `parts` equal runs of whole 2 MiB pages, so that each page is
    // first touched by one thread only.
    using ClearPart = std::function<void(std::size_t part, std::size_t parts)>;
    // Runs clearPart(i, n) for every i < n (n of its choosing, on threads of its
    // choosing) and returns once all have finished. The threads layer supplies one
    // whose threads are bound to the NUMA nodes that should hold the pages.
    using ClearExecutor = std::function<void(std::size_t tableBytes, const ClearPart& clearPart)>;
    // The default executor: plain std::threads, one per 64 MiB up to the hardware
    // threads (their start and join are synchronisation ThreadSanitizer sees).
    static void clear_on_threads(std::size_t tableBytes, const ClearPart& clearPart);

    TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Reallocates to `mib` MiB (cleared, in parallel by the executor). On a bad size, a
    // size this machine cannot hold or a failed allocation the old table stays as it
    // was, false is returned and *error says why.
    bool resize(std::size_t mib, std::string* error = nullptr);
    std::size_t size_mib() const { return mib; }
    // Zeroes every entry, in parallel by the executor.
    void clear();
    // Installs how clear() and resize() spread their work (empty: clear_on_threads).
    // The next clear() gives the pages back first, so the new executor's threads place
    // them afresh (first touch); install one only when placement should change.
    void set_clear_executor(ClearExecutor executor);
    // Call between searches only, never while threads search: ages all entries.
    void new_search() { generation = (generation + 1) & GENERATION_MASK; }

    std::optional<TTData> probe(Key key) const;
    // `pv` is stored beside the entry without touching its other fields: an entry stored
    // with or without it is replaced, kept and read back alike.
    void store(Key key, Value score, Value eval, Depth depth, Bound bound, Move move,
               bool pv = false);
    // Per mille of a 1000-entry sample holding entries of the current search.
    int hashfull() const;
    void prefetch(Key key) const { __builtin_prefetch(&buckets[index(key)]); }

    // The table's first byte (2 MiB-aligned).
    const void* memory() const { return buckets; }
    // How much of the table the kernel backs with huge pages.
    HugePageUse huge_pages() const { return pages.huge_pages(); }
    // One line for `info string`: the size, the alignment and the huge pages granted.
    std::string memory_report() const;
    // Entries holding anything, over the whole table (slow: tests and diagnostics).
    std::size_t count_filled_entries() const;

  private:
    static constexpr int ENTRIES_PER_BUCKET = 4;
    static constexpr std::uint8_t GENERATION_MASK = 63;

    // 16 bytes: `check` holds key ^ data, so a torn pair (data from one store, check
    // from another) or a different key fails the comparison. Bit 63 of `check` carries
    // the pv flag instead (tt.cpp, PV_FLAG).
    struct Entry {
        std::atomic<std::uint64_t> check{0};
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Entry entries[ENTRIES_PER_BUCKET];
    };
    static_assert(sizeof(Entry) == 16 && sizeof(Bucket) == 64);
    static_assert(HUGE_PAGE_BYTES % sizeof(Bucket) == 0);

    std::size_t index(Key key) const {
        return std::size_t((unsigned __int128)key * bucketCount >> 64);
    }
    int age(std::uint64_t data) const;
    // Zeroes (or, on fresh memory, constructs) every bucket through the executor.
    void zero_all(bool construct);

    TableMemory pages;
    Bucket* buckets = nullptr;
    std::size_t bucketCount = 0;
    std::size_t mib = 0;
    std::uint8_t generation = 0;
    ClearExecutor executor;
    bool replacePages = false; // the executor changed since the pages were placed
};

} // namespace flotilla::search
