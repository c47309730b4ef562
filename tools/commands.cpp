// Option parsing for the offline tools; every bad word is an error message, never a crash.
#include "tools/commands.h"

#include "tools/data_file.h"
#include "tools/data_manifest.h"
#include "tools/datagen.h"
#include "tools/epd_suite.h"
#include "tools/game_convert.h"
#include "tools/nnue_trainer.h"
#include "tools/pgn_import.h"
#include "tools/rescore.h"
#include "tools/technique_table.h"
#include "tools/texel_tuner.h"
#include "tools/time_simulation.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <thread>

namespace flotilla::tools {

namespace {

const char* const DATAGEN_USAGE =
    "usage: flotilla datagen (--out-dir DIR | --out FILE [--append]) [--games N]\n"
    "         [--threads N (all cores)] [--nodes N (5000)] [--soft-nodes N (none; with it\n"
    "         --nodes is the hard cap, 8 times it unless given)] [--book EPD | --random-plies N]\n"
    "         [--opening-max-score CP] [--seed N (from the clock)] [--hash MiB] [--chunk-mb N "
    "(48)]\n"
    "         [--eval-file classical|<default>|NET.nnue (the engine's default)]\n"
    "         [--win-score CP (1000)] [--win-plies N (8)] [--draw-score CP (10)]\n"
    "         [--draw-plies N (8)] [--draw-min-ply N (60)] (adjudication; 0 plies: none)\n";
const char* const RESCORE_USAGE =
    "usage: flotilla rescore --data PATH [--data PATH ...] --out-dir DIR [--nodes 50000]\n"
    "         [--share 1] [--threads N (all cores)] [--seed 1] [--hash MiB (16)]\n"
    "         [--eval-file classical|<default>|NET.nnue (the engine's default)]\n";
const char* const IMPORT_PGN_USAGE =
    "usage: flotilla import-pgn --out FILE.games.zst --engine TEXT --network TEXT --nodes N\n"
    "         [--opening TEXT] [--adjudication TEXT] PGN [PGN ...]\n";
const char* const TUNE_USAGE =
    "usage: flotilla tune --data FILE [--data FILE ...] --out weights.cpp [--epochs N]\n"
    "         [--threads N] [--lr X] [--lambda X] [--batch N] [--k X]\n"
    "         [--holdout FRACTION (0.1)] [--seed N]\n";

const char* const TRAIN_NNUE_USAGE =
    "usage: flotilla train-nnue --data PATH [--data PATH ...] --out net.nnue [--hidden 128]\n"
    "         [--buckets 8] [--epochs 10] [--batch 16384] [--lr 0.001] [--lr-drop 0.3]\n"
    "         [--lr-step 4] [--lr-schedule step|cosine] [--lr-final 0.000001]\n"
    "         [--weight-decay 0] [--lambda 0] [--k X (fitted)]\n"
    "         [--mirror 1|0] [--king-buckets none|mirror|4|8 (none)] [--factoriser 1|0]\n"
    "         [--threads N (all cores)] [--validation 0.02] [--seed 1]\n"
    "         [--max-score CP (none)] [--min-ply N (0)] [--precision fp32|bf16 (fp32)]\n"
    "         [--segment N (1)]\n"
    "         [--checkpoint-dir DIR] [--resume FILE]\n";

const char* const TIME_SIM_USAGE =
    "usage: flotilla time-sim --base MS [--inc MS (0)] [--movestogo N (0: none)]\n"
    "         [--moves N (200)] [--overhead MS (10)] [--lag MS (5)] [--seed N (2026)]\n";

// Walks the option words; value() fails with a message when one is missing or bad.
class Words {
  public:
    Words(const std::vector<std::string>& w, std::string* e) : words(w), error(e) {}
    bool next(std::string* option) {
        if (++i >= words.size()) return false;
        *option = words[i];
        return true;
    }
    bool text(std::string* out) {
        if (i + 1 >= words.size()) return fail("missing value after " + words[i]);
        *out = words[++i];
        return true;
    }
    template <class T> bool number(T* out) {
        std::string s;
        if (!text(&s)) return false;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
        if (ec != std::errc() || end != s.data() + s.size())
            return fail("bad number '" + s + "' after " + words[i - 1]);
        return true;
    }
    bool fail(const std::string& message) {
        *error = message;
        return false;
    }

