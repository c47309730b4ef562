// Games that reach every corner of the game-file formats: castling both ways for both
// sides, en passant, every promotion (one a capture), missing and mate scores, jumps
// across the whole int16 range, an empty game, a start with Black to move, a random
// game and a long one. tests/tools/data/games-v1.games.zst holds these games as the version-1
// writer wrote them, so they must never change.
#pragma once

#include "core/movegen.h"
#include "tools/game_file.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace flotilla::tools::testing {

// A game from `fen` through the UCI moves, with one score per move; throws when a move
// is not legal, so that a mistake here cannot pass for a reader's fault.
inline GameRecord sample_game(const std::string& fen, const std::vector<std::string>& uci,
                              const std::vector<std::int16_t>& scores, GameResult result) {
    Position pos;
    if (!pos.set_fen(fen, false)) throw std::invalid_argument("bad FEN " + fen);
    GameRecord game;
    game.start = pack(pos, 0, result);
    game.result = result;
    for (const std::string& text : uci) {
        const Move m = pos.parse_uci_move(text);
        if (!m) throw std::invalid_argument("illegal move " + text + " in " + pos.fen());
        game.moves.push_back(m);
        pos.make_move(m);
    }
    game.scores = scores;
    game.scores.resize(game.moves.size(), 0);
    return game;
}

// A pseudo-random score anywhere in int16.
inline std::int16_t random_score(std::uint64_t* seed) {
    *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return std::int16_t(std::uint16_t(*seed >> 17));
}

// A game of random legal moves from the start (until mate or stalemate), random scores.
// The moves are chosen from the legal moves sorted by their 16-bit value, not in the
// generator's order, so the game stays the same whatever the generator does.
inline GameRecord random_game_from_start(std::uint64_t seed, int plies) {
    Position pos;
    pos.set_fen(Position::START_FEN, false);
    GameRecord game;
    game.start = pack(pos, 0, GameResult::BLACK_WIN);
    game.result = GameResult::BLACK_WIN;
    for (int i = 0; i < plies; ++i) {
        const MoveList list(pos);
        std::vector<Move> moves(list.begin(), list.end());
        if (moves.empty()) break;
        std::sort(moves.begin(), moves.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
        const std::int16_t score = random_score(&seed);
        game.moves.push_back(moves[(seed >> 33) % moves.size()]);
        game.scores.push_back(score);
        pos.make_move(game.moves.back());
    }
    return game;
}

// A long game: the four knights out and back, `plies` plies (a multiple of 4), random
// scores.
inline GameRecord knight_dance(int plies) {
    std::vector<std::string> moves;
    std::vector<std::int16_t> scores;
    std::uint64_t seed = 7;
    for (int i = 0; i < plies / 4; ++i)
        for (const char* m : {"g1f3", "b8c6", "f3g1", "c6b8"}) {
            moves.push_back(m);
            scores.push_back(random_score(&seed));
        }
    return sample_game(Position::START_FEN, moves, scores, GameResult::DRAW);
}

inline std::vector<GameRecord> edge_games() {
    constexpr std::int16_t NONE = GAME_NO_SCORE;
    const std::string castling =
        "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1";
    return {
        sample_game(castling, {"e1g1", "e8c8", "a2a3", "d8e8"}, {15, 20, -3, 0}, GameResult::DRAW),
        sample_game(castling, {"e1c1", "e8g8", "h2h3"}, {NONE, 31995, -31990},
                    GameResult::WHITE_WIN),
        sample_game("4k3/8/8/8/1p1p4/8/P1P1P3/4K3 w - - 0 1",
                    {"a2a4", "b4a3", "e2e4", "d4e3", "c2c4", "a3a2"},
                    {-32767, 32767, -32768, 32767, -32767, 0}, GameResult::BLACK_WIN),
        sample_game("4k3/P7/8/8/8/8/6p1/4K3 w - - 0 1", {"a7a8n", "g2g1b", "e1d2"}, {0, 0, 0},
                    GameResult::DRAW),
        sample_game("r3k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", {"b7a8q", "e8e7", "e1d2", "g2g1r"},
                    {900, NONE, NONE, 31999}, GameResult::WHITE_WIN),
        sample_game("4k3/8/8/8/8/8/8/4K3 b - - 7 61", {"e8d7", "e1e2"}, {0, NONE},
                    GameResult::DRAW),
        sample_game(Position::START_FEN, {}, {}, GameResult::WHITE_WIN), // no moves at all
        random_game_from_start(2026, 1500),
        knight_dance(2000),
    };
}

} // namespace flotilla::tools::testing
