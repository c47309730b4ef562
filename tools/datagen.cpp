// Self-play games for training data. Each game gets its own small transposition
// table and Worker, so games never share state and all cores stay busy.
#include "tools/datagen.h"

#include "core/movegen.h"
#include "core/splitmix.h"
#include "search/worker.h"
#include "tools/data_file.h"
#include "tools/eval_network.h"
#include "tools/game_searcher.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "git_commit.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>

namespace flotilla::tools {

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, one per game.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() { return splitmix64(state); }
    std::uint64_t below(std::uint64_t n) { return next() % n; }
};

// Rewrites the result bits of a record packed before the game ended.
void set_result(PackedRecord& r, GameResult result) {
    r[26] = std::uint8_t((r[26] & 1) | (int(result) << 1));
    const std::uint16_t crc = crc16(r.data(), 30);
    r[30] = std::uint8_t(crc & 0xFF);
    r[31] = std::uint8_t(crc >> 8);
}

// Plays random legal moves; false when the game ended on the way.
bool random_opening(Position& pos, int plies, SplitMix64& rng) {
    for (int i = 0; i < plies; ++i) {
        const MoveList moves(pos);
        if (moves.size() == 0) return false;
        pos.make_move(*(moves.begin() + rng.below(moves.size())));
    }
    return MoveList(pos).size() > 0;
}

std::string format_duration(double seconds) {
    const long s = long(seconds);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return buffer;
}

} // namespace

GameRecord play_game(const std::string& startFen, const DatagenOptions& options,
                     std::uint64_t seed) {
    GameSearcher searcher(options.hashMiB, options.network.get());
    return play_game(searcher, startFen, options, seed);
}

GameRecord play_game(GameSearcher& searcher, const std::string& startFen,
                     const DatagenOptions& options, std::uint64_t seed) {
    SplitMix64 rng{seed};
    Position start;
    if (!start.set_fen(startFen, false)) return {};

    searcher.new_game();
    search::Limits limits;
    limits.nodes = options.nodes;
    limits.softNodes = options.softNodes;
    auto search = [&](const Position& pos) { return searcher.search(pos, limits); };

    // The opening: random plies (or the book line as given), replaced while its first
    // search says one side is already far ahead. After 100 tries the last one is kept.
    Position pos = start;
    search::SearchResult first;
    for (int attempt = 0;; ++attempt) {
        pos = start;
        if (options.book.empty() && !random_opening(pos, options.randomPlies, rng)) {
            if (attempt >= 1000) return {}; // a start whose random lines all end at once
            continue;
        }
        first = search(pos);
        if (!options.book.empty() || std::abs(first.score) <= options.openingMaxScore ||
            attempt >= 100)
            break;
    }

    GameRecord game;
    game.start = pack(pos, 0, GameResult::DRAW);
    Adjudicator adjudicator(options.adjudication);
    GameResult result = GameResult::DRAW;
    for (int ply = 0;; ++ply) {
        if (MoveList(pos).size() == 0) {
            result = !pos.in_check()               ? GameResult::DRAW
                     : pos.side_to_move() == WHITE ? GameResult::BLACK_WIN
                                                   : GameResult::WHITE_WIN;
            break;
        }
        if (pos.is_fifty_move_draw() || pos.has_insufficient_material() || pos.is_repetition(0) ||
            ply >= options.maxPlies)
            break;

        const search::SearchResult r = ply == 0 ? first : search(pos);
        if (!r.bestMove) break; // cannot happen with legal moves; stop rather than loop
        const int scoreWhite = pos.side_to_move() == WHITE ? r.score : -r.score;
        game.moves.push_back(r.bestMove);
        game.scores.push_back(std::int16_t(std::clamp(scoreWhite, -32767, 32767)));

        if (const std::optional<GameResult> adjudicated = adjudicator.after_move(ply, scoreWhite)) {
            result = *adjudicated;
            break;
        }
        pos.make_move(r.bestMove);
    }
    game.result = result;
    set_result(game.start, result);
    return game;
}

