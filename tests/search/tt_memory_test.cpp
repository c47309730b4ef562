// The transposition table's memory: 2 MiB alignment, clearing that zeroes every entry
// whichever executor runs it, allocation failures that keep the old table, and the
// /proc parsers behind the huge-page report.
#include "search/tt.h"
#include "search/tt_memory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

using namespace flotilla;
using namespace flotilla::search;

namespace {

constexpr std::size_t ENTRIES_PER_BUCKET = 4;

std::size_t bucket_count(const TranspositionTable& tt) { return (tt.size_mib() << 20) / 64; }

// The smallest key whose bucket is b (index = key * count >> 64), plus j.
Key key_in_bucket(std::size_t b, std::size_t count, std::uint64_t j) {
    const unsigned __int128 scaled = (unsigned __int128)b << 64;
    return Key((scaled + count - 1) / count) + j;
}

// Stores four different keys into every bucket: every entry of the table holds data.
void fill_every_entry(TranspositionTable& tt) {
    const std::size_t count = bucket_count(tt);
    for (std::size_t b = 0; b < count; ++b)
        for (std::uint64_t j = 0; j < ENTRIES_PER_BUCKET; ++j)
            tt.store(key_in_bucket(b, count, j), 7, 3, 5, BOUND_LOWER, Move::none());
}

bool aligned_to_huge_page(const void* p) { return std::uintptr_t(p) % HUGE_PAGE_BYTES == 0; }

} // namespace

TEST(TranspositionTableMemory, EveryTableIsTwoMiBAligned) {
    TranspositionTable tt;
    EXPECT_TRUE(aligned_to_huge_page(tt.memory()));
    for (std::size_t mib : {1, 2, 3, 17, 64}) {
        ASSERT_TRUE(tt.resize(mib)) << mib;
        EXPECT_TRUE(aligned_to_huge_page(tt.memory())) << mib << " MiB at " << tt.memory();
        EXPECT_EQ(tt.size_mib(), mib);
        EXPECT_EQ(tt.count_filled_entries(), 0u) << "a fresh table is empty";
    }
}

TEST(TranspositionTableMemory, FillingReachesEveryEntry) {
    // The helper the clearing tests rely on really fills the whole table.
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(3)); // 49152 buckets: not a power of two
    fill_every_entry(tt);
    EXPECT_EQ(tt.count_filled_entries(), bucket_count(tt) * ENTRIES_PER_BUCKET);
    const std::size_t count = bucket_count(tt);
    EXPECT_TRUE(tt.probe(key_in_bucket(0, count, 0)));
    EXPECT_TRUE(tt.probe(key_in_bucket(count - 1, count, 3)));
}

TEST(TranspositionTableMemory, ClearZeroesEveryEntry) {
    TranspositionTable tt;
    // 130 MiB: the default executor uses two threads on a machine that has them, and
    // the table ends in half a huge page.
    for (std::size_t mib : {1, 3, 130}) {
        ASSERT_TRUE(tt.resize(mib));
        fill_every_entry(tt);
        ASSERT_EQ(tt.count_filled_entries(), bucket_count(tt) * ENTRIES_PER_BUCKET);
        tt.clear();
        EXPECT_EQ(tt.count_filled_entries(), 0u) << mib << " MiB";
        EXPECT_FALSE(tt.probe(key_in_bucket(bucket_count(tt) / 2, bucket_count(tt), 1)));
        EXPECT_EQ(tt.hashfull(), 0);
    }
}

TEST(TranspositionTableMemory, AnExecutorRunsEveryPartOnceAndTheTableEndsZeroed) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(9)); // 5 huge pages over 7 parts: some parts are empty
    std::vector<int> calls;
    std::size_t seenBytes = 0;
    // Runs the parts in reverse order on the calling thread.
    tt.set_clear_executor([&](std::size_t bytes, const TranspositionTable::ClearPart& part) {
        seenBytes = bytes;
        calls.assign(7, 0);
        for (std::size_t i = 7; i-- > 0;) {
            ++calls[i];
            part(i, 7);
        }
    });
    fill_every_entry(tt);
    tt.clear(); // the first clear after a new executor also gives the pages back
    EXPECT_EQ(calls, std::vector<int>(7, 1));
    EXPECT_EQ(seenBytes, std::size_t(10) << 20) << "whole 2 MiB pages";
    EXPECT_EQ(tt.count_filled_entries(), 0u);

    fill_every_entry(tt);
    tt.clear(); // an ordinary clear: stores only
    EXPECT_EQ(tt.count_filled_entries(), 0u);

    // A resize constructs the fresh table through the executor too.
    ASSERT_TRUE(tt.resize(5));
    EXPECT_EQ(calls, std::vector<int>(7, 1));
    EXPECT_EQ(seenBytes, std::size_t(6) << 20);
    fill_every_entry(tt);
    EXPECT_EQ(tt.count_filled_entries(), bucket_count(tt) * ENTRIES_PER_BUCKET);
}

