#include "tools/technique_table.h"

#include "search/technique_values.h"

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

std::string technique_action(const search::TechniqueValues& technique) {
    const std::string_view text = technique.action;
    std::string out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t open = text.find('{', pos);
        const std::size_t close = open == std::string_view::npos ? open : text.find('}', open);
        if (close == std::string_view::npos) break;
        out += text.substr(pos, open - pos);
        const std::string_view name = text.substr(open + 1, close - open - 1);
        std::string value(text.substr(open, close - open + 1));
        for (const auto& tunable : technique.tunables)
            if (name == tunable.name) value = std::to_string(tunable.value);
        for (const auto& constant : technique.constants)
            if (name == constant.name) value = scaled_number(constant.value, constant.scale);
        out += value;
        pos = close + 1;
    }
    out += text.substr(pos);
    return out;
}

std::string technique_table() {
    std::string t = "| switch (default) | unit | source | what it does | tunables: default "
                    "(range) | counters |\n| --- | --- | --- | --- | --- | --- |\n";
    for (const search::TechniqueValues& row : search::technique_values(search::Params{})) {
        t += "| `" + std::string(row.option) + "` (" + (row.enabled ? "on" : "**off**") + ") | `" +
             row.unit + "` | " + row.source + " | " + technique_action(row) + " | ";
        std::string sep;
        for (const auto& tunable : row.tunables) {
            t += sep + "`" + tunable.name + "` " + std::to_string(tunable.value) + " (" +
                 std::to_string(tunable.min) + " to " + std::to_string(tunable.max) + ")";
            sep = "; ";
        }
        if (row.tunables.empty()) t += "—";
        t += " | ";
        sep.clear();
        for (const char* counter : row.counters) {
            t += sep + "`" + counter + "`";
            sep = ", ";
        }
        if (row.counters.empty()) t += "—";
        t += " |\n";
    }
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
