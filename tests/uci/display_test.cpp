// d: board diagram, FEN, key in hex, checkers as squares.
#include "protocol_fixture.h"

#include <cstdio>

using namespace flotilla::uci;
using namespace flotilla::uci::testing;

using Display = ProtocolTest;

TEST_F(Display, ShowsBoardFenKeyAndCheckers) {
    send("position fen 4k3/8/8/8/8/8/8/4R1K1 b - - 3 30");
    const auto lines = send("d");
    auto has = [&](const std::string& l) {
        return std::find(lines.begin(), lines.end(), l) != lines.end();
    };
    EXPECT_TRUE(has(" |   |   |   |   | k |   |   |   | 8"));
    EXPECT_TRUE(has(" |   |   |   |   | R |   | K |   | 1"));
    EXPECT_TRUE(has("   a   b   c   d   e   f   g   h"));
    EXPECT_TRUE(has("Fen: 4k3/8/8/8/8/8/8/4R1K1 b - - 3 30"));
    char key[32];
    std::snprintf(key, sizeof key, "Key: %016llX",
                  static_cast<unsigned long long>(engine.position().key()));
    EXPECT_TRUE(has(key)) << key;
    EXPECT_TRUE(has("Checkers: e1"));
}

TEST_F(Display, DoubleCheckListsBothSquares) {
    // Knight f6 and rook e1 both check the king on e8.
    send("position fen 4k3/8/5N2/8/8/8/8/4R1K1 b - - 0 1");
    const auto lines = send("d");
    EXPECT_NE(std::find(lines.begin(), lines.end(), "Checkers: e1 f6"), lines.end());
}

TEST_F(Display, NoCheckersAtTheStart) {
    const auto lines = send("d");
    EXPECT_NE(std::find(lines.begin(), lines.end(), "Checkers:"), lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(),
                        "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
              lines.end());
}
