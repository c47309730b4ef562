#include "tools/technique_table.h"

#include "search/params.h"

#include <type_traits>

namespace flotilla::tools {

std::string scaled_number(int value, int scale) {
    if (scale <= 1) return std::to_string(value);
    const long long v = value, whole = v / scale, rest = v % scale < 0 ? -(v % scale) : v % scale;
    std::string out = (v < 0 && whole == 0 ? "-" : "") + std::to_string(whole);
    if (rest == 0) return out;
    std::string frac = std::to_string(rest);
    for (int s = scale / 10; s > rest && s > 1; s /= 10) frac.insert(0, "0");
    while (frac.back() == '0') frac.pop_back();
    return out + "." + frac;
}

std::string technique_table() {
    std::string t = "| switch (default) | unit | source | what it does | tunables: default "
                    "(range) | counters |\n| --- | --- | --- | --- | --- | --- |\n";
    search::for_each_technique([&](const auto& entry) {
        using P = typename std::remove_cvref_t<decltype(*entry.info)>::Params;
        const P defaults{};
        const auto& info = *entry.info;
        t += "| `" + std::string(info.option) + "` (" + (defaults.enabled ? "on" : "**off**") +
             ") | `" + info.unit + "` | " + info.source + " | " + technique_action(info, defaults) +
             " | ";
        std::string sep;
        for (const auto& tunable : info.tunables) {
            t += sep + "`" + tunable.option + "` " + std::to_string(defaults.*tunable.field) +
                 " (" + std::to_string(tunable.min) + " to " + std::to_string(tunable.max) + ")";
            sep = "; ";
        }
        if (info.tunables.empty()) t += "—";
        t += " | ";
        sep.clear();
        for (const auto& counter : info.counters) {
            t += sep + "`" + counter.name + "`";
            sep = ", ";
        }
        if (info.counters.empty()) t += "—";
        t += " |\n";
    });
    return t;
}

std::string documented_technique_table(const std::string& markdown) {
    const std::size_t begin = markdown.find(TECHNIQUE_TABLE_BEGIN);
    if (begin == std::string::npos) return {};
    const std::size_t start = markdown.find('\n', begin);
    const std::size_t end = markdown.find(TECHNIQUE_TABLE_END, begin);
    if (start == std::string::npos || end == std::string::npos || end < start) return {};
    return markdown.substr(start + 1, end - start - 1);
}

} // namespace flotilla::tools
