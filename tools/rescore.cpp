// Re-scoring of game files by a deeper search (tools/rescore.h).
#include "tools/rescore.h"

#include "core/splitmix.h"
#include "search/worker.h"
#include "tools/data_manifest.h"
#include "tools/game_file.h"
#include "tools/game_searcher.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <ostream>

namespace flotilla::tools {

bool rescore_chosen(std::uint64_t seed, std::uint64_t game, int ply, double share) {
    if (share >= 1.0) return true;
    std::uint64_t state = seed ^ (game * 0x9E3779B97F4A7C15ULL) ^ (std::uint64_t(ply) << 40);
    return double(splitmix64(state) >> 11) * 0x1.0p-53 < share;
}

RescoreCounts rescore_game(GameRecord* game, std::uint64_t gameNumber, const RescoreOptions& o,
                           GameSearcher& searcher) {
    searcher.new_game();
    search::Limits limits;
    limits.nodes = o.nodes;
    RescoreCounts counts;
    int ply = 0;
    std::vector<std::int16_t> scores = game->scores;
    replay_game(*game, [&](const Position& pos, Move played, int scoreWhite) {
        const int i = ply++;
        if (!is_training_position(pos, played, scoreWhite)) return;
        ++counts.training;
        if (!rescore_chosen(o.seed, gameNumber, i, o.share)) return;
        const search::SearchResult r = searcher.search(pos, limits);
        const int white = pos.side_to_move() == WHITE ? r.score : -r.score;
        scores[std::size_t(i)] = std::int16_t(std::clamp(white, -32767, 32767));
        ++counts.searched;
        counts.changed += scores[std::size_t(i)] != scoreWhite;
    });
    game->scores = std::move(scores);
    return counts;
}

namespace {

bool rescore_file(const std::string& path, std::uint64_t* gameNumber, const RescoreOptions& o,
                  const EvalNetwork& net, RescoreSummary* total, std::string* error) {
    GameFileHeader header;
    std::vector<GameRecord> games;
    const GameReadStats read =
        read_game_file(path, &header, [&](const GameRecord& g) { games.push_back(g); });
    if (!read.ok()) {
        *error = read.error;
        return false;
    }
    std::atomic<std::uint64_t> searched{0}, changed{0}, training{0};
    const std::uint64_t first = *gameNumber;
    tbb::enumerable_thread_specific<GameSearcher> searchers(o.hashMiB, net.network.get());
    tbb::parallel_for(std::size_t(0), games.size(), [&](std::size_t i) {
        const RescoreCounts c = rescore_game(&games[i], first + i, o, searchers.local());
        searched += c.searched;
        changed += c.changed;
        training += c.training;
    });
    *gameNumber += games.size();
    header["rescored"] = "nodes " + std::to_string(o.nodes) + " share " + std::to_string(o.share) +
                         " seed " + std::to_string(o.seed) + " network " + net.name;
    const std::string out =
        (std::filesystem::path(o.outDir) / std::filesystem::path(path).filename()).string();
    GameWriter writer;
    if (!writer.open(out, header, error)) return false;
    for (const GameRecord& g : games)
        if (!writer.add(g, error)) return false;
    if (!writer.close(error)) return false;
    ++total->files;
    total->games += games.size();
    total->trainingPositions += training;
    total->rescored += searched;
    total->changed += changed;
    return true;
}

} // namespace

bool run_rescore(const RescoreOptions& o, std::ostream& progress, RescoreSummary* summary,
                 std::string* error) {
    if (o.data.empty() || o.outDir.empty()) {
        *error = "rescore needs --data PATH and --out-dir DIR";
        return false;
    }
    if (o.nodes < 1 || o.threads < 1 || o.hashMiB < 1 || !(o.share >= 0 && o.share <= 1)) {
        *error = "rescore: --nodes, --threads and --hash must be positive, --share in [0, 1]";
        return false;
    }
    EvalNetwork net;
    if (!load_eval_network(o.evalFile, &net, error)) return false;
    std::error_code ec;
    std::filesystem::create_directories(o.outDir, ec);
    if (ec) {
        *error = "cannot create directory '" + o.outDir + "': " + ec.message();
        return false;
    }
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                std::size_t(o.threads));
    const auto start = std::chrono::steady_clock::now();
    RescoreSummary total;
    std::uint64_t gameNumber = 0;
    for (const std::string& input : o.data) {
        for (const std::string& file : game_files_in(input)) {
            if (!rescore_file(file, &gameNumber, o, net, &total, error)) return false;
            total.seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            progress << file << ": " << total.rescored << " of " << total.trainingPositions
                     << " training positions re-scored so far (" << total.changed << " changed), "
                     << total.seconds << " s\n";
        }
    }
    if (summary) *summary = total;
    return write_manifest(o.outDir, progress, error);
}

} // namespace flotilla::tools
