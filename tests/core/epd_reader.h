// Test helper: reads perft EPD files ("FEN ;D1 n ;D2 n ...") from ../shared/data.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace flotilla::test {

struct EpdLine {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts; // (depth, expected nodes)
};

inline std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// Parses "FEN ;D1 n ;D2 n ..." lines; other ';' fields (such as id) are ignored.
inline std::vector<EpdLine> read_perft_epd(const std::string& path) {
    std::vector<EpdLine> lines;
    std::ifstream in(path);
    for (std::string text; std::getline(in, text);) {
        std::istringstream fields(text);
        EpdLine line;
        std::getline(fields, line.fen, ';');
        line.fen = trim(line.fen);
        if (line.fen.empty()) continue;
        for (std::string field; std::getline(fields, field, ';');) {
            std::istringstream f(trim(field));
            char d = 0;
            int depth = 0;
            std::uint64_t nodes = 0;
            if (f >> d >> depth >> nodes && d == 'D') line.counts.emplace_back(depth, nodes);
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

// Absolute path of a file in ../shared/data, or "" when that file is not present
// (a fresh clone without the shared data).
inline std::string shared_data_file(const std::string& name) {
    const std::string path = std::string(FLOTILLA_SHARED_DATA) + "/" + name;
    return std::filesystem::exists(path) ? path : "";
}

} // namespace flotilla::test
