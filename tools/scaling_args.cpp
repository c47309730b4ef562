#include "tools/scaling_args.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <iterator>

namespace flotilla::tools {

namespace {

// A number as the UCI layer reads one (uci/text.h, a layer above this one), since the
// command is typed into the protocol.
bool parse_integer(std::string_view text, std::int64_t& value) {
    if (!text.empty() && text.front() == '+') { // from_chars rejects a plus sign
        text.remove_prefix(1);
        if (!text.empty() && text.front() == '-') return false;
    }
    if (text.empty()) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

bool parse_bounded(std::string_view word, std::string_view text, std::int64_t low,
                   std::int64_t high, std::int64_t* value, std::string* error) {
    if (parse_integer(text, *value) && *value >= low && *value <= high) return true;
    *error = "scaling " + std::string(word) + " " + quote_word(text) + " is not a number from " +
             std::to_string(low) + " to " + std::to_string(high);
    return false;
}

// "1,2,4": thread counts in the order given.
bool parse_thread_list(std::string_view text, std::vector<int>* counts, std::string* error) {
    counts->clear();
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string_view item = text.substr(start, comma - start);
        std::int64_t n = 0;
        if (!parse_integer(item, n) || n < 1 || n > MAX_SCALING_THREADS) {
            *error = "scaling threads " + quote_word(text) + ": " + quote_word(item) +
                     " is not a thread count from 1 to " + std::to_string(MAX_SCALING_THREADS) +
                     " (give a list such as 1,2,4)";
            return false;
        }
        counts->push_back(int(n));
        if (comma == std::string_view::npos) return true;
        start = comma + 1;
    }
}

} // namespace

std::string quote_word(std::string_view text) {
    constexpr std::size_t MAX_SHOWN = 64;
    if (text.size() <= MAX_SHOWN) return "'" + std::string(text) + "'";
    // Cut before a UTF-8 continuation byte so the message stays valid UTF-8.
    std::size_t cut = MAX_SHOWN;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return "'" + std::string(text.substr(0, cut)) + "...' (" + std::to_string(text.size()) +
           " bytes)";
}

std::optional<ScalingRequest> parse_scaling_args(std::span<const std::string_view> args,
                                                 std::string* error) {
    ScalingRequest request;
    for (std::size_t i = 0; i < args.size(); i += 2) {
        const std::string_view word = args[i];
        constexpr std::string_view WORDS[] = {"threads",   "time", "depth", "hash",
                                              "positions", "csv",  "svg"};
        if (std::find(std::begin(WORDS), std::end(WORDS), word) == std::end(WORDS)) {
            *error = "scaling: unknown word " + quote_word(word) +
                     " (expected threads, time, depth, hash, positions, csv or svg)";
            return std::nullopt;
        }
        if (i + 1 >= args.size()) {
            *error = "scaling " + quote_word(word) + " needs a value";
            return std::nullopt;
        }
        const std::string_view value = args[i + 1];
        std::int64_t n = 0;
        bool ok = true;
        if (word == "threads") {
            ok = parse_thread_list(value, &request.settings.threads, error);
        } else if (word == "time") {
            ok = parse_bounded(word, value, 1, MAX_SCALING_TIME_MS, &n, error);
            request.settings.timeMs = int(n);
        } else if (word == "depth") {
            ok = parse_bounded(word, value, 1, MAX_SCALING_DEPTH, &n, error);
            request.settings.depth = int(n);
        } else if (word == "hash") {
            ok = parse_bounded(word, value, 1, std::int64_t(MAX_SCALING_HASH_MIB), &n, error);
            request.settings.hashMib = std::size_t(n);
        } else if (word == "positions") {
            ok = parse_bounded(word, value, 1, 1'000'000, &n, error);
            request.positions = std::size_t(n);
        } else if (word == "csv") {
            request.csvPath = std::string(value);
        } else {
            request.svgPath = std::string(value);
        }
        if (!ok) return std::nullopt;
    }
    return request;
}

} // namespace flotilla::tools
