#include "search/tt_memory.h"

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace flotilla::search {

namespace {

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

std::string read_text(const char* path) {
    std::ifstream in(path);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string to_mib(std::size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// Parses a hexadecimal number at the front of text; false when there is none.
bool parse_hex(std::string_view text, std::uintptr_t* value) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value, 16);
    return ec == std::errc() && end != text.data();
}

} // namespace

TableMemory::TableMemory(TableMemory&& other) noexcept
    : base(std::exchange(other.base, nullptr)), bytes(std::exchange(other.bytes, 0)),
      mapped(other.mapped) {}

TableMemory& TableMemory::operator=(TableMemory&& other) noexcept {
    if (this != &other) {
        release();
        base = std::exchange(other.base, nullptr);
        bytes = std::exchange(other.bytes, 0);
        mapped = other.mapped;
    }
    return *this;
}

TableMemory::~TableMemory() { release(); }

void TableMemory::release() {
    if (!base) return;
#ifdef __linux__
    if (mapped) munmap(base, bytes);
#endif
    if (!mapped) std::free(base);
    base = nullptr;
    bytes = 0;
}

std::optional<TableMemory> TableMemory::reserve(std::size_t wanted, std::string* error) {
    TableMemory memory;
    memory.bytes = round_up(wanted, HUGE_PAGE_BYTES);
#ifdef __linux__
    // mmap gives 4 KiB alignment only: map one huge page more and trim both ends.
    const std::size_t span = memory.bytes + HUGE_PAGE_BYTES;
    void* raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) {
        if (error) *error = "mmap of " + to_mib(memory.bytes) + " failed: " + std::strerror(errno);
        return std::nullopt;
    }
    const auto start = std::uintptr_t(raw);
    const std::uintptr_t aligned = round_up(start, HUGE_PAGE_BYTES);
    if (aligned > start) munmap(raw, aligned - start);
    if (const std::size_t tail = span - (aligned - start) - memory.bytes)
        munmap(reinterpret_cast<void*>(aligned + memory.bytes), tail);
    memory.base = reinterpret_cast<void*>(aligned);
    memory.mapped = true;
    // Advice only: a kernel without THP refuses, and the table works on small pages.
    madvise(memory.base, memory.bytes, MADV_HUGEPAGE);
#else
    memory.base = std::aligned_alloc(HUGE_PAGE_BYTES, memory.bytes);
    if (!memory.base) {
        if (error) *error = "allocation of " + to_mib(memory.bytes) + " failed";
        return std::nullopt;
    }
    std::memset(memory.base, 0, memory.bytes);
#endif
    return memory;
}

void TableMemory::discard_pages() {
#ifdef __linux__
    // A private anonymous mapping reads as zero after MADV_DONTNEED.
    if (mapped && madvise(base, bytes, MADV_DONTNEED) == 0) return;
#endif
    std::memset(base, 0, bytes);
}

HugePageUse TableMemory::huge_pages() const {
    HugePageUse use;
    use.mode = selected_thp_mode(read_text("/sys/kernel/mm/transparent_hugepage/enabled"));
    const std::string smaps = read_text("/proc/self/smaps");
    use.known = !smaps.empty();
    const auto begin = std::uintptr_t(base);
    use.hugeBytes = anon_huge_bytes(smaps, begin, begin + bytes);
    return use;
}

std::uint64_t anon_huge_bytes(std::string_view smaps, std::uintptr_t begin, std::uintptr_t end) {
    std::uint64_t total = 0;
    bool inside = false; // the current mapping lies in [begin, end)
    while (!smaps.empty()) {
        const std::size_t eol = smaps.find('\n');
        const std::string_view line = smaps.substr(0, eol);
        smaps.remove_prefix(eol == std::string_view::npos ? smaps.size() : eol + 1);
        // A mapping's header starts "start-end perms ...", its fields "Name: value".
        std::uintptr_t from = 0, to = 0;
        const std::size_t dash = line.find('-');
        const std::size_t colon = line.find(':');
        if (dash != std::string_view::npos && (colon == std::string_view::npos || dash < colon) &&
            parse_hex(line, &from) && parse_hex(line.substr(dash + 1), &to)) {
            inside = from >= begin && to <= end && from < to;
            continue;
        }
        if (inside)
            if (const auto value = meminfo_bytes(line, "AnonHugePages")) total += *value;
    }
    return total;
}

std::string selected_thp_mode(std::string_view enabledFile) {
    const std::size_t open = enabledFile.find('[');
    const std::size_t close = enabledFile.find(']', open);
    if (open == std::string_view::npos || close == std::string_view::npos) return {};
    return std::string(enabledFile.substr(open + 1, close - open - 1));
}

std::optional<std::uint64_t> meminfo_bytes(std::string_view meminfo, std::string_view name) {
    for (std::size_t at = meminfo.find(name); at != std::string_view::npos;
         at = meminfo.find(name, at + 1)) {
        // Whole field names only: at a line start and followed by ':'.
        if ((at > 0 && meminfo[at - 1] != '\n') || meminfo.substr(at + name.size(), 1) != ":")
            continue;
        std::string_view rest = meminfo.substr(at + name.size() + 1);
        rest.remove_prefix(std::min(rest.find_first_not_of(' '), rest.size()));
        std::uint64_t value = 0;
        const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
        if (ec != std::errc()) return std::nullopt;
        const std::string_view unit = std::string_view(end, rest.data() + rest.size()).substr(0, 3);
        return unit == " kB" ? value * 1024 : value;
    }
    return std::nullopt;
}

std::optional<SystemMemory> system_memory() {
    const std::string meminfo = read_text("/proc/meminfo");
    const auto total = meminfo_bytes(meminfo, "MemTotal");
    const auto available = meminfo_bytes(meminfo, "MemAvailable");
    if (!total || !available) return std::nullopt;
    return SystemMemory{*total, *available};
}

} // namespace flotilla::search
