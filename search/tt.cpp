#include "search/tt.h"

#include <algorithm>
#include <new>
#include <thread>
#include <utility>
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

// The pv flag (TTData::pv) is bit 63 of the check word, XORed into key ^ data, so the
// data word, and with it replacement, is the same with or without it. Key bit 63 needs no
// check of its own: the bucket index is the key's top bits times an even bucket count
// (MiB << 14), so every key of a bucket has the same bit 63. A torn pair now passes only
// if its two data words differ in no bit but 63, the generation's top bit: an age.
constexpr std::uint64_t PV_FLAG = std::uint64_t(1) << 63;

// check ^ data ^ key: 0 or PV_FLAG for this key's entry, anything else otherwise.
std::uint64_t check_residue(std::uint64_t check, std::uint64_t data, Key key) {
    return check ^ data ^ key;
}
bool holds_key(std::uint64_t residue) { return (residue & ~PV_FLAG) == 0; }

} // namespace

TranspositionTable::TranspositionTable() { resize(DEFAULT_MIB); }

void TranspositionTable::clear_on_threads(std::size_t tableBytes, const ClearPart& clearPart) {
    constexpr std::size_t BYTES_PER_THREAD = std::size_t(64) << 20;
    const std::size_t threads =
        std::clamp<std::size_t>(std::min<std::size_t>(std::thread::hardware_concurrency(), 64), 1,
                                std::max<std::size_t>(tableBytes / BYTES_PER_THREAD, 1));
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < threads; ++t) workers.emplace_back(clearPart, t, threads);
    clearPart(0, threads);
    for (std::thread& w : workers) w.join();
}

bool TranspositionTable::resize(std::size_t newMib, std::string* error) {
    const auto fail = [&](std::string message) {
        if (error) *error = std::move(message);
        return false;
    };
    if (newMib == 0 || newMib > MAX_MIB)
        return fail("the size must be from 1 to " + std::to_string(MAX_MIB) + " MiB");
    const std::size_t bytes = newMib << 20;
    // With overcommit, mmap promises more than exists and the first touch kills the
    // process: refuse sizes that cannot fit. The old table counts as free, since it is
    // unmapped before the new one is touched.
    if (const std::optional<SystemMemory> memory = system_memory()) {
        if (bytes > memory->total)
            return fail(std::to_string(newMib) + " MiB is more than this machine's " +
                        std::to_string(memory->total >> 20) + " MiB of memory");
        if (bytes > memory->available + pages.size())
            return fail(std::to_string(newMib) + " MiB is more than the " +
                        std::to_string((memory->available + pages.size()) >> 20) +
                        " MiB of memory available");
    }
    std::optional<TableMemory> fresh = TableMemory::reserve(bytes, error);
    if (!fresh) return false;
    pages = std::move(*fresh); // unmaps the old table before the new one is touched
    buckets = static_cast<Bucket*>(pages.data());
    bucketCount = bytes / sizeof(Bucket);
    mib = newMib;
    generation = 0;
    replacePages = false;
    zero_all(true);
    return true;
}

void TranspositionTable::clear() {
    if (replacePages) pages.discard_pages(); // then the executor's threads touch them anew
    replacePages = false;
    zero_all(false);
    generation = 0;
}

void TranspositionTable::set_clear_executor(ClearExecutor next) {
    executor = std::move(next);
    replacePages = true;
}

void TranspositionTable::zero_all(bool construct) {
    constexpr std::size_t BUCKETS_PER_PAGE = HUGE_PAGE_BYTES / sizeof(Bucket);
    const std::size_t pageCount = pages.size() / HUGE_PAGE_BYTES;
    const ClearPart clearPart = [this, construct, pageCount](std::size_t part, std::size_t parts) {
        const std::size_t begin =
            std::min(bucketCount, pageCount * part / parts * BUCKETS_PER_PAGE);
        const std::size_t end =
            std::min(bucketCount, pageCount * (part + 1) / parts * BUCKETS_PER_PAGE);
        for (std::size_t i = begin; i < end; ++i) {
            if (construct) {
                ::new (static_cast<void*>(&buckets[i])) Bucket; // fresh memory: start lifetimes
                continue;
            }
            for (Entry& e : buckets[i].entries) {
                e.data.store(0, std::memory_order_relaxed);
                e.check.store(0, std::memory_order_relaxed);
            }
        }
    };
    if (executor)
        executor(pages.size(), clearPart);
    else
        clear_on_threads(pages.size(), clearPart);
}

std::string TranspositionTable::memory_report() const {
    const HugePageUse use = huge_pages();
    const bool aligned = std::uintptr_t(buckets) % HUGE_PAGE_BYTES == 0;
    std::string text = "Hash " + std::to_string(mib) + " MiB, " +
                       (aligned ? "2 MiB-aligned" : "not 2 MiB-aligned") + ", huge pages: ";
    if (!use.known)
        text += "unknown (no /proc/self/smaps)";
    else if (use.hugeBytes == 0)
        text += "none granted";
    else
        text += std::to_string(use.hugeBytes >> 20) + " of " + std::to_string(pages.size() >> 20) +
                " MiB granted";
    if (!use.mode.empty()) text += " (transparent_hugepage " + use.mode + ")";
    return text;
}

std::size_t TranspositionTable::count_filled_entries() const {
    std::size_t filled = 0;
    for (std::size_t i = 0; i < bucketCount; ++i)
        for (const Entry& e : buckets[i].entries)
            filled += e.data.load(std::memory_order_relaxed) != 0 ||
                      e.check.load(std::memory_order_relaxed) != 0;
    return filled;
}

int TranspositionTable::age(std::uint64_t data) const {
    return (generation - Packed::generation(data)) & GENERATION_MASK;
}

std::optional<TTData> TranspositionTable::probe(Key key) const {
    const Bucket& b = buckets[index(key)];
    for (const Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        const std::uint64_t check = e.check.load(std::memory_order_relaxed);
        const std::uint64_t residue = check_residue(check, data, key);
        if (!holds_key(residue) || data == 0) continue;
        TTData out{Packed::move(data),  Packed::score(data), Packed::eval(data),
                   Packed::depth(data), Packed::bound(data), residue == PV_FLAG};
        // A sane entry has a bound and scores inside the representable range.
        if (out.bound == BOUND_NONE || !plausible_score(out.score) || !plausible_score(out.eval))
            return std::nullopt;
        return out;
    }
    return std::nullopt;
}

void TranspositionTable::store(Key key, Value score, Value eval, Depth depth, Bound bound,
                               Move move, bool pv) {
    Bucket& b = buckets[index(key)];
    Entry* target = nullptr;
    std::uint64_t targetData = 0;
    int worst = 1 << 30;
    bool sameKey = false;
    for (Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        const std::uint64_t check = e.check.load(std::memory_order_relaxed);
        if (data != 0 && holds_key(check_residue(check, data, key))) {
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
    target->check.store(key ^ data ^ (pv ? PV_FLAG : 0), std::memory_order_relaxed);
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
