// The Texel tuner: data loading, K fit, gradient and Adam.
#include "tools/texel_tuner.h"

#include "tools/data_file.h"
#include "tools/weights_flat.h"
#include "tools/weights_source.h"

#include "core/crc32.h"
#include "git_commit.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <random>
#include <sstream>

namespace flotilla::tools {

namespace {

struct LossAndGradient {
    double loss = 0;
    std::vector<double> gradient;
};

} // namespace

double target(const TunerPosition& p, double k, double lambda) {
    return (1 - lambda) * p.result + lambda * sigmoid(k * p.scoreWhite);
}

double mse(std::span<const double> evals, std::span<const double> targets, double k) {
    double sum = 0;
    for (std::size_t i = 0; i < evals.size(); ++i) {
        const double d = sigmoid(k * evals[i]) - targets[i];
        sum += d * d;
    }
    return evals.empty() ? 0 : sum / double(evals.size());
}

double fit_k(std::span<const double> evals, std::span<const double> targets) {
    // Golden-section search; the error is unimodal in K for any sensible data.
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    double lo = 1e-5, hi = 0.1;
    double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    double fa = mse(evals, targets, a), fb = mse(evals, targets, b);
    for (int i = 0; i < 100 && hi - lo > 1e-7; ++i) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - ratio * (hi - lo), fa = mse(evals, targets, a);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + ratio * (hi - lo), fb = mse(evals, targets, b);
        }
    }
    return (lo + hi) / 2;
}

std::vector<TunerPosition> prepare_positions(std::span<const TrainingPosition> data,
                                             const eval::Weights& weights, std::size_t* skipped) {
    std::vector<std::optional<TunerPosition>> converted(data.size());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, data.size(), 256), [&](const auto& range) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
            Position pos;
            if (!pos.set_fen(data[i].fen, false)) continue;
            if (auto linear = linear_eval(pos, weights))
                converted[i] = TunerPosition{std::move(*linear), result_score(data[i].result),
                                             double(data[i].scoreWhite)};
        }
    });
    std::vector<TunerPosition> out;
    out.reserve(data.size());
    for (auto& c : converted)
        if (c) out.push_back(std::move(*c));
    if (skipped) *skipped = data.size() - out.size();
    return out;
}

double loss_and_gradient(std::span<const TunerPosition> positions, const double* flat, double k,
                         double lambda, std::vector<double>* gradient) {
    using Range = tbb::blocked_range<std::size_t>;
    const std::size_t size = WEIGHT_FLAT_SIZE;
    const double maxPhase = eval::fixed::PHASE_MAX;
    LossAndGradient total = tbb::parallel_reduce(
        Range(0, positions.size(), 512), LossAndGradient{0, std::vector<double>(size)},
        [&](const Range& range, LossAndGradient acc) {
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                const TunerPosition& p = positions[i];
                const double s = sigmoid(k * linear_eval_value(p.eval, flat));
                const double d = s - target(p, k, lambda);
                acc.loss += d * d;
                // d(loss)/d(eval) = 2 d s (1 - s) K; d(eval)/d(w) per phase half.
                const double common = 2 * d * s * (1 - s) * k;
                const double mgFactor = common * p.eval.phase / maxPhase;
                const double egFactor = common * p.eval.scale / eval::fixed::SCALE_NORMAL *
                                        (maxPhase - p.eval.phase) / maxPhase;
                for (const Coefficient& c : p.eval.coefficients) {
                    acc.gradient[2 * c.index] += mgFactor * c.count;
                    acc.gradient[2 * c.index + 1] += egFactor * c.count;
                }
                add_king_danger_gradient(p.eval, flat, mgFactor, egFactor, acc.gradient.data());
            }
            return acc;
        },
        [](LossAndGradient a, const LossAndGradient& b) {
            a.loss += b.loss;
            for (std::size_t i = 0; i < a.gradient.size(); ++i) a.gradient[i] += b.gradient[i];
            return a;
        });
    const double n = std::max<double>(1, double(positions.size()));
    if (gradient) {
        gradient->assign(size, 0);
        for (std::size_t i = 0; i < size; ++i) (*gradient)[i] = total.gradient[i] / n;
    }
    return total.loss / n;
}

std::vector<TunerPosition> split_and_shuffle(std::vector<TunerPosition>& positions, double fraction,
                                             std::uint64_t seed) {
    const auto held = std::size_t(double(positions.size()) * std::clamp(fraction, 0.0, 1.0));
    const auto firstHeld = positions.end() - std::ptrdiff_t(held);
    std::vector<TunerPosition> validation(std::make_move_iterator(firstHeld),
                                          std::make_move_iterator(positions.end()));
    positions.erase(firstHeld, positions.end());
    std::mt19937_64 random(seed);
    std::shuffle(positions.begin(), positions.end(), random);
    return validation;
}

std::string tune_command(const TunerOptions& o) {
    std::ostringstream command;
    command << "flotilla tune";
    for (const std::string& input : o.inputs) command << " --data " << input;
    command << " --out " << o.out << " --epochs " << o.epochs << " --threads " << o.threads
            << " --lr " << o.learningRate << " --lambda " << o.lambda << " --batch " << o.batchSize;
    if (o.fixedK > 0) command << " --k " << o.fixedK;
    command << " --holdout " << o.holdout << " --seed " << o.seed;
    return command.str();
}

namespace {

// "path (N bytes, crc32 X)": enough to tell whether a file at hand is the one tuned on.
std::string describe_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::uint32_t crc = 0;
    std::uint64_t bytes = 0;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        crc = crc32_update(crc, buffer, std::size_t(in.gcount()));
        bytes += std::uint64_t(in.gcount());
    }
    char text[64];
    std::snprintf(text, sizeof text, " (%llu bytes, crc32 %08x)", (unsigned long long)bytes, crc);
    return path + text;
}

} // namespace

