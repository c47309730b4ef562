#include "uci/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace flotilla::uci {

namespace {
bool is_blank(char c) { return c == ' ' || c == '\t'; }
char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }
} // namespace

std::vector<std::string_view> split_tokens(std::string_view text) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_blank(text[i])) ++i;
        const std::size_t start = i;
        while (i < text.size() && !is_blank(text[i])) ++i;
        if (i > start) tokens.push_back(text.substr(start, i - start));
    }
    return tokens;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [](char x, char y) { return lower(x) == lower(y); });
}

std::string to_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = lower(c);
    return out;
}

bool parse_integer(std::string_view text, std::int64_t& value) {
    if (!text.empty() && text.front() == '+') { // from_chars rejects a plus sign
        text.remove_prefix(1);
        if (!text.empty() && text.front() == '-') return false;
    }
    if (text.empty()) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

std::string quote(std::string_view text) {
    constexpr std::size_t MAX_SHOWN = 64;
    if (text.size() <= MAX_SHOWN) return "'" + std::string(text) + "'";
    // Cut before a UTF-8 continuation byte so the message stays valid UTF-8.
    std::size_t cut = MAX_SHOWN;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return "'" + std::string(text.substr(0, cut)) + "...' (" + std::to_string(text.size()) +
           " bytes)";
}

} // namespace flotilla::uci
