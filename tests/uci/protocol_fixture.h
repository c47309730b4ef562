// Drives a Protocol with a captured output stream, as a GUI would.
#pragma once

#include "uci/engine.h"
#include "uci/output.h"
#include "uci/protocol.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace flotilla::uci::testing {

// `info depth ...`, `info nodes ...` and the like; not `info string ...`.
inline bool is_search_progress(const std::string& line) {
    return line.starts_with("info ") && !line.starts_with("info string ");
}

class ProtocolTest : public ::testing::Test {
  protected:
    // Runs one line and returns the lines it printed.
    std::vector<std::string> send(std::string_view line) {
        out.with_lock([&] {
            captured.str("");
            captured.clear();
        });
        lastStatus = protocol.execute(line);
        std::vector<std::string> lines;
        std::string text;
        out.with_lock([&] { text = captured.str(); });
        std::istringstream in(text);
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        return lines;
    }

    // Runs one line that must print exactly one error line, and returns it. A search
    // running meanwhile may print its progress between the two reads of the stream;
    // those lines are the search's, not the command's, so they are left out.
    std::string send_expecting_error(std::string_view line) {
        auto lines = send(line);
        std::erase_if(lines, is_search_progress);
        EXPECT_EQ(lines.size(), 1u) << "input: " << line.substr(0, 200);
        if (lines.empty()) return {};
        EXPECT_EQ(lines[0].rfind("info string error: ", 0), 0u) << lines[0];
        return lines[0];
    }

    std::string fen() const { return engine.position().fen(); }

    // The output outlives the engine: a search still running at tear-down prints its
    // best move while the engine is destroyed.
    std::ostringstream captured;
    Output out{captured};
    Engine engine;
    Protocol protocol{engine, out};
    Protocol::Status lastStatus = Protocol::Status::Continue;
};

inline bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

} // namespace flotilla::uci::testing
