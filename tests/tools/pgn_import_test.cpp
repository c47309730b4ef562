// import-pgn: PGN games as fastchess writes them (tags, numbered SAN moves, a score
// comment after each move) become game records with each score in White's view; bad
// games are skipped, bad text never crashes the reader.
#include "core/san.h"
#include "temp_path.h"
#include "tools/commands.h"
#include "tools/game_file.h"
#include "tools/pgn_import.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace flotilla::tools {
namespace {

namespace fs = std::filesystem;
using testing::temp_path;

// Two games of the shape fastchess writes, the first from a FEN, Black to move after
// White's 2.Nf3, decided by a mate; the second from the start, unfinished.
const char* const TWO_GAMES = R"([Event "Fastchess Tournament"]
[White "test"]
[Black "base"]
[Result "1-0"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]

2. Bc4 {+0.25/10 0.031s} Nc6 {-0.2/9 0.020s} 3. Qh5 {+1.05/11 0.040s}
Nf6 {-M1/3 0.010s} 4. Qxf7# {+M1/2 0.001s, White mates} 1-0

[Event "Fastchess Tournament"]
[Result "*"]

1. e4 {+0.30/12 0.050s} *
)";

std::vector<PgnGame> read_all(const std::string& text) {
    std::istringstream in(text);
    std::vector<PgnGame> games;
    for (PgnGame g; read_pgn_game(in, &g);) games.push_back(g);
    return games;
}