std::vector<PackedRecord> training_records(const GameRecord& game) {
    std::vector<PackedRecord> records;
    replay_game(game, [&](const Position& pos, Move played, int scoreWhite) {
        if (is_training_position(pos, played, scoreWhite))
            records.push_back(pack(pos, scoreWhite, game.result));
    });
    return records;
}

bool load_book(const std::string& path, std::vector<std::string>* fens, std::string* error) {
    std::ifstream in(path);
    if (!in) {
        *error = "cannot open book '" + path + "'";
        return false;
    }
    std::string line;
    int lineNumber = 0;
    while (std::getline(in, line)) {
        ++lineNumber;
        std::istringstream fields(line);
        std::string board, side, castling, ep;
        if (!(fields >> board) || board[0] == '#') continue;
        fields >> side >> castling >> ep;
        const std::string fen = board + " " + side + " " + castling + " " + ep + " 0 1";
        Position pos;
        std::string why;
        if (!pos.set_fen(fen, false, &why)) {
            *error = path + ":" + std::to_string(lineNumber) + ": " + why;
            return false;
        }
        fens->push_back(fen);
    }
    if (fens->empty()) {
        *error = "book '" + path + "' holds no positions";
        return false;
    }
    return true;
}

namespace {

// SIGINT/SIGTERM end a run cleanly: no new games start, those in play finish and
// the files are closed, so a generation can be stopped at any time without loss.
std::atomic<bool> interruptRequested{false};
extern "C" void request_interrupt(int) { interruptRequested = true; }

// Game files of one run: <dir>/<stem>-<n>.games.zst, the next begun once one passes the size.
class GameChunks {
  public:
    GameChunks(const DatagenOptions& o) : options(o) {
        stem = "flotilla-" + utc_stamp() + "-s" + std::to_string(o.seed);
        header["engine"] = FLOTILLA_GIT_COMMIT;
        header["network"] = o.networkName;
        header["nodes"] = std::to_string(o.nodes);
        if (o.softNodes) header["soft_nodes"] = std::to_string(o.softNodes);
        header["seed"] = std::to_string(o.seed);
        header["opening"] = o.book.empty() ? "random-plies " + std::to_string(o.randomPlies) +
                                                 " max-score " + std::to_string(o.openingMaxScore)
                                           : "book " + o.book;
        header["adjudication"] = o.adjudication.describe();
        header["created"] = utc_stamp();
    }
    bool start(std::string* error) {
        std::error_code ec;
        std::filesystem::create_directories(options.outDir, ec);
        if (ec) {
            *error = "cannot create directory '" + options.outDir + "': " + ec.message();
            return false;
        }
        return next(error);
    }
    // A full file is closed when the next game comes, so no run ends with an empty one.
    bool add(const GameRecord& game, std::string* error) {
        const bool full =
            writer.games() > 0 && double(writer.bytes_written()) >= options.chunkMB * 1e6;
        if (full && !(writer.close(error) && next(error))) return false;
        return writer.add(game, error);
    }
    bool close(std::string* error) { return writer.close(error); }
    const std::vector<std::string>& files() const { return paths; }

  private:
    bool next(std::string* error) {
        const std::string path = (std::filesystem::path(options.outDir) /
                                  (stem + "-" + std::to_string(paths.size() + 1) + ".games.zst"))
                                     .string();
        if (!writer.open(path, header, error)) return false;
        paths.push_back(path);
        return true;
    }
    const DatagenOptions& options;
    GameFileHeader header;
    std::string stem;
    GameWriter writer;
    std::vector<std::string> paths;
};

} // namespace

