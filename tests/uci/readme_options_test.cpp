// README's option table matches what `uci` prints: every option is in it, nothing else is,
// and each default and spin range is the one the engine announces.
#include "protocol_fixture.h"

#include <fstream>
#include <map>
#include <regex>
#include <set>

namespace flotilla::uci::testing {
namespace {

struct Announced {
    std::string type, def, min, max;
};

// "option name Move Overhead type spin default 10 min 0 max 5000" and the like.
std::map<std::string, Announced> announced(const std::vector<std::string>& lines) {
    std::map<std::string, Announced> out;
    const std::regex re(
        R"(^option name (.+?) type (\w+)(?: default ?(.*?))?(?: min (-?\d+) max (-?\d+))?$)");
    for (const std::string& l : lines) {
        std::smatch m;
        if (std::regex_match(l, m, re)) out[m[1]] = {m[2], m[3], m[4], m[5]};
    }
    return out;
}

std::vector<std::string> split(const std::string& text, const std::string& by) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t at; (at = text.find(by, start)) != std::string::npos; start = at + by.size())
        parts.push_back(text.substr(start, at - start));
    parts.push_back(text.substr(start));
    return parts;
}

std::string trim(std::string s) {
    const auto blank = [](char c) { return c == ' ' || c == '`'; };
    while (!s.empty() && blank(s.front())) s.erase(s.begin());
    while (!s.empty() && blank(s.back())) s.pop_back();
    return s;
}

class ReadmeOptions : public ProtocolTest {};

TEST_F(ReadmeOptions, TheTableListsEveryOptionWithItsDefaultAndRange) {
    std::ifstream readme(std::string(FLOTILLA_SOURCE_DIR) + "/README.md");
    ASSERT_TRUE(readme) << "README.md not found in " << FLOTILLA_SOURCE_DIR;
    std::map<std::string, Announced> engine = announced(send("uci"));
    ASSERT_GT(engine.size(), 20u);

    bool inTable = false;
    std::set<std::string> documented;
    for (std::string line; std::getline(readme, line);) {
        if (line == "### Options") inTable = true;
        if (!inTable) continue;
        if (!line.starts_with("| `")) {
            if (!documented.empty() && !line.starts_with("|")) break; // the table ended
            continue;
        }
        // "| names | type and range | default | meaning |": the first cell is empty.
        const std::vector<std::string> cells = split(line, "|");
        ASSERT_GE(cells.size(), 5u) << line;
        const std::vector<std::string> names = split(trim(cells[1]), "`, `");
        const std::vector<std::string> defaults = split(cells[3], "; ");
        const std::vector<std::string> ranges = split(cells[2], "; ");
        for (std::size_t i = 0; i < names.size(); ++i) {
            const std::string name = trim(names[i]);
            documented.insert(name);
            const auto it = engine.find(name);
            ASSERT_NE(it, engine.end()) << "README lists '" << name << "', which `uci` does not";
            const Announced& a = it->second;
            const std::string def = trim(defaults[std::min(i, defaults.size() - 1)]);
            if (a.type != "button") {
                EXPECT_EQ(def, a.def) << name;
            }
            if (a.type == "spin") {
                const std::string range = ranges[std::min(i, ranges.size() - 1)];
                EXPECT_NE(range.find(a.min + " to " + a.max), std::string::npos)
                    << name << ": README says '" << range << "', uci " << a.min << " to " << a.max;
            }
        }
    }
    for (const auto& [name, a] : engine)
        EXPECT_TRUE(documented.count(name)) << "README's option table lacks '" << name << "'";
}

} // namespace
} // namespace flotilla::uci::testing
