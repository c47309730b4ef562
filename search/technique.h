// A selectivity technique described once, beside its parameters: its UCI switch, its
// tunable numbers with their ranges, its counters, where it comes from and what it does.
// The UCI options, the SearchStats line and docs/search.md's technique table are all
// generated from these descriptions (search/params.h lists them in TECHNIQUES).
#pragma once

#include "search/selectivity/extension_context.h"
#include "search/stats.h"

#include <cstdint>
#include <span>

namespace flotilla::search {

// How NetworkMarginScale treats a number (search/margin_scale.h): not at all, as a
// margin in evaluation units, or as a divisor of evaluation units (scaled like a margin
// but kept at least 1, since the search divides by it).
enum class NetworkScale { None, Margin, Divisor };

// One number of a technique that the UCI layer offers as a spin option.
template <class P> struct Tunable {
    const char* option; // the UCI spin option's name
    int P::*field;      // the number in the technique's params struct (its default is there)
    int min, max;       // the option's range
    NetworkScale networkScale = NetworkScale::None;
};

// One fixed number of a technique (not a UCI option) that its action text quotes as
// `{name}`, so that the docs show the value the code uses.
template <class P> struct Constant {
    const char* name; // the placeholder, the field's own name
    int P::*field;    // the number in the technique's params struct
    int scale = 1;    // a power of ten; printed as field / scale (100: 75 prints as 0.75)
    NetworkScale networkScale = NetworkScale::None;
};

// One counter of the SearchStats line.
struct Counter {
    const char* name;            // as printed by SearchStats
    std::uint64_t Stats::*field; // the per-thread count
};

// P is the technique's params struct; its `bool enabled` is the switch and its
// default member values are the defaults.
template <class P> struct Technique {
    using Params = P;
    const char* option; // the UCI check option that switches it
    const char* unit;   // its file under search/ (docs table)
    const char* source; // the citation: where the idea comes from
    const char* action; // what it does, in docs/search.md's words; `{Option}` is that
                        // tunable's default, `{name}` that constant's (tools/technique_table.h)
    std::span<const Constant<P>> constants = {};
    std::span<const Tunable<P>> tunables = {};
    std::span<const Counter> counters = {};
    // Extensions only (search/extensions.h lists them): the plies the technique offers a
    // move, and its counter of the moves that got that ply; no counter for one that
    // counts otherwise (the threat extensions count nodes).
    Depth (*offer)(const P&, const ExtensionContext&) = nullptr;
    std::uint64_t Stats::*applied = nullptr;
};

} // namespace flotilla::search