TEST(TranspositionTableMemory, PartsCoverTheTableWithoutOverlap) {
    // Each part zeroes its own run of pages: a part that ran alone leaves the others.
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(8)); // 4 huge pages, 2 parts of 2 pages
    bool secondHalfOnly = false;
    tt.set_clear_executor([&](std::size_t, const TranspositionTable::ClearPart& part) {
        if (!secondHalfOnly) part(0, 2);
        part(1, 2);
    });
    tt.clear(); // the clear that follows a new executor re-places (discards) every page
    secondHalfOnly = true;
    fill_every_entry(tt);
    tt.clear();
    const std::size_t count = bucket_count(tt);
    EXPECT_EQ(tt.count_filled_entries(), count / 2 * ENTRIES_PER_BUCKET);
    EXPECT_TRUE(tt.probe(key_in_bucket(0, count, 0)));
    EXPECT_TRUE(tt.probe(key_in_bucket(count / 2 - 1, count, 3)));
    EXPECT_FALSE(tt.probe(key_in_bucket(count / 2, count, 0)));
}

TEST(TranspositionTableMemory, ParallelClearOnThreadsIsComplete) {
    // clear_on_threads runs parts 0..n-1 exactly once each, n >= 1.
    for (std::size_t bytes : {std::size_t(2) << 20, std::size_t(1) << 30}) {
        std::mutex m;
        std::vector<std::size_t> seen;
        std::size_t total = 0;
        TranspositionTable::clear_on_threads(bytes, [&](std::size_t part, std::size_t parts) {
            const std::lock_guard lock(m);
            seen.push_back(part);
            total = parts;
        });
        std::sort(seen.begin(), seen.end());
        ASSERT_GE(total, 1u);
        ASSERT_EQ(seen.size(), total);
        for (std::size_t i = 0; i < total; ++i) EXPECT_EQ(seen[i], i);
    }
}

TEST(TranspositionTableMemory, TooLargeForThisMachineKeepsTheOldTable) {
    const auto memory = system_memory();
    if (!memory) GTEST_SKIP() << "no /proc/meminfo";
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(2));
    tt.store(99, 10, 10, 4, BOUND_EXACT, Move::none());
    const void* before = tt.memory();
    std::string error;
    EXPECT_FALSE(tt.resize(std::size_t(memory->total >> 20) * 2, &error));
    EXPECT_NE(error.find("memory"), std::string::npos) << error;
    EXPECT_EQ(tt.size_mib(), 2u);
    EXPECT_EQ(tt.memory(), before);
    EXPECT_TRUE(tt.probe(99));
    error.clear();
    EXPECT_FALSE(tt.resize(0, &error));
    EXPECT_FALSE(error.empty());
    EXPECT_TRUE(tt.probe(99));
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FLOTILLA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FLOTILLA_SANITIZED 1
#endif
#endif

TEST(TranspositionTableMemory, FailedMmapKeepsTheOldTable) {
#if !defined(__linux__) || defined(FLOTILLA_SANITIZED)
    GTEST_SKIP() << "needs Linux and no sanitizer (they reserve huge address ranges)";
#else
    const auto memory = system_memory();
    if (!memory || memory->available < (std::uint64_t(2) << 30))
        GTEST_SKIP() << "needs 2 GiB of available memory to get past the size check";
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(4));
    tt.store(1234, -50, 20, 6, BOUND_UPPER, Move::none());
    const void* before = tt.memory();

    // Limit the address space to what is mapped now plus 256 MiB: a 1 GiB mmap fails.
    long pagesMapped = 0;
    {
        FILE* statm = std::fopen("/proc/self/statm", "r");
        ASSERT_TRUE(statm);
        ASSERT_EQ(std::fscanf(statm, "%ld", &pagesMapped), 1);
        std::fclose(statm);
    }
    rlimit old{};
    ASSERT_EQ(getrlimit(RLIMIT_AS, &old), 0);
    rlimit tight = old;
    tight.rlim_cur = rlim_t(pagesMapped) * rlim_t(sysconf(_SC_PAGESIZE)) + (rlim_t(256) << 20);
    ASSERT_EQ(setrlimit(RLIMIT_AS, &tight), 0);
    std::string error;
    const bool resized = tt.resize(1024, &error);
    ASSERT_EQ(setrlimit(RLIMIT_AS, &old), 0);

    EXPECT_FALSE(resized);
    EXPECT_NE(error.find("mmap"), std::string::npos) << error;
    EXPECT_EQ(tt.size_mib(), 4u);
    EXPECT_EQ(tt.memory(), before);
    const auto kept = tt.probe(1234);
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->score, -50);
    EXPECT_TRUE(tt.resize(8)); // and the limit is gone again
