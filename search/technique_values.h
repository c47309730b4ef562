// The techniques' descriptions (search/params.h's TECHNIQUES) as plain values read from
// one Params, for code that only reads or prints them: the docs' table, the tests of the
// options and descriptions. Built here once, so such code is compiled once rather than
// once for each params type (those loops cost minutes of CI compile time).
#pragma once

#include "search/params.h"

#include <vector>

namespace flotilla::search {

// A tunable (a UCI spin option) or a constant (an action text's `{name}`).
struct NumberValue {
    const char* name; // the tunable's option, or the constant's placeholder
    int value;        // in the Params read
    int min = 0;      // tunables: the option's range
    int max = 0;
    int scale = 1; // constants: printed as value / scale
    NetworkScale networkScale = NetworkScale::None;
};

struct TechniqueValues {
    const char* option; // the switch's UCI name
    const char* unit;
    const char* source;
    const char* action; // with its `{name}` placeholders
    bool enabled;       // in the Params read
    std::vector<NumberValue> tunables, constants;
    std::vector<const char*> counters;
};

// One technique's description with its switch and numbers as `p` holds them.
template <class P> TechniqueValues values_of(const Technique<P>& info, const P& p) {
    TechniqueValues t{info.option, info.unit, info.source, info.action, p.enabled, {}, {}, {}};
    for (const auto& x : info.tunables)
        t.tunables.push_back({x.option, p.*x.field, x.min, x.max, 1, x.networkScale});
    for (const auto& x : info.constants)
        t.constants.push_back({x.name, p.*x.field, 0, 0, x.scale, x.networkScale});
    for (const auto& x : info.counters) t.counters.push_back(x.name);
    return t;
}

// Every technique in TECHNIQUES' order, its switch and numbers as `params` holds them.
std::vector<TechniqueValues> technique_values(const Params& params);

} // namespace flotilla::search
