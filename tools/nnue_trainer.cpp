// The training loop of `flotilla train-nnue` (options in docs/nnue-training.md).
#include "tools/nnue_trainer.h"

#include "tools/game_file.h"
#include "tools/nnue_export.h"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numbers>
#include <numeric>
#include <optional>
#include <ostream>

namespace flotilla::tools::nnue {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string hms(double seconds) {
    const long s = std::lround(std::max(0.0, std::min(seconds, 359999.0)));
    char text[48]; // room for any long, so no truncation warning
    std::snprintf(text, sizeof text, "%02ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

// Fisher-Yates with the trainer's own generator (the same order on every platform).
void shuffle(std::vector<std::uint32_t>& v, SplitMix64& rng) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(i)]);
}

// Mean (sigmoid(score / k) - result)^2, White's view (the same from either side).
double k_error(std::span<const PackedRecord> records, std::span<const std::uint32_t> indices,
               double k) {
    constexpr std::size_t CHUNK = 8192;
    const std::size_t chunks = (indices.size() + CHUNK - 1) / CHUNK;
    std::vector<double> sums(chunks, 0.0);
    tbb::parallel_for(std::size_t(0), chunks, [&](std::size_t c) {
        const std::size_t end = std::min(indices.size(), (c + 1) * CHUNK);
        for (std::size_t i = c * CHUNK; i < end; ++i) {
            const PackedRecord& r = records[indices[i]];
            const double score = std::int16_t(std::uint16_t(r[24] | (r[25] << 8)));
            const double result = double((r[26] >> 1) & 3) / 2.0;
            const double d = sigmoid(score / k) - result;
            sums[c] += d * d;
        }
    });
    return indices.empty()
               ? 0.0
               : std::accumulate(sums.begin(), sums.end(), 0.0) / double(indices.size());
}

// FNV-1a of the options that decide the course of a run (with the data's size), so
// that a resumption with other options is noticed.
std::uint64_t options_hash(const TrainOptions& o, std::size_t records) {
    const std::string text =
        std::to_string(o.seed) + " " + std::to_string(o.batch) + " " + std::to_string(o.lambda) +
        " " + std::to_string(o.validation) + " " + std::to_string(o.lr) + " " +
        std::to_string(o.lrDrop) + " " + std::to_string(o.lrStep) + " " +
        std::to_string(o.weightDecay) + " " + std::to_string(o.k) + " " + std::to_string(o.mirror) +
        " " + o.kingBuckets + " " + std::to_string(o.factoriser) + " " + std::to_string(records) +
        // Only when not the default, so that older checkpoints keep their hash.
        (o.lrSchedule == "step" ? "" : " " + o.lrSchedule + " " + std::to_string(o.lrFinal)) +
        (o.precision == "fp32" ? "" : " " + o.precision) +
        (o.segment == 1 ? "" : " segment " + std::to_string(o.segment));
    std::uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned char c : text) h = (h ^ c) * 0x100000001B3ull;
    return h;
}

} // namespace

std::vector<IndexRange> segment_blocks(std::span<const std::uint32_t> sorted, int segment) {
    std::vector<IndexRange> blocks;
    if (segment <= 1) return blocks;
    for (std::uint32_t i = 0; i < sorted.size();) {
        const std::uint32_t block = sorted[i] / std::uint32_t(segment);
        std::uint32_t j = i + 1;
        while (j < sorted.size() && sorted[j] / std::uint32_t(segment) == block) ++j;
        blocks.push_back({i, j});
        i = j;
    }
    return blocks;
}

void order_by_blocks(std::span<const std::uint32_t> indices, std::span<const IndexRange> blocks,
                     SplitMix64& rng, std::vector<std::uint32_t>* order) {
    if (blocks.empty()) {
        order->assign(indices.begin(), indices.end());
        shuffle(*order, rng);
        return;
    }
    std::vector<std::uint32_t> which(blocks.size());
    std::iota(which.begin(), which.end(), 0u);
    shuffle(which, rng);
    order->clear();
    for (std::uint32_t b : which)
        order->insert(order->end(), indices.begin() + blocks[b].begin,
                      indices.begin() + blocks[b].end);
}

double learning_rate(const TrainOptions& o, int epoch) {
    if (o.lrSchedule == "cosine") {
        const double t = o.epochs > 1 ? double(epoch) / double(o.epochs - 1) : 0.0;
        return o.lrFinal + (o.lr - o.lrFinal) * 0.5 * (1.0 + std::cos(std::numbers::pi * t));
    }
    return o.lr * std::pow(o.lrDrop, double(epoch / o.lrStep));
}