  private:
    const std::vector<std::string>& words;
    std::string* error;
    std::size_t i = 0;
};

bool parse_datagen(const std::vector<std::string>& args, DatagenOptions* o, std::string* error) {
    Words w(args, error);
    std::string opt;
    bool nodesGiven = false;
    while (w.next(&opt)) {
        bool ok = true;
        if (opt == "--out")
            ok = w.text(&o->out);
        else if (opt == "--games")
            ok = w.number(&o->games);
        else if (opt == "--threads")
            ok = w.number(&o->threads);
        else if (opt == "--nodes")
            ok = w.number(&o->nodes) && (nodesGiven = true);
        else if (opt == "--soft-nodes")
            ok = w.number(&o->softNodes);
        else if (opt == "--book")
            ok = w.text(&o->book);
        else if (opt == "--random-plies")
            ok = w.number(&o->randomPlies);
        else if (opt == "--seed")
            ok = w.number(&o->seed);
        else if (opt == "--hash")
            ok = w.number(&o->hashMiB);
        else if (opt == "--append")
            o->append = true;
        else if (opt == "--out-dir")
            ok = w.text(&o->outDir);
        else if (opt == "--chunk-mb")
            ok = w.number(&o->chunkMB);
        else if (opt == "--eval-file")
            ok = w.text(&o->evalFile);
        else if (opt == "--opening-max-score")
            ok = w.number(&o->openingMaxScore);
        else if (opt == "--win-score")
            ok = w.number(&o->adjudication.winScore);
        else if (opt == "--win-plies")
            ok = w.number(&o->adjudication.winPlies);
        else if (opt == "--draw-score")
            ok = w.number(&o->adjudication.drawScore);
        else if (opt == "--draw-plies")
            ok = w.number(&o->adjudication.drawPlies);
        else if (opt == "--draw-min-ply")
            ok = w.number(&o->adjudication.drawMinPly);
        else
            ok = w.fail("unknown datagen option '" + opt + "'");
        if (!ok) return false;
    }
    // Soft nodes without a cap: 8 times them, as Viridithas's datagen does.
    if (o->softNodes && !nodesGiven) o->nodes = 8 * o->softNodes;
    return true;
}

bool parse_rescore(const std::vector<std::string>& args, RescoreOptions* o, std::string* error) {
    Words w(args, error);
    std::string opt;
    while (w.next(&opt)) {
        bool ok = true;
        if (opt == "--data") {
            std::string path;
            ok = w.text(&path);
            o->data.push_back(path);
        } else if (opt == "--out-dir")
            ok = w.text(&o->outDir);
        else if (opt == "--nodes")
            ok = w.number(&o->nodes);
        else if (opt == "--share")
            ok = w.number(&o->share);
        else if (opt == "--threads")
            ok = w.number(&o->threads);
        else if (opt == "--seed")
            ok = w.number(&o->seed);
        else if (opt == "--hash")
            ok = w.number(&o->hashMiB);
        else if (opt == "--eval-file")
            ok = w.text(&o->evalFile);
        else
            ok = w.fail("unknown rescore option '" + opt + "'");
        if (!ok) return false;
    }
    return true;
}

// import-pgn: the header words say what played the games, which a PGN does not record.
bool parse_import_pgn(const std::vector<std::string>& args, std::string* outFile,
                      GameFileHeader* header, std::vector<std::string>* pgns, std::string* error) {
    Words w(args, error);
    std::string opt;
    int nodes = 0;
    while (w.next(&opt)) {
        bool ok = true;
        if (opt == "--out")
            ok = w.text(outFile);
        else if (opt == "--engine" || opt == "--network" || opt == "--opening" ||
                 opt == "--adjudication")
            ok = w.text(&(*header)[opt.substr(2)]);
        else if (opt == "--nodes")
            ok = w.number(&nodes) && (nodes > 0 || w.fail("--nodes must be positive"));
        else if (opt.rfind("--", 0) == 0)
            ok = w.fail("unknown import-pgn option '" + opt + "'");
        else
            pgns->push_back(opt);
        if (!ok) return false;
    }
    if (outFile->empty() || pgns->empty() || !header->count("engine") ||
        !header->count("network") || nodes == 0)
        return w.fail("--out, --engine, --network, --nodes and a PGN file are needed");
    (*header)["nodes"] = std::to_string(nodes);
    return true;
}

bool parse_tune(const std::vector<std::string>& args, TunerOptions* o, std::string* error) {
    Words w(args, error);
    std::string opt;
    while (w.next(&opt)) {
        bool ok = true;
        if (opt == "--data") {
            std::string path;
            ok = w.text(&path);
            o->inputs.push_back(path);
        } else if (opt == "--out")
            ok = w.text(&o->out);
        else if (opt == "--epochs")
            ok = w.number(&o->epochs);
        else if (opt == "--threads")
            ok = w.number(&o->threads);
        else if (opt == "--lr")
            ok = w.number(&o->learningRate);
        else if (opt == "--lambda")
            ok = w.number(&o->lambda);
        else if (opt == "--batch")
            ok = w.number(&o->batchSize);
        else if (opt == "--k")
            ok = w.number(&o->fixedK);
        else if (opt == "--holdout")
            ok = w.number(&o->holdout);
        else if (opt == "--seed")
            ok = w.number(&o->seed);
        else
            ok = w.fail("unknown tune option '" + opt + "'");
        if (!ok) return false;
    }
    return true;
}

bool parse_time_sim(const std::vector<std::string>& args, SimulatedControl* c, std::string* error) {
    Words w(args, error);
    std::string opt;
    while (w.next(&opt)) {
        bool ok = false;
        if (opt == "--base")
            ok = w.number(&c->baseMs);
        else if (opt == "--inc")
            ok = w.number(&c->incMs);
        else if (opt == "--movestogo")
            ok = w.number(&c->movesPerControl);
        else if (opt == "--moves")
            ok = w.number(&c->moves);
        else if (opt == "--overhead")
            ok = w.number(&c->overheadMs);
        else if (opt == "--lag")
            ok = w.number(&c->lagMs);
        else if (opt == "--seed")
            ok = w.number(&c->seed);
        else
            return w.fail("unknown option '" + opt + "'");
        if (!ok) return false;
    }
    // Bounded so that no input makes the model run long or overflow the clock.
    if (c->baseMs <= 0 || c->baseMs > 1000LL * 3600 * 24)
        return w.fail("--base must lie in 1 .. 86400000 ms");
    if (c->incMs < 0 || c->incMs > 3600000) return w.fail("--inc must lie in 0 .. 3600000 ms");
    if (c->movesPerControl < 0 || c->movesPerControl > 1000)
        return w.fail("--movestogo must lie in 0 .. 1000");
    if (c->moves < 1 || c->moves > 10000) return w.fail("--moves must lie in 1 .. 10000");
    if (c->overheadMs < 0 || c->overheadMs > 60000 || c->lagMs < 0 || c->lagMs > 60000)
        return w.fail("--overhead and --lag must lie in 0 .. 60000 ms");
    return true;
}

bool parse_train_nnue(const std::vector<std::string>& args, nnue::TrainOptions* o,
                      std::string* error) {
    Words w(args, error);
    std::string opt;
    while (w.next(&opt)) {
        bool ok = true;
        if (opt == "--data") {
            std::string path;
            ok = w.text(&path);
            o->data.push_back(path);
        } else if (opt == "--out")
            ok = w.text(&o->out);
        else if (opt == "--hidden")
            ok = w.number(&o->hidden);
        else if (opt == "--buckets")
            ok = w.number(&o->buckets);
        else if (opt == "--epochs")
            ok = w.number(&o->epochs);
        else if (opt == "--batch")
            ok = w.number(&o->batch);
        else if (opt == "--lr")
            ok = w.number(&o->lr);
        else if (opt == "--lr-drop")
            ok = w.number(&o->lrDrop);
        else if (opt == "--lr-step")
            ok = w.number(&o->lrStep);
        else if (opt == "--lr-schedule")
            ok = w.text(&o->lrSchedule);
        else if (opt == "--lr-final")
            ok = w.number(&o->lrFinal);
        else if (opt == "--weight-decay")
            ok = w.number(&o->weightDecay);
        else if (opt == "--lambda")
            ok = w.number(&o->lambda);
        else if (opt == "--k")
            ok = w.number(&o->k);
        else if (opt == "--mirror")
            ok = w.number(&o->mirror);
        else if (opt == "--king-buckets")
            ok = w.text(&o->kingBuckets);
        else if (opt == "--factoriser")
            ok = w.number(&o->factoriser);
        else if (opt == "--precision")
            ok = w.text(&o->precision);
        else if (opt == "--segment")
            ok = w.number(&o->segment);
        else if (opt == "--threads")
            ok = w.number(&o->threads);
        else if (opt == "--validation")
            ok = w.number(&o->validation);
        else if (opt == "--max-score")
            ok = w.number(&o->filter.maxScore);
        else if (opt == "--min-ply")
            ok = w.number(&o->filter.minPly);
        else if (opt == "--seed")
            ok = w.number(&o->seed);
        else if (opt == "--checkpoint-dir")
            ok = w.text(&o->checkpointDir);
        else if (opt == "--resume")
            ok = w.text(&o->resume);
        else
            ok = w.fail("unknown train-nnue option '" + opt + "'");
        if (!ok) return false;
    }
    if (o->k != 0 && !(o->k > 0)) return w.fail("--k must be positive");
    return true;
}

// `convert-games PATH...`: every game file named, or below a directory named, in turn;
// the first failure stops the run, leaving that file and the rest as they were.
int convert_games(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.size() < 2) {
        err << "usage: flotilla convert-games PATH [PATH ...] (game files or directories)\n";
        return 1;
    }
    std::string error;
    for (std::size_t i = 1; i < args.size(); ++i)
        for (const std::string& file : game_files_in(args[i])) {
            ConvertReport r;
            if (!convert_game_file(file, ConvertOptions{}, &r, &error)) {
                err << "error: " << error << "\n";
                return 1;
            }
            if (!r.converted) {
                out << file << ": already version 2, left as it is\n";
                continue;
            }
            const double positions = double(std::max<std::uint64_t>(r.positions, 1));
            out << file << ": " << r.games << " games, " << r.positions << " positions, "
                << r.oldBytes << " -> " << r.newBytes << " bytes (" << r.oldBytes / positions
                << " -> " << r.newBytes / positions
                << " per position), every game verified identical"
                << (r.manifestUpdated ? "; manifest row updated" : "; no manifest") << "\n";
        }
    return 0;
}

const char* result_text(GameResult r) {
    return r == GameResult::WHITE_WIN ? "1.0" : r == GameResult::BLACK_WIN ? "0.0" : "0.5";
}

} // namespace

