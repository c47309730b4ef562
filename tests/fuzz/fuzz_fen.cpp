// Fuzzes Position::set_fen. Rejected input must leave the position untouched with
// a message; accepted input must round-trip through fen() to the same key, and
// every generated move must make and unmake cleanly, keeping the hash exact.
#include "core/movegen.h"
#include "core/position.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace flotilla;

namespace {

void require(bool ok, const char* what, const std::string& fen) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_fen: %s\nFEN: %s\n", what, fen.c_str());
    std::abort();
}

void check_moves(Position& pos, int depth) {
    const std::string fen = pos.fen();
    const Key key = pos.key();
    const MoveList moves(pos);
    require(int(moves.size()) == count_legal_moves(pos), "count_legal_moves differs", fen);
    for (Move m : moves) {
        require(pos.is_pseudo_legal(m) && pos.is_legal(m), "generated move not legal", fen);
        // Standard notation can be ambiguous in Chess960 set-ups read without Chess960
        // mode (castling b1c1 and the king step b1c1); only unique text must round-trip.
        const std::string text = pos.move_to_uci(m);
        const bool unique = std::count_if(moves.begin(), moves.end(), [&](Move other) {
                                return pos.move_to_uci(other) == text;
                            }) == 1;
        require(!unique || pos.parse_uci_move(text) == m, "UCI text does not round-trip", fen);
        require(unique || !pos.is_chess960(), "ambiguous move text in Chess960 mode", fen);
        pos.make_move(m);
        require(pos.key() == pos.compute_key(), "incremental key wrong after make_move", fen);
        if (depth > 1) check_moves(pos, depth - 1);
        pos.unmake_move(m);
        require(pos.key() == key, "unmake_move did not restore the key", fen);
    }
    require(pos.fen() == fen, "make/unmake did not restore the FEN", fen);
}

void check_accepted(Position& pos, bool chess960, const std::uint8_t* data, std::size_t size) {
    const std::string fen = pos.fen();
    require(pos.key() == pos.compute_key(), "key differs from compute_key", fen);

    Position again;
    std::string error;
    require(again.set_fen(fen, chess960, &error), "fen() output is not accepted back", fen);
    require(again.key() == pos.key(), "fen() round trip changed the key", fen);
    require(again.fen() == fen, "fen() round trip changed the FEN", fen);

    check_moves(pos, 2);

    // Arbitrary 16-bit values from the input: pseudo-legal and legal exactly when generated.
    const MoveList legal(pos);
    for (std::size_t i = 0; i + 1 < size && i < 128; i += 2) {
        const Move m(std::uint16_t(data[i] | (data[i + 1] << 8)));
        const bool playable = pos.is_pseudo_legal(m) && pos.is_legal(m);
        require(playable == legal.contains(m), "is_pseudo_legal/is_legal disagree with movegen",
                fen);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0; // FENs are short; longer input only slows the search down
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (bool chess960 : {false, true}) {
        Position pos;
        const std::string before = pos.fen();
        std::string error;
        if (!pos.set_fen(text, chess960, &error)) {
            require(!error.empty(), "rejected without a message", text);
            require(pos.fen() == before, "rejected FEN changed the position", text);
            continue;
        }
        check_accepted(pos, chess960, data, size);
    }
    return 0;
}
