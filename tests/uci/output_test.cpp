// Output keeps lines and blocks whole when two threads write at once.
#include "uci/output.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <thread>

using namespace flotilla::uci;

TEST(Output, ConcurrentWritersNeverInterleave) {
    std::ostringstream captured;
    Output out(captured);
    const std::string a = "info depth 1 score cp 20 pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6";
    const std::string block = "e2e4: 20\ne2e3: 20\n\nNodes searched: 40\n";
    constexpr int COUNT = 2000;
    std::thread first([&] {
        for (int i = 0; i < COUNT; ++i) out.line(a);
    });
    std::thread second([&] {
        for (int i = 0; i < COUNT; ++i) out.block(block);
    });
    first.join();
    second.join();

    // The text must read as a sequence of whole units (they start differently).
    const std::string text = captured.str();
    const std::string line = a + "\n";
    int blocks = 0, lines = 0;
    std::size_t at = 0;
    while (at < text.size()) {
        if (text.compare(at, block.size(), block) == 0) {
            at += block.size();
            ++blocks;
        } else if (text.compare(at, line.size(), line) == 0) {
            at += line.size();
            ++lines;
        } else {
            FAIL() << "interleaved output at offset " << at << ": " << text.substr(at, 100);
        }
    }
    EXPECT_EQ(blocks, COUNT);
    EXPECT_EQ(lines, COUNT);
}
