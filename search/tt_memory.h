// The transposition table's memory: one anonymous mapping, 2 MiB-aligned so that
// transparent huge pages can back all of it, advised MADV_HUGEPAGE on Linux. Huge pages
// matter for a table that every node probes at a random place: one TLB entry covers
// 2 MiB instead of 4 KiB. Also the few /proc readers that say how much was granted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace flotilla::search {

constexpr std::size_t HUGE_PAGE_BYTES = std::size_t(2) << 20;

// What the kernel gave a mapping.
struct HugePageUse {
    std::string mode;            // the THP setting ("always", "madvise", "never"); "" unknown
    std::uint64_t hugeBytes = 0; // bytes backed by huge pages (AnonHugePages)
    bool known = false;          // /proc/self/smaps could be read
};

class TableMemory {
  public:
    TableMemory() = default;
    TableMemory(TableMemory&& other) noexcept;
    TableMemory& operator=(TableMemory&& other) noexcept;
    TableMemory(const TableMemory&) = delete;
    TableMemory& operator=(const TableMemory&) = delete;
    ~TableMemory();

    // Maps `bytes` (rounded up to whole 2 MiB pages) of zeroed memory that no page backs
    // yet, so the first thread to write a page decides its NUMA node. Nothing (and
    // *error) when the system refuses.
    static std::optional<TableMemory> reserve(std::size_t bytes, std::string* error);

    void* data() const { return base; }
    std::size_t size() const { return bytes; }
    // Gives every page back: the range reads as zero and the next write to a page faults
    // in a fresh one on the writer's node (how a clear re-places the table).
    void discard_pages();
    HugePageUse huge_pages() const;

  private:
    void release();

    void* base = nullptr;
    std::size_t bytes = 0;
    bool mapped = false; // from mmap (Linux), else from std::aligned_alloc
};

// Bytes of AnonHugePages summed over the mappings of an smaps text that lie inside
// [begin, end).
std::uint64_t anon_huge_bytes(std::string_view smaps, std::uintptr_t begin, std::uintptr_t end);
// The selected word of /sys/kernel/mm/transparent_hugepage/enabled, e.g. "madvise" from
// "always [madvise] never"; "" when there is none.
std::string selected_thp_mode(std::string_view enabledFile);
// A "Name:   123 kB" field of /proc/meminfo, in bytes.
std::optional<std::uint64_t> meminfo_bytes(std::string_view meminfo, std::string_view name);

struct SystemMemory {
    std::uint64_t total = 0;     // MemTotal
    std::uint64_t available = 0; // MemAvailable: what can be had without swapping
};
// This machine's memory; nothing where /proc/meminfo cannot be read.
std::optional<SystemMemory> system_memory();

} // namespace flotilla::search
