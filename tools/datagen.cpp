// Self-play games for training data. Each game gets its own small transposition
// table and Worker, so games never share state and all cores stay busy.
#include "tools/datagen.h"

#include "core/movegen.h"
#include "search/worker.h"
#include "tools/data_file.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <ostream>
#include <sstream>

namespace flotilla::tools {

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, one per game.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    std::uint64_t below(std::uint64_t n) { return next() % n; }
};

constexpr const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Rewrites the result bits of a record packed before the game ended.
void set_result(PackedRecord& r, GameResult result) {
    r[26] = std::uint8_t((r[26] & 1) | (int(result) << 1));
    const std::uint16_t crc = crc16(r.data(), 30);
    r[30] = std::uint8_t(crc & 0xFF);
    r[31] = std::uint8_t(crc >> 8);
}

bool is_quiet(const Position& pos, Move m) {
    if (m.type() == PROMOTION || m.type() == EN_PASSANT) return false;
    // Castling is encoded king-takes-own-rook: not a capture.
    return m.type() == CASTLING || pos.empty(m.to());
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

std::vector<PackedRecord> play_game(const std::string& startFen, const DatagenOptions& options,
                                    std::uint64_t seed, GameResult* resultOut) {
    SplitMix64 rng{seed};
    Position pos;
    std::string error;
    if (!pos.set_fen(startFen, false, &error)) return {};
    if (options.book.empty()) {
        const Position start = pos;
        while (!random_opening(pos, options.randomPlies, rng)) pos = start;
    }

    search::TranspositionTable tt;
    tt.resize(std::size_t(options.hashMiB));
    search::Worker worker(tt);
    search::Limits limits;
    limits.nodes = options.nodes;
    const search::Params params;
    std::atomic<bool> stop{false};

    std::vector<PackedRecord> kept;
    int whiteWinning = 0, blackWinning = 0, quiet = 0;
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

        tt.new_search();
        stop = false;
        const search::SearchResult r = worker.search(pos, limits, params, stop);
        if (!r.bestMove) break; // cannot happen with legal moves; stop rather than loop
        const int scoreWhite = pos.side_to_move() == WHITE ? r.score : -r.score;
        const bool mateScore =
            r.score >= VALUE_MATE_IN_MAX_PLY || r.score <= VALUE_MATED_IN_MAX_PLY;
        if (!pos.in_check() && is_quiet(pos, r.bestMove) && !mateScore)
            kept.push_back(pack(pos, scoreWhite, GameResult::DRAW));

        // Adjudication on scores held by both sides' searches.
        whiteWinning = scoreWhite >= ADJUDICATE_WIN_SCORE ? whiteWinning + 1 : 0;
        blackWinning = scoreWhite <= -ADJUDICATE_WIN_SCORE ? blackWinning + 1 : 0;
        quiet = ply >= ADJUDICATE_DRAW_MIN_PLY && std::abs(scoreWhite) <= ADJUDICATE_DRAW_SCORE
                    ? quiet + 1
                    : 0;
        if (whiteWinning >= ADJUDICATE_WIN_PLIES) {
            result = GameResult::WHITE_WIN;
            break;
        }
        if (blackWinning >= ADJUDICATE_WIN_PLIES) {
            result = GameResult::BLACK_WIN;
            break;
        }
        if (quiet >= ADJUDICATE_DRAW_PLIES) break;
        pos.make_move(r.bestMove);
    }
    for (PackedRecord& record : kept) set_result(record, result);
    if (resultOut) *resultOut = result;
    return kept;
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

bool run_datagen(const DatagenOptions& options, std::ostream& progress, DatagenSummary* summary,
                 std::string* error) {
    if (options.out.empty()) {
        *error = "datagen needs --out FILE";
        return false;
    }
    if (options.threads < 1 || options.nodes < 1 || options.hashMiB < 1 ||
        options.randomPlies < 0) {
        *error = "datagen: --threads, --nodes and --hash must be positive";
        return false;
    }
    std::vector<std::string> book;
    if (!options.book.empty() && !load_book(options.book, &book, error)) return false;
    DataWriter writer;
    if (!writer.open(options.out, options.append, error)) return false;

    // A resumed run must not replay the games already in the file.
    const std::uint64_t seedBase = options.seed ^ (writer.record_count() * 0x9E3779B97F4A7C15ULL);
    std::atomic<std::uint64_t> games{0}, positions{0};
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
        char line[160];
        std::snprintf(line, sizeof line,
                      "games %llu/%llu  positions %llu  %.0f pos/s  elapsed %s  ETA %s%s",
                      (unsigned long long)g, (unsigned long long)options.games,
                      (unsigned long long)p, double(p) / t, format_duration(t).c_str(),
                      format_duration(eta).c_str(), final ? "\n" : "\r");
        progress << line << std::flush;
    };

    tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                std::size_t(options.threads));
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, options.games, 1),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                          for (std::uint64_t game = range.begin(); game != range.end(); ++game) {
                              if (failed) return;
                              SplitMix64 seeder{seedBase + game};
                              const std::uint64_t gameSeed = seeder.next();
                              const std::string& startFen = book.empty()
                                                                ? std::string(START_FEN)
                                                                : book[gameSeed % book.size()];
                              const auto records = play_game(startFen, options, gameSeed);
                              std::lock_guard lock(writeMutex);
                              if (failed) return;
                              if (!writer.write(records, &writeError)) {
                                  failed = true;
                                  return;
                              }
                              ++games;
                              positions += records.size();
                              if (elapsed() - lastReport >= options.progressSeconds) {
                                  lastReport = elapsed();
                                  report(false);
                              }
                          }
                      });
    report(true);
    if (summary) *summary = {games, positions, elapsed()};
    if (failed) {
        *error = "datagen stopped: " + writeError + " (the file holds " +
                 std::to_string(writer.record_count()) + " complete records)";
        return false;
    }
    return true;
}

} // namespace flotilla::tools
