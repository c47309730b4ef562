// Texel tuning (https://www.chessprogramming.org/Texel%27s_Tuning_Method):
// minimise the mean squared error between sigmoid(K * eval) and each position's
// target (the game result, optionally blended with sigmoid(K * search score)),
// first over K alone, then over every linear evaluation weight with Adam
// (Kingma & Ba 2014). Gradients are summed over positions with oneTBB.
#pragma once

#include "eval/weights.h"
#include "tools/eval_coefficients.h"
#include "tools/packed_position.h"

#include <cmath>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

namespace flotilla::tools {

struct TunerPosition {
    LinearEval eval;
    double result = 0.5;   // 0, 0.5, 1: White's view
    double scoreWhite = 0; // search score, centipawns
};

struct TunerOptions {
    std::vector<std::string> inputs;
    std::string out;
    int epochs = 100;
    int threads = 1;
    double learningRate = 1.0; // centipawns per step
    double lambda = 0.0;       // weight of the search score in the target (0: result only)
    std::size_t batchSize = 16384;
    double fixedK = 0; // > 0: use this K instead of fitting it
    // The last `holdout` fraction of the positions (in file order, so mostly whole games
    // that training never sees) is scored each epoch to show over-fitting.
    double holdout = 0.1;
    std::uint64_t seed = 1; // training positions are shuffled once with this seed
};

inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The target of one position: (1 - lambda) * result + lambda * sigmoid(K * score).
double target(const TunerPosition& p, double k, double lambda);

// Mean squared error of sigmoid(k * eval_i) against targets_i.
double mse(std::span<const double> evals, std::span<const double> targets, double k);

// K minimising mse (golden-section search over a bracketing range).
double fit_k(std::span<const double> evals, std::span<const double> targets);

// Converts training positions; those without a linear form are counted in *skipped.
std::vector<TunerPosition> prepare_positions(std::span<const TrainingPosition> data,
                                             const eval::Weights& weights, std::size_t* skipped);

// Loss over `positions` at the flat weights and its gradient (WEIGHT_FLAT_SIZE entries,
// zero for fixed weights), summed in parallel.
double loss_and_gradient(std::span<const TunerPosition> positions, const double* flat, double k,
                         double lambda, std::vector<double>* gradient);

// Splits off the last `fraction` of the positions as a validation set (returned) and
// shuffles the rest in place with `seed`, so mini-batches do not follow one game.
std::vector<TunerPosition> split_and_shuffle(std::vector<TunerPosition>& positions, double fraction,
                                             std::uint64_t seed);

// The whole run: read, fit K, Adam epochs with a progress line each, write --out.
bool run_tuner(const TunerOptions& options, std::ostream& progress, std::string* error);
// The command line that reproduces `options`, every option spelled out (the provenance
// the tuner writes into its output).
std::string tune_command(const TunerOptions& options);

} // namespace flotilla::tools