#endif
}

TEST(TranspositionTableMemory, ReportNamesSizeAlignmentAndHugePages) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(64));
    const std::string report = tt.memory_report();
    EXPECT_EQ(report.rfind("Hash 64 MiB, 2 MiB-aligned, huge pages: ", 0), 0u) << report;
    const HugePageUse use = tt.huge_pages();
#ifdef __linux__
    EXPECT_TRUE(use.known);
#endif
    EXPECT_LE(use.hugeBytes, std::uint64_t(64) << 20);
    if (use.mode == "never") {
        EXPECT_EQ(use.hugeBytes, 0u);
    }
}

TEST(TranspositionTableMemory, SmapsParserSumsOnlyTheTablesMappings) {
    const std::string smaps = "55d0c0000000-55d0c0021000 rw-p 00000000 00:00 0          [heap]\n"
                              "Size:                132 kB\n"
                              "AnonHugePages:       2048 kB\n"
                              "7f0000000000-7f0000400000 rw-p 00000000 00:00 0 \n"
                              "Size:               4096 kB\n"
                              "AnonHugePages:       4096 kB\n"
                              "ShmemPmdMapped:         0 kB\n"
                              "VmFlags: rd wr mr mw me ac sd hg\n"
                              "7f0000400000-7f0000600000 rw-p 00000000 00:00 0 \n"
                              "AnonHugePages:       2048 kB\n"
                              "7f0000600000-7f0000800000 rw-p 00000000 00:00 0 \n"
                              "AnonHugePages:       2048 kB\n";
    // The table: 0x7f0000000000 up to 0x7f0000600000 (two mappings, 6 MiB huge).
    EXPECT_EQ(anon_huge_bytes(smaps, 0x7f0000000000, 0x7f0000600000), std::uint64_t(6) << 20);
    EXPECT_EQ(anon_huge_bytes(smaps, 0x7f0000000000, 0x7f0000400000), std::uint64_t(4) << 20);
    EXPECT_EQ(anon_huge_bytes(smaps, 0x1000, 0x2000), 0u);
    EXPECT_EQ(anon_huge_bytes("", 0, ~std::uintptr_t(0)), 0u);
    EXPECT_EQ(anon_huge_bytes("garbage-\n:-:\nAnonHugePages: x kB\n", 0, ~std::uintptr_t(0)), 0u);
}

TEST(TranspositionTableMemory, ThpModeAndMeminfoParsers) {
    EXPECT_EQ(selected_thp_mode("always [madvise] never\n"), "madvise");
    EXPECT_EQ(selected_thp_mode("[always] madvise never"), "always");
    EXPECT_EQ(selected_thp_mode(""), "");
    EXPECT_EQ(selected_thp_mode("always madvise [never"), "");
    const std::string meminfo = "MemTotal:       24683520 kB\nMemFree:        1000 kB\n"
                                "MemAvailable:   22000000 kB\nHugePages_Total:       0\n";
    EXPECT_EQ(meminfo_bytes(meminfo, "MemTotal"), std::uint64_t(24683520) * 1024);
    EXPECT_EQ(meminfo_bytes(meminfo, "MemAvailable"), std::uint64_t(22000000) * 1024);
    EXPECT_EQ(meminfo_bytes(meminfo, "HugePages_Total"), 0u);
    EXPECT_FALSE(meminfo_bytes(meminfo, "Mem"));
    EXPECT_FALSE(meminfo_bytes(meminfo, "Total"));
    EXPECT_FALSE(meminfo_bytes("MemTotal: lots\n", "MemTotal"));
}