TEST(PgnImport, ReadsTagsMovesCommentsAndResults) {
    const std::vector<PgnGame> games = read_all(TWO_GAMES);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].tags.at("White"), "test");
    EXPECT_EQ(games[0].tags.at("FEN"),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(games[0].moves, (std::vector<std::string>{"Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}));
    EXPECT_EQ(games[0].comments[1], "-0.2/9 0.020s");
    EXPECT_EQ(games[0].result, "1-0");
    EXPECT_EQ(games[1].moves, std::vector<std::string>{"e4"});
    EXPECT_EQ(games[1].result, "*");
}

TEST(PgnImport, CommentScoresAreCentipawnsOrMates) {
    EXPECT_EQ(pgn_comment_score("+0.17/9 0.039s"), 17);
    EXPECT_EQ(pgn_comment_score("-1.5/12 0.1s"), -150);
    EXPECT_EQ(pgn_comment_score("0.00/238 0.001s, Draw by fifty moves rule"), 0);
    EXPECT_EQ(pgn_comment_score("+12/30"), 1200);
    EXPECT_EQ(pgn_comment_score("+M7/14 0.020s"), mate_in(13));
    EXPECT_EQ(pgn_comment_score("-M6/75 0.005s, White wins by adjudication"), mated_in(12));
    EXPECT_EQ(pgn_comment_score("book"), std::nullopt);
    EXPECT_EQ(pgn_comment_score(""), std::nullopt);
    EXPECT_EQ(pgn_comment_score("+M0/1"), std::nullopt);
    EXPECT_EQ(pgn_comment_score("+1e5/3"), std::nullopt);
    EXPECT_EQ(pgn_comment_score("+99999/3"), std::nullopt); // beyond any engine's centipawns
    EXPECT_EQ(pgn_comment_score("1234567/3"), std::nullopt);
}

TEST(PgnImport, RecordHoldsLegalMovesAndWhitesScores) {
    const std::vector<PgnGame> games = read_all(TWO_GAMES);
    GameRecord record;
    std::string error;
    ASSERT_TRUE(pgn_game_record(games[0], &record, &error)) << error;
    EXPECT_EQ(record.result, GameResult::WHITE_WIN);
    ASSERT_EQ(record.moves.size(), 5u);
    // White's view: Black's -0.2 is White's +20, Black's "mated in 1" White's mate.
    EXPECT_EQ(record.scores, (std::vector<std::int16_t>{25, 20, 105, std::int16_t(-mated_in(2)),
                                                        std::int16_t(mate_in(1))}));
    int plies = 0;
    EXPECT_TRUE(replay_game(record, [&](const Position& pos, Move played, int) {
        if (plies++ == 0) {
            EXPECT_EQ(parse_san(pos, "Bc4"), played);
        }
    }));
    EXPECT_EQ(plies, 5);
    EXPECT_FALSE(pgn_game_record(games[1], &record, &error)); // "*": no result
    EXPECT_EQ(error, "no result");
}

TEST(PgnImport, IllegalMovesAndBadFensAreRefused) {
    std::string error;
    GameRecord record;
    PgnGame game = read_all(TWO_GAMES)[0];
    game.moves[2] = "Qh6"; // not a legal move there
    EXPECT_FALSE(pgn_game_record(game, &record, &error));
    EXPECT_EQ(error, "move 3 'Qh6' is not legal");
    game = read_all(TWO_GAMES)[0];
    game.tags["FEN"] = "8/8/8/8 w - - 0 1";
    EXPECT_FALSE(pgn_game_record(game, &record, &error));
    game = read_all(TWO_GAMES)[0]; // a half-move clock beyond the record's byte
    game.tags["FEN"] = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 300 200";
    EXPECT_FALSE(pgn_game_record(game, &record, &error));
    EXPECT_EQ(error.rfind("FEN: the record cannot hold", 0), 0u) << error;
    game = read_all(TWO_GAMES)[0];
    game.tags["Variant"] = "chess960";
    EXPECT_FALSE(pgn_game_record(game, &record, &error));
}

TEST(PgnImport, SkipsVariationsNagsAndLineComments) {
    const std::vector<PgnGame> games =
        read_all("[Result \"0-1\"]\n1.f3 $2 e5 (1...e6 {x} (1...d5) 2.g4) ; a remark\n"
                 "2. g4?? Qh4# 0-1\n");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].moves, (std::vector<std::string>{"f3", "e5", "g4??", "Qh4#"}));
    GameRecord record;
    std::string error;
    ASSERT_TRUE(pgn_game_record(games[0], &record, &error)) << error;
    EXPECT_EQ(record.result, GameResult::BLACK_WIN);
    EXPECT_EQ(record.scores[0], GAME_NO_SCORE);
}

TEST(PgnImport, MalformedTextEndsWithoutCrashOrBloat) {
    const std::string junk[] = {"[",
                                "{ never closed",
                                "((((",
                                "[Tag \"unterminated",
                                "]]]}}}",
                                "1. 2. 3.",
                                std::string(100000, 'x'),
                                "[A \"b\"] " + std::string(3 * PGN_MAX_PLIES, 'e') + "\n"};
    for (const std::string& text : junk) {
        std::vector<PgnGame> games = read_all(text);
        for (const PgnGame& g : games) {
            for (const std::string& m : g.moves) EXPECT_LE(m.size(), PGN_MAX_TOKEN);
            GameRecord record;
            std::string error;
            EXPECT_FALSE(pgn_game_record(g, &record, &error));
        }
    }
    std::string many;
    for (std::size_t i = 0; i < PGN_MAX_PLIES + 5; ++i) many += "Nf3 Nf6 Ng1 Ng8 ";
    const std::vector<PgnGame> games = read_all("[Result \"1/2-1/2\"]\n" + many + "1/2-1/2");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_TRUE(games[0].truncated);
    EXPECT_EQ(games[0].moves.size(), PGN_MAX_PLIES);
}

TEST(PgnImport, CommandWritesAGameFileAndItsManifest) {
    const fs::path dir = temp_path("pgn_import");
    fs::create_directories(dir);
    const fs::path pgn = dir / "games.pgn";
    std::ofstream(pgn) << TWO_GAMES << TWO_GAMES;
    const fs::path file = dir / "loop-1.games.zst";
    std::ostringstream out, err;
    const auto status = run_tool({"import-pgn", "--out", file.string(), "--engine", "e",
                                  "--network", "n7", "--nodes", "25000", pgn.string()},
                                 out, err);
    ASSERT_EQ(status, 0) << err.str();
    EXPECT_NE(out.str().find("import-pgn: 2 of 4 games, 10 plies (0 without a score)"),
              std::string::npos)
        << out.str();
    GameFileHeader header;
    std::vector<GameRecord> read;
    const GameReadStats stats =
        read_game_file(file.string(), &header, [&](const GameRecord& g) { read.push_back(g); });
    ASSERT_TRUE(stats.ok()) << stats.error;
    EXPECT_EQ(read.size(), 2u);
    EXPECT_EQ(header["nodes"], "25000");
    EXPECT_EQ(header["network"], "n7");
    EXPECT_TRUE(fs::exists(dir / "MANIFEST.tsv"));
    // Missing header words and unknown options are errors, not guesses.
    EXPECT_EQ(
        run_tool({"import-pgn", "--out", (dir / "b-1.games.zst").string(), pgn.string()}, out, err),
        1);
    EXPECT_EQ(run_tool({"import-pgn", "--bogus", "1"}, out, err), 1);
    EXPECT_EQ(run_tool({"import-pgn", "--out", (dir / "c-1.games.zst").string(), "--engine", "e",
                        "--network", "n", "--nodes", "0", pgn.string()},
                       out, err),
              1);
    fs::remove_all(dir);
}

} // namespace
} // namespace flotilla::tools
