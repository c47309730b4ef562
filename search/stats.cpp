#include "search/stats.h"

#include "search/params.h"

#include <cstddef>

namespace flotilla::search {

namespace {

// Counters that belong to no technique: the transposition table's.
constexpr Counter TABLE_COUNTERS[] = {
    {"TTCutoffs", &Stats::ttCutoffs},
    {"TTProbes", &Stats::ttProbes},
    {"TTHits", &Stats::ttHits},
};

// Calls f(counter) for every counter, techniques first.
template <class F> constexpr void for_each_counter(F&& f) {
    for_each_technique([&](const auto& entry) {
        for (const Counter& c : entry.info->counters) f(c);
    });
    for (const Counter& c : TABLE_COUNTERS) f(c);
}

// Every field of Stats is described once: as many counters as fields, none twice.
constexpr bool every_counter_described_once() {
    std::size_t count = 0;
    bool unique = true;
    for_each_counter([&](const Counter& a) {
        ++count;
        std::size_t same = 0;
        for_each_counter([&](const Counter& b) { same += a.field == b.field; });
        unique = unique && same == 1;
    });
    return unique && count * sizeof(std::uint64_t) == sizeof(Stats);
}
static_assert(every_counter_described_once(),
              "a Stats counter is missing from its technique's description, or named twice");

} // namespace

void Stats::for_each(const std::function<void(const char*, std::uint64_t)>& f) const {
    for_each_counter([&](const Counter& c) { f(c.name, this->*c.field); });
}

Stats& Stats::operator+=(const Stats& o) {
    for_each_counter([&](const Counter& c) { this->*c.field += o.*c.field; });
    return *this;
}

} // namespace flotilla::search
