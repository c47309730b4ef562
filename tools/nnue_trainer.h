// The NNUE trainer behind `flotilla train-nnue`: validation split, K fit, epochs of
// shuffled AdamW mini-batches with a step or cosine learning-rate schedule, checkpoints and
// resumption, and the export of the quantised network.
#pragma once

#include "tools/game_file.h"
#include "tools/nnue_checkpoint.h"

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

namespace flotilla::tools::nnue {

struct TrainOptions {
    std::vector<std::string> data; // game files or directories (load_training_records)
    std::string out;               // the quantised network; none when empty
    int hidden = 128, buckets = 8;
    int epochs = 10;
    int batch = 16384;
    double lr = 0.001;
    double lrDrop = 0.3; // learning rate = lr * lrDrop ^ floor(epoch / lrStep)
    int lrStep = 4;
    std::string lrSchedule = "step"; // or "cosine": from lr down to lrFinal (learning_rate)
    double lrFinal = 0.000001;
    double weightDecay = 0;
    double lambda = 0.0; // weight of the game result; 0: the search score alone (docs/nnue.md)
    double k = 0;        // 0: fitted to the data
    int mirror = 1;      // 1: each epoch sees a fresh half of the positions mirrored a<->h
    std::string kingBuckets = "none"; // input layout: nnue::InputLayout::named
    int factoriser = 1; // 1: king buckets share a trained block (set 2 only; see decode)
    std::string precision = "fp32"; // or "bf16": the kernel's feature rows (RowPrecision)
    // Records per block (1 to 1024): each epoch shuffles aligned blocks of this many
    // consecutive records (a game's positions in order) rather than single positions, and
    // the kernel updates its accumulators incrementally along them (BatchGradient).
    int segment = 1;
    int threads = 1;
    double validation = 0.02;
    TrainingFilter filter; // --max-score, --min-ply
    std::uint64_t seed = 1;
    std::string checkpointDir;    // a checkpoint after every epoch when set
    std::string resume;           // a checkpoint to continue from
    std::string commandLine;      // recorded in the network's description
    bool quiet = false;           // no progress line (tests)
    double progressSeconds = 1.0; // least time between two progress lines
};

// The learning rate of epoch `epoch` (from 0). "step": lr * lrDrop ^ floor(epoch /
// lrStep). "cosine": lrFinal + (lr - lrFinal) * (1 + cos(pi * epoch / (epochs - 1))) / 2,
// lr in the first epoch and lrFinal in the last (Loshchilov and Hutter's SGDR without
// restarts; bullet's trainers schedule their superbatches alike).
struct IndexRange {
    std::uint32_t begin, end; // into the training indices
};

// The training indices (ascending) cut into runs that lie in one aligned block of
// `segment` record indices (--segment); none with segment 1.
std::vector<IndexRange> segment_blocks(std::span<const std::uint32_t> sorted, int segment);

// An epoch's order: the indices shuffled one by one (no blocks), or the blocks shuffled,
// each block's records kept in order.
void order_by_blocks(std::span<const std::uint32_t> indices, std::span<const IndexRange> blocks,
                     SplitMix64& rng, std::vector<std::uint32_t>* order);

double learning_rate(const TrainOptions& o, int epoch);

// Checks the ranges of the options; false with a message.
bool validate(const TrainOptions& o, std::string* error);

// K minimising mean (sigmoid(score / K) - result)^2 over the records (golden-section
// search on log K), side to move's view.
double fit_k(std::span<const PackedRecord> records, std::span<const std::uint32_t> indices);

struct TrainResult {
    FloatNet net;
    double k = 0;
    std::vector<double> validationLoss; // after each epoch run (not the skipped ones)
    std::vector<double> trainLoss;
    std::vector<std::uint32_t> validationIndices;
    double positionsPerSecond = 0; // training positions per second, last epoch
};

// Trains on records (they must decode); log gets the progress and epoch lines. With
// `gameOf` (one game number per record), the validation share is made of whole games,
// so that no validation position has a sibling from its own game in training;
// without it, of single positions.
bool train(std::span<const PackedRecord> records, const TrainOptions& o, std::ostream& log,
           TrainResult* result, std::string* error, std::span<const std::uint32_t> gameOf = {});

// The whole command: loads the data, trains, exports o.out and reports the
// quantisation error on the validation positions.
bool run_train_nnue(const TrainOptions& o, std::ostream& log, std::string* error);

} // namespace flotilla::tools::nnue
