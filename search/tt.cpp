#include "search/tt.h"

#include <algorithm>
#include <new>
#include <thread>
#include <vector>

namespace flotilla::search {

namespace {

// Field layout of an entry's data word (bits): move 16 | score 16 | eval 16 |
// depth 8 | bound 2 | generation 6.
struct Packed {
    static std::uint64_t pack(Move move, Value score, Value eval, Depth depth, Bound bound,
                              std::uint8_t generation) {
        return std::uint64_t(move.raw()) | std::uint64_t(std::uint16_t(std::int16_t(score))) << 16 |
               std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32 |
               std::uint64_t(std::uint8_t(depth - TranspositionTable::DEPTH_MIN)) << 48 |
               std::uint64_t(bound) << 56 | std::uint64_t(generation) << 58;
    }
    static Move move(std::uint64_t d) { return Move(std::uint16_t(d)); }
    static Value score(std::uint64_t d) { return std::int16_t(std::uint16_t(d >> 16)); }
    static Value eval(std::uint64_t d) { return std::int16_t(std::uint16_t(d >> 32)); }
    static Depth depth(std::uint64_t d) {
        return Depth(std::uint8_t(d >> 48)) + TranspositionTable::DEPTH_MIN;
    }
    static Bound bound(std::uint64_t d) { return Bound((d >> 56) & 3); }
    static std::uint8_t generation(std::uint64_t d) { return std::uint8_t(d >> 58); }
};

bool plausible_score(Value v) { return v == VALUE_NONE || (v >= -VALUE_MATE && v <= VALUE_MATE); }

} // namespace

TranspositionTable::TranspositionTable() { resize(DEFAULT_MIB); }

bool TranspositionTable::resize(std::size_t newMib) {
    if (newMib == 0 || newMib > MAX_MIB) return false;
    const std::size_t count = newMib * 1024 * 1024 / sizeof(Bucket);
    std::unique_ptr<Bucket[]> fresh(new (std::nothrow) Bucket[count]);
    if (!fresh) return false;
    buckets = std::move(fresh);
    bucketCount = count;
    mib = newMib;
    generation = 0;
    return true; // value-initialised atomics: already clear
}

void TranspositionTable::clear() {
    // Plain threads, one slice each: their start and join are synchronisation that
    // ThreadSanitizer sees (oneTBB's is hidden from it), and a huge table clears in parallel.
    const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 64);
    const std::size_t slice = (bucketCount + threads - 1) / threads;
    auto clear_slice = [this](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i)
            for (Entry& e : buckets[i].entries) {
                e.data.store(0, std::memory_order_relaxed);
                e.check.store(0, std::memory_order_relaxed);
            }
    };
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < threads && t * slice < bucketCount; ++t)
        workers.emplace_back(clear_slice, t * slice, std::min(bucketCount, (t + 1) * slice));
    clear_slice(0, std::min(bucketCount, slice));
    for (std::thread& w : workers) w.join();
    generation = 0;
}

int TranspositionTable::age(std::uint64_t data) const {
    return (generation - Packed::generation(data)) & GENERATION_MASK;
}

std::optional<TTData> TranspositionTable::probe(Key key) const {
    const Bucket& b = buckets[index(key)];
    for (const Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        const std::uint64_t check = e.check.load(std::memory_order_relaxed);
        if ((check ^ data) != key || data == 0) continue;
        TTData out{Packed::move(data), Packed::score(data), Packed::eval(data), Packed::depth(data),
                   Packed::bound(data)};
        // A sane entry has a bound and scores inside the representable range.
        if (out.bound == BOUND_NONE || !plausible_score(out.score) || !plausible_score(out.eval))
            return std::nullopt;
        return out;
    }
    return std::nullopt;
}

void TranspositionTable::store(Key key, Value score, Value eval, Depth depth, Bound bound,
                               Move move) {
    Bucket& b = buckets[index(key)];
    Entry* target = nullptr;
    std::uint64_t targetData = 0;
    int worst = 1 << 30;
    bool sameKey = false;
    for (Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        const std::uint64_t check = e.check.load(std::memory_order_relaxed);
        if (data != 0 && (check ^ data) == key) {
            target = &e;
            targetData = data;
            sameKey = true;
            break;
        }
        // Replace an empty slot, else the shallowest entry, counting each search of
        // age as 8 plies.
        const int worth = data == 0 ? -(1 << 20) : Packed::depth(data) - 8 * age(data);
        if (worth < worst) {
            worst = worth;
            target = &e;
            targetData = data;
        }
    }

    if (sameKey) {
        // Keep the old move when the new result has none.
        if (!move) move = Packed::move(targetData);
        // A shallower non-exact result of this search does not overwrite a deeper one.
        if (bound != BOUND_EXACT && age(targetData) == 0 && depth + 2 < Packed::depth(targetData))
            return;
    }

    depth = std::clamp(depth, DEPTH_MIN, DEPTH_MIN + 255);
    const std::uint64_t data = Packed::pack(move, score, eval, depth, bound, generation);
    target->data.store(data, std::memory_order_relaxed);
    target->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    const std::size_t sampleBuckets = std::min<std::size_t>(1000 / ENTRIES_PER_BUCKET, bucketCount);
    int used = 0;
    for (std::size_t i = 0; i < sampleBuckets; ++i)
        for (const Entry& e : buckets[i].entries) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            used += data != 0 && age(data) == 0;
        }
    return int(used * 1000 / (sampleBuckets * ENTRIES_PER_BUCKET));
}

} // namespace flotilla::search