bool validate(const TrainOptions& o, std::string* error) {
    auto fail = [&](const std::string& why) {
        *error = why;
        return false;
    };
    if (o.hidden < 16 || o.hidden > 4096 || o.hidden % 16)
        return fail("--hidden must be a multiple of 16 from 16 to 4096");
    if (o.buckets < 1 || o.buckets > 16) return fail("--buckets must be 1 to 16");
    if (o.epochs < 1 || o.epochs > 100000) return fail("--epochs must be 1 to 100000");
    if (o.batch < 1 || o.batch > (1 << 24)) return fail("--batch must be 1 to 16777216");
    if (!(o.lr > 0 && o.lr < 1e3)) return fail("--lr must be positive");
    if (!(o.lrDrop > 0 && o.lrDrop <= 1)) return fail("--lr-drop must be in (0, 1]");
    if (o.lrStep < 1) return fail("--lr-step must be at least 1");
    if (o.lrSchedule != "step" && o.lrSchedule != "cosine")
        return fail("--lr-schedule must be step or cosine");
    if (o.lrSchedule == "cosine" && !(o.lrFinal > 0 && o.lrFinal <= o.lr))
        return fail("--lr-final must be in (0, --lr]");
    if (!(o.weightDecay >= 0 && o.weightDecay < 1e3)) return fail("--weight-decay must be >= 0");
    if (!(o.lambda >= 0 && o.lambda <= 1)) return fail("--lambda must be in [0, 1]");
    if (!(o.k >= 0 && o.k < 1e6)) return fail("--k must be positive");
    if (o.mirror != 0 && o.mirror != 1) return fail("--mirror must be 0 or 1");
    if (o.factoriser != 0 && o.factoriser != 1) return fail("--factoriser must be 0 or 1");
    if (o.precision != "fp32" && o.precision != "bf16")
        return fail("--precision must be fp32 or bf16");
    if (o.segment < 1 || o.segment > 1024) return fail("--segment must be 1 to 1024");
    if (o.segment > 1 && o.precision != "fp32")
        return fail("--segment above 1 needs --precision fp32");
    if (o.filter.maxScore < 0 || o.filter.minPly < 0)
        return fail("--max-score and --min-ply must not be negative");
    std::string why;
    if (!flotilla::nnue::InputLayout::named(o.kingBuckets, &why))
        return fail("--king-buckets: " + why);
    if (o.threads < 1 || o.threads > 1024) return fail("--threads must be 1 to 1024");
    if (!(o.validation >= 0 && o.validation <= 0.5)) return fail("--validation must be 0 to 0.5");
    return true;
}

double fit_k(std::span<const PackedRecord> records, std::span<const std::uint32_t> indices) {
    // Golden-section search on log K; the error is unimodal in K for real data.
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    double lo = std::log(10.0), hi = std::log(10000.0);
    double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    double fa = k_error(records, indices, std::exp(a)), fb = k_error(records, indices, std::exp(b));
    while (hi - lo > 1e-4) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - ratio * (hi - lo), fa = k_error(records, indices, std::exp(a));
        } else {
            lo = a, a = b, fa = fb;
            b = lo + ratio * (hi - lo), fb = k_error(records, indices, std::exp(b));
        }
    }
    return std::exp((lo + hi) / 2);
}

