// Fuzzes the PGN reader of import-pgn (tools/pgn_import.h): any text must split into games
// or end the input without a crash, a stall or a token past its bound; a game that
// converts must replay legally and carry one score per move.
#include "tools/game_file.h"
#include "tools/pgn_import.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

using namespace flotilla::tools;

namespace {

void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_pgn: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    PgnGame game;
    std::size_t games = 0;
    while (read_pgn_game(in, &game)) {
        require(++games <= size, "more games than input bytes");
        require(game.moves.size() <= PGN_MAX_PLIES, "more moves than the bound");
        require(game.moves.size() == game.comments.size(), "a move without its comment slot");
        for (const std::string& m : game.moves) require(m.size() <= PGN_MAX_TOKEN, "a long move");
        GameRecord record;
        std::string error;
        if (!pgn_game_record(game, &record, &error)) continue;
        require(record.scores.size() == record.moves.size(), "scores and moves differ in number");
        require(replay_game(record, [](const flotilla::Position&, flotilla::Move, int) {}),
                "a converted game does not replay");
    }
    return 0;
}