bool run_datagen(const DatagenOptions& options, std::ostream& progress, DatagenSummary* summary,
                 std::string* error) {
    if (options.out.empty() == options.outDir.empty()) {
        *error = "datagen needs one of --out-dir DIR (game files) or --out FILE (records)";
        return false;
    }
    if (options.threads < 1 || options.nodes < 1 || options.hashMiB < 1 ||
        options.randomPlies < 0 || !(options.chunkMB > 0)) {
        *error = "datagen: --threads, --nodes, --hash and --chunk-mb must be positive";
        return false;
    }
    if (!options.adjudication.valid()) {
        *error = "datagen: the adjudication's scores and plies must not be negative";
        return false;
    }
    if (options.softNodes > options.nodes) {
        *error = "datagen: --soft-nodes must not exceed --nodes, the hard cap";
        return false;
    }
    std::vector<std::string> book;
    if (!options.book.empty() && !load_book(options.book, &book, error)) return false;
    DatagenOptions run = options;
    EvalNetwork loaded;
    if (!load_eval_network(run.evalFile, &loaded, error)) return false;
    run.network = loaded.network;
    run.networkName = loaded.name;
    DataWriter records;
    std::optional<GameChunks> chunks;
    if (!options.out.empty() && !records.open(options.out, options.append, error)) return false;
    if (!options.outDir.empty()) {
        chunks.emplace(run);
        if (!chunks->start(error)) return false;
    }

    // A resumed run must not replay the games already in the file.
    const std::uint64_t seedBase = options.seed ^ (records.record_count() * 0x9E3779B97F4A7C15ULL);
    std::atomic<std::uint64_t> games{0}, positions{0}, trainingPositions{0};
    std::atomic<bool> failed{false};
    std::mutex writeMutex;
    std::string writeError;
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    double lastReport = 0;
    auto report = [&](bool final) {
        const double t = std::max(elapsed(), 1e-9);
        const std::uint64_t g = games, p = positions;
        const double eta = g ? t * double(options.games - g) / double(g) : 0;
        char line[200];
        std::snprintf(line, sizeof line,
                      "games %llu/%llu  positions %llu (%.0f/s, training %llu)  elapsed %s  ETA "
                      "%s%s",
                      (unsigned long long)g, (unsigned long long)options.games,
                      (unsigned long long)p, double(p) / t,
                      (unsigned long long)trainingPositions.load(), format_duration(t).c_str(),
                      format_duration(eta).c_str(), final ? "\n" : "\r");
        progress << line << std::flush;
    };

    interruptRequested = false;
    const auto oldInt = std::signal(SIGINT, request_interrupt);
    const auto oldTerm = std::signal(SIGTERM, request_interrupt);
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                std::size_t(options.threads));
    // One searcher per thread, reset between its games.
    tbb::enumerable_thread_specific<GameSearcher> searchers(run.hashMiB, run.network.get());
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, options.games, 1),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                          GameSearcher& searcher = searchers.local();
                          for (std::uint64_t game = range.begin(); game != range.end(); ++game) {
                              if (failed || interruptRequested) return;
                              SplitMix64 seeder{seedBase + game};
                              const std::uint64_t gameSeed = seeder.next();
                              const std::string& startFen = book.empty()
                                                                ? std::string(Position::START_FEN)
                                                                : book[gameSeed % book.size()];
                              const GameRecord played =
                                  play_game(searcher, startFen, run, gameSeed);
                              if (played.moves.empty())
                                  continue; // no playable opening from this start
                              const std::vector<PackedRecord> kept = training_records(played);
                              std::lock_guard lock(writeMutex);
                              if (failed) return;
                              if ((!options.out.empty() && !records.write(kept, &writeError)) ||
                                  (chunks && !chunks->add(played, &writeError))) {
                                  failed = true;
                                  return;
                              }
                              ++games;
                              positions += played.moves.size();
                              trainingPositions += kept.size();
                              if (elapsed() - lastReport >= options.progressSeconds) {
                                  lastReport = elapsed();
                                  report(false);
                              }
                          }
                      });
    std::signal(SIGINT, oldInt);
    std::signal(SIGTERM, oldTerm);
    if (chunks && !chunks->close(&writeError)) failed = true;
    report(true);
    if (summary)
        *summary = {games, positions, trainingPositions, elapsed(),
                    chunks ? chunks->files() : std::vector<std::string>{}};
    if (failed) {
        *error = "datagen stopped: " + writeError + " (the file holds " +
                 std::to_string(records.record_count()) + " complete records)";
        return false;
    }
    return true;
}

} // namespace flotilla::tools