bool export_text(const std::string& in, const std::string& out, std::ostream& report,
                 std::string* error) {
    std::ofstream text(out);
    if (!text) {
        *error = "cannot create '" + out + "'";
        return false;
    }
    const ReadStats stats = read_data_file(in, [&](const TrainingPosition& p) {
        text << p.fen << " | " << p.scoreWhite << " | " << result_text(p.result) << "\n";
    });
    if (!stats.ok()) {
        *error = stats.error;
        return false;
    }
    report << "exported " << stats.good << " positions";
    if (stats.bad) report << ", skipped " << stats.bad << " damaged records";
    if (stats.tailBytes)
        report << ", ignored a partial last record (" << stats.tailBytes << " bytes)";
    report << "\n";
    if (!text.flush()) {
        *error = "write to '" + out + "' failed";
        return false;
    }
    return true;
}

std::optional<int> run_tool(const std::vector<std::string>& args, std::ostream& out,
                            std::ostream& err) {
    if (args.empty()) return std::nullopt;
    std::string error;
    const std::string& tool = args[0];
    if (tool == "datagen") {
        DatagenOptions options;
        options.threads = int(std::max(1u, std::thread::hardware_concurrency())); // all cores
        // Each run plays new games unless a seed is given to reproduce one.
        options.seed = std::uint64_t(std::chrono::system_clock::now().time_since_epoch() /
                                     std::chrono::microseconds(1));
        DatagenSummary summary;
        if (!parse_datagen(args, &options, &error) ||
            !run_datagen(options, err, &summary, &error)) {
            err << "error: " << error << "\n" << DATAGEN_USAGE;
            return 1;
        }
        out << "datagen: " << summary.games << " games, " << summary.positions << " positions ("
            << summary.trainingPositions << " for training) in " << summary.seconds << " s\n";
        for (const std::string& file : summary.files) out << "datagen: wrote " << file << "\n";
        if (!options.outDir.empty() && !write_manifest(options.outDir, out, &error)) {
            err << "error: " << error << "\n";
            return 1;
        }
        return 0;
    }
    if (tool == "technique-table") {
        out << TECHNIQUE_TABLE_BEGIN << "\n" << technique_table() << TECHNIQUE_TABLE_END << "\n";
        return 0;
    }
    if (tool == "data-manifest") {
        if (args.size() != 2) {
            err << "usage: flotilla data-manifest DIR\n";
            return 1;
        }
        if (!write_manifest(args[1], out, &error)) {
            err << "error: " << error << "\n";
            return 1;
        }
        return 0;
    }
    if (tool == "convert-games") return convert_games(args, out, err);
    if (tool == "import-pgn") {
        std::string file;
        GameFileHeader header;
        std::vector<std::string> pgns;
        PgnImportSummary summary;
        if (!parse_import_pgn(args, &file, &header, &pgns, &error)) {
            err << "error: " << error << "\n" << IMPORT_PGN_USAGE;
            return 1;
        }
        header["created"] = utc_stamp();
        const std::string dir = std::filesystem::path(file).parent_path().string();
        if (!import_pgn(pgns, file, header, &summary, &error) ||
            !write_manifest(dir.empty() ? "." : dir, out, &error)) {
            err << "error: " << error << "\n";
            return 1;
        }
        out << "import-pgn: " << summary.imported << " of " << summary.games << " games, "
            << summary.plies << " plies (" << summary.unscored << " without a score) into " << file
            << "\n";
        if (!summary.firstSkip.empty())
            out << "import-pgn: first skipped: " << summary.firstSkip << "\n";
        return 0;
    }
    if (tool == "rescore") {
        RescoreOptions options;
        options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
        RescoreSummary summary;
        if (!parse_rescore(args, &options, &error) ||
            !run_rescore(options, err, &summary, &error)) {
            err << "error: " << error << "\n" << RESCORE_USAGE;
            return 1;
        }
        out << "rescore: " << summary.files << " files, " << summary.games << " games, "
            << summary.rescored << " of " << summary.trainingPositions
            << " training positions re-scored (" << summary.changed << " changed) in "
            << summary.seconds << " s\n";
        return 0;
    }
    if (tool == "datagen-export") {
        if (args.size() != 3) {
            err << "usage: flotilla datagen-export IN.bin OUT.txt\n";
            return 1;
        }
        if (!export_text(args[1], args[2], err, &error)) {
            err << "error: " << error << "\n";
            return 1;
        }
        return 0;
    }
    if (tool == "epd-uci") {
        if (args.size() != 2) {
            err << "usage: flotilla epd-uci SUITE.epd\n";
            return 1;
        }
        return convert_suite(args[1], out, err);
    }
    if (tool == "tune") {
        TunerOptions options;
        options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
        if (!parse_tune(args, &options, &error) || !run_tuner(options, err, &error)) {
            err << "error: " << error << "\n" << TUNE_USAGE;
            return 1;
        }
        return 0;
    }
    if (tool == "time-sim") {
        SimulatedControl control;
        if (!parse_time_sim(args, &control, &error)) {
            err << "error: " << error << "\n" << TIME_SIM_USAGE;
            return 1;
        }
        const SimulatedGame g = simulate_clock(control);
        out << "move,used_ms,clock_left_ms,hard_per_mille\n";
        for (std::size_t m = 0; m < g.used.size(); ++m)
            out << m + 1 << ',' << g.used[m] << ',' << g.clockLeft[m] << ',' << g.hardShare[m]
                << '\n';
        if (g.flagged) out << "# flagged on move " << g.used.size() + 1 << "\n";
        return g.flagged ? 2 : 0;
    }
    if (tool == "train-nnue") {
        nnue::TrainOptions options;
        options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
        options.commandLine = "flotilla";
        for (const auto& word : args) options.commandLine += " " + word;
        if (!parse_train_nnue(args, &options, &error) ||
            !nnue::run_train_nnue(options, err, &error)) {
            err << "error: " << error << "\n" << TRAIN_NNUE_USAGE;
            return 1;
        }
        return 0;
    }
    return std::nullopt;
}

} // namespace flotilla::tools