bool train(std::span<const PackedRecord> records, const TrainOptions& o, std::ostream& log,
           TrainResult* result, std::string* error, std::span<const std::uint32_t> gameOf) {
    if (!validate(o, error)) return false;
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                std::size_t(o.threads));

    if (records.size() > std::size_t(UINT32_MAX)) {
        *error = "more than 2^32 - 1 positions";
        return false;
    }
    // The validation split, fixed by the seed.
    std::vector<std::uint32_t> all(records.size());
    std::iota(all.begin(), all.end(), 0u);
    SplitMix64 splitRng{o.seed ^ 0x5A17C0DE5A17C0DEull};
    std::vector<std::uint32_t> trainIndices;
    if (!gameOf.empty() && gameOf.size() == records.size()) {
        // Whole games: a game is held out when a seeded hash of its number falls in the
        // validation share.
        const std::uint64_t cut = std::uint64_t(o.validation * 18446744073709551615.0);
        for (std::uint32_t i : all) {
            SplitMix64 h{splitRng.state ^ (std::uint64_t(gameOf[i]) * 0x9E3779B97F4A7C15ull)};
            (h.next() < cut ? result->validationIndices : trainIndices).push_back(i);
        }
    } else {
        shuffle(all, splitRng);
        std::size_t validationCount = std::size_t(double(all.size()) * o.validation);
        if (o.validation > 0 && validationCount == 0 && all.size() > 1) validationCount = 1;
        trainIndices.assign(all.begin(), all.end() - validationCount);
        result->validationIndices.assign(all.end() - validationCount, all.end());
    }
    if (trainIndices.empty()) {
        *error = "no training positions";
        return false;
    }

    const flotilla::nnue::InputLayout layout =
        *flotilla::nnue::InputLayout::named(o.kingBuckets, nullptr);
    // Set 1 has no buckets to share a block between.
    const bool factorised =
        o.factoriser == 1 && layout.feature_set() == flotilla::nnue::FEATURE_SET_KING_BUCKETS;
    Checkpoint state;
    if (!o.resume.empty()) {
        if (!load_checkpoint(o.resume, &state, error)) return false;
        if (state.net.hidden != o.hidden || state.net.buckets != o.buckets ||
            !(state.net.layout == layout) || state.net.factoriser != factorised) {
            *error = "checkpoint '" + o.resume + "' has --hidden " +
                     std::to_string(state.net.hidden) + " --buckets " +
                     std::to_string(state.net.buckets) + " and " +
                     std::to_string(state.net.layout.buckets()) + " king buckets" +
                     (state.net.factoriser ? " (factorised)" : "") + ", not the options given";
            return false;
        }
        log << "resumed from " << o.resume << " after epoch " << state.epoch << "\n";
        if (state.options != options_hash(o, records.size()))
            log << "warning: the options or the data differ from the checkpoint's run; the "
                   "result will not be that of an uninterrupted run\n";
    } else {
        state.net = FloatNet(o.hidden, o.buckets, layout, factorised);
        state.net.init(o.seed);
        state.adam.resize(state.net);
        state.rngState = o.seed ^ 0x243F6A8885A308D3ull;
    }
    state.adam.weightDecay = float(o.weightDecay);
    state.options = options_hash(o, records.size());
    if (o.k > 0) {
        state.k = o.k;
    } else if (o.resume.empty()) {
        state.k = fit_k(records, trainIndices);
        log << "K fitted to the data: " << state.k << " (override with --k)\n";
    }
    const LossParams params{float(state.k), float(o.lambda)};
    log << "K " << state.k << ", " << trainIndices.size() << " training and "
        << result->validationIndices.size() << " validation positions, H " << o.hidden << ", "
        << o.buckets << " buckets\n";

    BatchGradient gradient(state.net, o.threads,
                           o.precision == "bf16" ? RowPrecision::BF16 : RowPrecision::FP32, 0,
                           o.segment > 1);
    // Blocks need the indices in record order (the whole-games split keeps it already).
    if (o.segment > 1) std::sort(trainIndices.begin(), trainIndices.end());
    const std::vector<IndexRange> blocks = segment_blocks(trainIndices, o.segment);
    SplitMix64 rng{state.rngState};
    const std::size_t batches = (trainIndices.size() + o.batch - 1) / std::size_t(o.batch);
    const Clock::time_point runStart = Clock::now();
    std::size_t positionsRun = 0;
    std::vector<std::uint32_t> order;
    for (int epoch = int(state.epoch); epoch < o.epochs; ++epoch) {
        const float lr = float(learning_rate(o, epoch));
        // A salt of its own per epoch, so each epoch mirrors another half of the data.
        LossParams epochParams = params;
        // Feature set 2 sees a position and its mirror image alike: nothing to augment.
        if (o.mirror && layout.feature_set() == flotilla::nnue::FEATURE_SET_PIECE_SQUARE)
            epochParams.mirrorSalt = SplitMix64{o.seed + std::uint64_t(epoch)}.next() | 1;
        epochParams.mirrorBlock = std::uint32_t(o.segment);
        order_by_blocks(trainIndices, blocks, rng, &order);
        const Clock::time_point epochStart = Clock::now();
        Clock::time_point lastPrint = epochStart;
        double lossSum = 0;
        for (std::size_t b = 0; b < batches; ++b) {
            const std::size_t begin = b * std::size_t(o.batch);
            const std::size_t end = std::min(order.size(), begin + std::size_t(o.batch));
            const std::span<const std::uint32_t> batch(order.data() + begin, end - begin);
            lossSum +=
                gradient.compute(state.net, records, batch, epochParams) * double(batch.size());
            state.adam.step(state.net, gradient.total(), lr);
            positionsRun += batch.size();
            if (!o.quiet && seconds_since(lastPrint) >= o.progressSeconds) {
                lastPrint = Clock::now();
                const double rate = double(positionsRun) / seconds_since(runStart);
                const double left = double(order.size() - end) +
                                    double(o.epochs - epoch - 1) * double(order.size());
                log << "\repoch " << epoch + 1 << "/" << o.epochs << " batch " << b + 1 << "/"
                    << batches << " loss " << lossSum / double(end) << " pos/s "
                    << std::lround(rate) << " ETA " << hms(left / rate) << std::flush;
            }
        }
        const double epochSeconds = seconds_since(epochStart);
        result->positionsPerSecond = double(order.size()) / std::max(epochSeconds, 1e-9);
        const double trainLoss = lossSum / double(order.size());
        const double validationLoss =
            mean_loss(state.net, records, result->validationIndices, params);
        result->trainLoss.push_back(trainLoss);
        result->validationLoss.push_back(validationLoss);
        if (!o.quiet) log << "\r";
        log << "epoch " << epoch + 1 << "/" << o.epochs << " lr " << lr << " train loss "
            << trainLoss << " validation loss " << validationLoss << " pos/s "
            << std::lround(result->positionsPerSecond) << " time " << hms(epochSeconds)
            << "        \n";

        state.epoch = std::uint32_t(epoch + 1);
        state.rngState = rng.state;
        if (!o.checkpointDir.empty()) {
            std::error_code ec;
            std::filesystem::create_directories(o.checkpointDir, ec);
            const std::string path = (std::filesystem::path(o.checkpointDir) /
                                      ("epoch-" + std::to_string(epoch + 1) + ".ckpt"))
                                         .string();
            if (!save_checkpoint(path, state, error)) return false;
        }
    }
    result->net = std::move(state.net);
    result->k = state.k;
    return true;
}

