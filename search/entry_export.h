// Deep transposition-table stores, offered to a reader on another thread (the cluster
// layer sends them to the other processes of a search). One ring per worker: the worker
// is the only writer, one reader drains it. It never blocks the search: a full ring
// drops the entry, as a table does when a bucket is taken.
#pragma once

#include "core/types.h"
#include "search/tt.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace flotilla::search {

// One store as the table took it: the score is node-relative (value_to_tt applied), so
// another table can take it as it is. 16 bytes, the unit of the cluster's exchange. The
// table's pv flag (TTData::pv) is not exported: it marks the sending process's own PV.
struct ExportedEntry {
    Key key = 0;
    std::int16_t score = 0;
    std::int16_t eval = 0;
    std::int8_t depth = 0;
    std::uint8_t bound = BOUND_NONE;
    std::uint16_t move = 0;
};
static_assert(sizeof(ExportedEntry) == 16);

class EntryExport {
  public:
    // Stores of at least minDepth are offered; capacity is rounded up to a power of two.
    explicit EntryExport(Depth minDepth, std::size_t capacity = 4096);

    Depth min_depth() const { return minimum; }
    // The writer (the worker's thread). Drops the entry when the ring is full.
    void offer(Key key, Value ttScore, Value eval, Depth depth, Bound bound, Move move) {
        const std::uint64_t head = written.load(std::memory_order_relaxed);
        if (head - taken.load(std::memory_order_acquire) > mask) {
            dropped.store(dropped.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
            return;
        }
        Slot& s = slots[head & mask];
        s.key.store(key, std::memory_order_relaxed);
        s.rest.store(pack(ttScore, eval, depth, bound, move), std::memory_order_relaxed);
        written.store(head + 1, std::memory_order_release);
    }
    // The reader: appends up to `most` entries to out (oldest first); returns how many.
    std::size_t drain(std::vector<ExportedEntry>& out, std::size_t most);
    // Entries offered and dropped so far (any thread).
    std::uint64_t offered() const { return written.load(std::memory_order_relaxed); }
    std::uint64_t dropped_count() const { return dropped.load(std::memory_order_relaxed); }

  private:
    // The fields beside the key in one word, so a slot is two relaxed atomics (no race
    // for ThreadSanitizer; the release/acquire on the indices orders them).
    static std::uint64_t pack(Value score, Value eval, Depth depth, Bound bound, Move move) {
        return std::uint64_t(std::uint16_t(std::int16_t(score))) |
               std::uint64_t(std::uint16_t(std::int16_t(eval))) << 16 |
               std::uint64_t(std::uint8_t(std::int8_t(std::min<Depth>(depth, 127)))) << 32 |
               std::uint64_t(bound) << 40 | std::uint64_t(move.raw()) << 48;
    }
    struct Slot {
        std::atomic<std::uint64_t> key{0};
        std::atomic<std::uint64_t> rest{0};
    };
    const Depth minimum;
    std::uint64_t mask;
    std::unique_ptr<Slot[]> slots;
    alignas(64) std::atomic<std::uint64_t> written{0};
    alignas(64) std::atomic<std::uint64_t> taken{0};
    std::atomic<std::uint64_t> dropped{0};
};

} // namespace flotilla::search