bool run_tuner(const TunerOptions& options, std::ostream& progress, std::string* error) {
    if (options.inputs.empty() || options.out.empty()) {
        *error = "tune needs --data FILE (one or more) and --out FILE";
        return false;
    }
    if (options.threads < 1 || options.epochs < 0 || options.batchSize < 1 || options.lambda < 0 ||
        options.lambda > 1 || options.holdout < 0 || options.holdout >= 1) {
        *error = "tune: bad --threads, --epochs, --batch, --lambda (0..1) or --holdout (0..<1)";
        return false;
    }
    // Fail before hours of work when the output cannot be written.
    const std::string temporary = options.out + ".tmp";
    {
        std::ofstream probe(temporary);
        if (!probe) {
            *error = "cannot write output '" + temporary + "'";
            return false;
        }
    }
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                std::size_t(options.threads));

    std::vector<TrainingPosition> data;
    for (const std::string& path : options.inputs) {
        const ReadStats stats =
            read_data_file(path, [&](const TrainingPosition& p) { data.push_back(p); });
        if (!stats.ok()) {
            *error = stats.error;
            return false;
        }
        progress << path << ": " << stats.good << " positions";
        if (stats.bad) progress << ", " << stats.bad << " damaged records skipped";
        if (stats.tailBytes) progress << ", " << stats.tailBytes << " bytes of a partial record";
        progress << "\n";
    }
    std::size_t skipped = 0;
    const auto prepareStart = std::chrono::steady_clock::now();
    std::vector<TunerPosition> positions = prepare_positions(data, eval::DEFAULT_WEIGHTS, &skipped);
    const double prepareSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - prepareStart).count();
    data = {};
    progress << positions.size() << " positions to tune on (" << skipped
             << " without a linear form skipped), coefficients in " << prepareSeconds << " s\n";
    const std::vector<TunerPosition> validation =
        split_and_shuffle(positions, options.holdout, options.seed);
    if (positions.empty()) {
        *error = "no positions to tune on";
        return false;
    }
    progress << positions.size() << " for training, " << validation.size()
             << " held out for validation\n";

    const auto start = to_flat(eval::DEFAULT_WEIGHTS);
    std::vector<double> flat(start.begin(), start.end());
    double k = options.fixedK;
    if (k <= 0) {
        std::vector<double> evals, targets;
        for (const TunerPosition& p : positions) {
            evals.push_back(linear_eval_value(p.eval, flat.data()));
            targets.push_back(p.result); // K is fitted against results alone
        }
        k = fit_k(evals, targets);
    }
    char line[200];
    // How these weights are made, written into the output with them.
    std::string provenance = "command: " + tune_command(options) + "\n";
    for (const std::string& path : options.inputs)
        provenance += "data: " + describe_file(path) + "\n";
    provenance += "start: the weights built into " FLOTILLA_GIT_COMMIT " (its eval/weights.cpp)\n";
    const auto validation_loss = [&] {
        return validation.empty()
                   ? 0.0
                   : loss_and_gradient(validation, flat.data(), k, options.lambda, nullptr);
    };
    std::snprintf(line, sizeof line, "K = %.6f, initial loss %.6f, validation %.6f\n", k,
                  loss_and_gradient(positions, flat.data(), k, options.lambda, nullptr),
                  validation_loss());
    progress << line << std::flush;
    const double startValidation = validation_loss();

    // Adam with the usual constants.
    const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    std::vector<double> m(flat.size()), v(flat.size()), gradient;
    long step = 0;
    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        const auto t0 = std::chrono::steady_clock::now();
        double lossSum = 0;
        for (std::size_t begin = 0; begin < positions.size(); begin += options.batchSize) {
            const std::size_t n = std::min(options.batchSize, positions.size() - begin);
            lossSum += double(n) * loss_and_gradient(std::span(positions).subspan(begin, n),
                                                     flat.data(), k, options.lambda, &gradient);
            ++step;
            for (std::size_t i = 0; i < flat.size(); ++i) {
                m[i] = beta1 * m[i] + (1 - beta1) * gradient[i];
                v[i] = beta2 * v[i] + (1 - beta2) * gradient[i] * gradient[i];
                const double mHat = m[i] / (1 - std::pow(beta1, double(step)));
                const double vHat = v[i] / (1 - std::pow(beta2, double(step)));
                flat[i] -= options.learningRate * mHat / (std::sqrt(vHat) + epsilon);
            }
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::snprintf(line, sizeof line, "epoch %d  loss %.6f  validation %.6f  %.0f positions/s\n",
                      epoch, lossSum / double(positions.size()), validation_loss(),
                      double(positions.size()) / std::max(seconds, 1e-9));
        progress << line << std::flush;
    }

    std::array<int, WEIGHT_FLAT_SIZE> rounded{};
    for (std::size_t i = 0; i < flat.size(); ++i) rounded[i] = int(std::lround(flat[i]));
    {
        std::ofstream out(temporary, std::ios::trunc);
        std::snprintf(line, sizeof line,
                      "result: K %.6f, validation loss %.6f -> %.6f, %zu training and %zu held-out "
                      "positions",
                      k, startValidation, validation_loss(), positions.size(), validation.size());
        out << weights_source(from_flat(rounded), provenance + line);
        if (!out.flush()) {
            *error = "cannot write '" + temporary + "'";
            return false;
        }
    }
    if (std::rename(temporary.c_str(), options.out.c_str()) != 0) {
        *error = "cannot rename '" + temporary + "' to '" + options.out + "'";
        return false;
    }
    progress << "wrote " << options.out << "\n";
    return true;
}

} // namespace flotilla::tools