bool run_train_nnue(const TrainOptions& o, std::ostream& log, std::string* error) {
    if (!validate(o, error)) return false;
    if (o.data.empty()) {
        *error = "no --data given";
        return false;
    }
    if (o.out.empty()) {
        *error = "no --out given";
        return false;
    }
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                std::size_t(o.threads));
    std::vector<PackedRecord> records;
    std::vector<std::uint32_t> gameOf;
    TrainingLoadStats stats;
    if (!load_training_records(o.data, &records, &stats, error, &gameOf, o.filter)) return false;
    log << "loaded " << stats.positions << " positions from " << stats.games << " games in "
        << stats.files << " files";
    if (stats.filtered) log << " (" << stats.filtered << " left out by --max-score/--min-ply)";
    if (stats.badGames || stats.badFrames)
        log << " (" << stats.badGames << " bad games, " << stats.badFrames << " bad frames)";
    log << "\n";
    // Records that do not decode would be skipped by every pass; drop them once here
    // (the input layout does not change which records decode).
    Sample sample;
    const std::size_t before = records.size();
    std::size_t kept = 0;
    for (std::size_t i = 0; i < records.size(); ++i)
        if (decode(records[i], &sample)) {
            records[kept] = records[i];
            gameOf[kept++] = gameOf[i];
        }
    records.resize(kept);
    gameOf.resize(kept);
    if (records.size() != before) log << "dropped " << before - records.size() << " bad records\n";

    TrainResult result;
    if (!train(records, o, log, &result, error, gameOf)) return false;

    const int kingBuckets = result.net.layout.buckets();
    const bool mirrored =
        result.net.layout.feature_set() == flotilla::nnue::FEATURE_SET_KING_BUCKETS;
    std::string description =
        "Flotilla NNUE: " + std::to_string(flotilla::nnue::FEATURE_COUNT * kingBuckets) + "x2" +
        (mirrored ? " (" + std::to_string(kingBuckets) + " king buckets, mirrored" +
                        (result.net.factoriser ? ", trained factorised)" : ")")
                  : std::string()) +
        " -> " + std::to_string(o.hidden) + " SCReLU -> 1, " + std::to_string(o.buckets) +
        " output buckets; data:";
    for (const auto& d : o.data) description += " " + d;
    description += "; epochs: " + std::to_string(o.epochs) + "; K: " + std::to_string(result.k) +
                   "; command: " + o.commandLine;
    const std::optional<flotilla::nnue::Network> q =
        export_network(result.net, description, o.out, error);
    if (!q) return false;
    const QuantisationError e =
        quantisation_error(result.net, *q, records, result.validationIndices);
    log << "wrote " << o.out << "; quantisation error over " << e.positions
        << " validation positions: mean " << e.meanCp << " cp, max " << e.maxCp << " cp\n";
    return true;
}

} // namespace flotilla::tools::nnue
