// Training checkpoints: the float weights, AdamW's moments and step count, the
// number of finished epochs, the shuffling generator's state and K, so that a
// resumed run continues exactly where the interrupted one stopped.
#pragma once

#include "tools/nnue_adam.h"

#include <cstdint>
#include <string>

namespace flotilla::tools::nnue {

struct Checkpoint {
    FloatNet net;
    AdamW adam;
    std::uint32_t epoch = 0;    // epochs finished
    std::uint64_t rngState = 0; // the shuffling generator after those epochs
    double k = 0;               // the K the run trains with
    std::uint64_t options = 0;  // hash of the options that a resumed run must repeat
};

// Binary layout: magic "FLNNCKPT", version (3), H, B, the feature set and its 32-byte
// king bucket map (zeros for set 1), the factoriser flag (uint32), epoch, Adam steps, RNG state, K,
// the options' hash, Adam's hyper-parameters, then w, b, o, ob, m and v as float32, then a CRC-32.
bool save_checkpoint(const std::string& path, const Checkpoint& c, std::string* error);
bool load_checkpoint(const std::string& path, Checkpoint* c, std::string* error);

} // namespace flotilla::tools::nnue
