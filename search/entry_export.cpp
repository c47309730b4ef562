#include "search/entry_export.h"

#include <bit>

namespace flotilla::search {

EntryExport::EntryExport(Depth minDepth, std::size_t capacity)
    : minimum(minDepth), mask(std::bit_ceil(std::max<std::size_t>(capacity, 2)) - 1),
      slots(std::make_unique<Slot[]>(mask + 1)) {}

std::size_t EntryExport::drain(std::vector<ExportedEntry>& out, std::size_t most) {
    const std::uint64_t tail = taken.load(std::memory_order_relaxed);
    const std::uint64_t head = written.load(std::memory_order_acquire);
    const std::uint64_t count = std::min<std::uint64_t>(head - tail, most);
    for (std::uint64_t i = 0; i < count; ++i) {
        const Slot& s = slots[(tail + i) & mask];
        const std::uint64_t rest = s.rest.load(std::memory_order_relaxed);
        ExportedEntry e;
        e.key = s.key.load(std::memory_order_relaxed);
        e.score = std::int16_t(rest & 0xFFFF);
        e.eval = std::int16_t((rest >> 16) & 0xFFFF);
        e.depth = std::int8_t((rest >> 32) & 0xFF);
        e.bound = std::uint8_t((rest >> 40) & 0xFF);
        e.move = std::uint16_t(rest >> 48);
        out.push_back(e);
    }
    taken.store(tail + count, std::memory_order_release);
    return std::size_t(count);
}

} // namespace flotilla::search
