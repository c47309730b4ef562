#include "threads/machine/cpu_list.h"

#include <charconv>

namespace flotilla {

namespace {

// Far above any machine hwloc describes; keeps a typo like "0-99999999" from
// expanding into a list of a hundred million entries.
constexpr int MAX_CPU_INDEX = 65535;
// At most this many entries, repeats included: a line of 16,000 copies of "0-65535" once
// took 30 s and 4 GB before its error; now it is refused within the first copies.
constexpr std::size_t MAX_CPU_LIST_LENGTH = std::size_t(MAX_CPU_INDEX) + 1;

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool parse_index(std::string_view s, std::string_view item, int* out, std::string* error) {
    s = trim(s);
    if (s.empty()) {
        if (error) *error = "missing cpu number in '" + std::string(item) + "'";
        return false;
    }
    int value = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size()) {
        if (error) *error = "'" + std::string(s) + "' is not a cpu number";
        return false;
    }
    if (value < 0 || value > MAX_CPU_INDEX) {
        if (error)
            *error = "cpu " + std::string(s) + " is out of range (0 to " +
                     std::to_string(MAX_CPU_INDEX) + ")";
        return false;
    }
    *out = value;
    return true;
}

} // namespace

std::optional<std::vector<int>> parse_cpu_list(std::string_view text, std::string* error) {
    std::vector<int> cpus;
    if (trim(text).empty()) {
        if (error) *error = "empty cpu list";
        return std::nullopt;
    }
    while (true) {
        std::size_t comma = text.find(',');
        std::string_view item = trim(text.substr(0, comma));
        if (item.empty()) {
            if (error) *error = "empty item in cpu list (two commas, or a comma at an end)";
            return std::nullopt;
        }
        std::size_t dash = item.find('-');
        int first = 0, last = 0;
        if (!parse_index(item.substr(0, dash), item, &first, error)) return std::nullopt;
        last = first;
        if (dash != std::string_view::npos) {
            if (!parse_index(item.substr(dash + 1), item, &last, error)) return std::nullopt;
            if (last < first) {
                if (error)
                    *error = "range '" + std::string(item) + "' runs backwards (write " +
                             std::to_string(last) + "-" + std::to_string(first) + ")";
                return std::nullopt;
            }
        }
        if (std::size_t(last - first) + 1 > MAX_CPU_LIST_LENGTH - cpus.size()) {
            if (error)
                *error = "cpu list longer than " + std::to_string(MAX_CPU_LIST_LENGTH) +
                         " entries (repeats included)";
            return std::nullopt;
        }
        for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return cpus;
}

std::string format_cpu_list(const std::vector<int>& cpus) {
    std::string out;
    for (std::size_t i = 0; i < cpus.size();) {
        std::size_t j = i;
        while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
        if (!out.empty()) out += ',';
        out += std::to_string(cpus[i]);
        if (j > i) out += '-' + std::to_string(cpus[j]);
        i = j + 1;
    }
    return out;
}

} // namespace flotilla
