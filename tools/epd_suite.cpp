#include "tools/epd_suite.h"

#include "core/position.h"
#include "core/san.h"

#include <fstream>
#include <ostream>
#include <sstream>

namespace flotilla::tools {

namespace {

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    const auto last = s.find_last_not_of(" \t\r\n");
    return s.substr(first, last - first + 1);
}

std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

// Each SAN word of a bm/am operand becomes every legal move it can mean (some
// suites write ambiguous SAN); an illegal word is an error.
bool san_words_to_uci(const Position& pos, const std::string& operand,
                      std::vector<std::string>* moves, std::string* error) {
    std::istringstream words(operand);
    std::string san;
    while (words >> san) {
        const auto candidates = san_candidates(pos, san);
        if (candidates.empty()) {
            *error = "move '" + san + "' is not legal here";
            return false;
        }
        for (const Move m : candidates) moves->push_back(pos.move_to_uci(m));
    }
    return true;
}

} // namespace

bool parse_suite_line(const std::string& rawLine, int lineNumber, SuiteEntry* entry,
                      std::string* error) {
    error->clear();
    const std::string line = trim(rawLine);
    if (line.empty() || line[0] == '#') return false;

    // The first four fields are the position; operations follow, each ended by ';'.
    std::istringstream fields(line);
    std::string board, side, castling, ep;
    if (!(fields >> board >> side >> castling >> ep)) {
        *error = "line " + std::to_string(lineNumber) + ": fewer than four FEN fields";
        return false;
    }
    std::string rest;
    std::getline(fields, rest);

    Position pos;
    std::string fenError;
    const std::string fen = board + " " + side + " " + castling + " " + ep + " 0 1";
    if (!pos.set_fen(fen, false, &fenError)) {
        *error = "line " + std::to_string(lineNumber) + ": " + fenError;
        return false;
    }
    *entry = SuiteEntry{};
    entry->fen = fen;
    entry->id = "line " + std::to_string(lineNumber);

    std::istringstream operations(rest);
    std::string op;
    while (std::getline(operations, op, ';')) {
        op = trim(op);
        const auto space = op.find(' ');
        if (space == std::string::npos) continue;
        const std::string code = op.substr(0, space);
        const std::string operand = trim(op.substr(space + 1));
        std::string moveError;
        if (code == "id") {
            entry->id = operand.size() >= 2 && operand.front() == '"' && operand.back() == '"'
                            ? operand.substr(1, operand.size() - 2)
                            : operand;
        } else if (code == "bm" && !operand.empty() && operand[0] == '#') {
            entry->mate = operand.substr(1);
        } else if (code == "bm" || code == "am") {
            if (!san_words_to_uci(pos, operand, code == "bm" ? &entry->best : &entry->avoid,
                                  &moveError)) {
                *error = "line " + std::to_string(lineNumber) + ": " + moveError;
                return false;
            }
        }
    }
    if (entry->best.empty() && entry->avoid.empty() && entry->mate.empty()) {
        *error = "line " + std::to_string(lineNumber) + ": no bm or am operation";
        return false;
    }
    return true;
}

int convert_suite(const std::string& path, std::ostream& out, std::ostream& err) {
    std::ifstream in(path);
    if (!in) {
        err << "error: cannot read '" << path << "'\n";
        return 1;
    }
    std::string line, error;
    int lineNumber = 0, bad = 0;
    while (std::getline(in, line)) {
        ++lineNumber;
        SuiteEntry entry;
        if (parse_suite_line(line, lineNumber, &entry, &error)) {
            out << entry.fen << '\t' << entry.id << '\t' << join(entry.best) << '\t'
                << join(entry.avoid) << '\t' << entry.mate << '\n';
        } else if (!error.empty()) {
            err << "error: " << error << "\n";
            ++bad;
        }
    }
    return bad ? 1 : 0;
}

} // namespace flotilla::tools
