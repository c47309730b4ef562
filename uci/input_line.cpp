#include "uci/input_line.h"

#include <cstdio>

namespace flotilla::uci {

bool read_line(std::istream& in, std::string& line) {
    line.clear();
    std::streambuf* buffer = in.rdbuf();
    if (!buffer) return false;
    bool readAny = false;
    for (;;) {
        const int c = buffer->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            break;
        }
        readAny = true;
        if (c == '\n') break;
        if (line.size() <= MAX_LINE_BYTES) line.push_back(char(c));
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return readAny;
}

namespace {

std::string hex_byte(unsigned char b) {
    char text[8];
    std::snprintf(text, sizeof text, "0x%02X", b);
    return text;
}

// Length of the valid UTF-8 sequence starting at text[i], or 0 when invalid
// (overlong forms, surrogates and code points above U+10FFFF are invalid; RFC 3629).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length;
    unsigned char low = 0x80, high = 0xBF; // allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF)
        length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else
        return 0;
    if (i + length > text.size()) return 0;
    if (byte(i + 1) < low || byte(i + 1) > high) return 0;
    for (std::size_t k = 2; k < length; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return length;
}

} // namespace

std::optional<std::string> line_problem(std::string_view line) {
    if (line.size() > MAX_LINE_BYTES)
        return "line is longer than " + std::to_string(MAX_LINE_BYTES) + " bytes; ignored";
    for (std::size_t i = 0; i < line.size();) {
        const auto b = static_cast<unsigned char>(line[i]);
        if (b < 0x80) {
            if ((b < 0x20 && b != '\t') || b == 0x7F)
                return "line has control byte " + hex_byte(b) + " at offset " + std::to_string(i) +
                       "; ignored";
            ++i;
            continue;
        }
        const std::size_t length = utf8_sequence_length(line, i);
        if (length == 0)
            return "line is not valid UTF-8 (byte " + hex_byte(b) + " at offset " +
                   std::to_string(i) + "); ignored";
        i += length;
    }
    return std::nullopt;
}

} // namespace flotilla::uci
