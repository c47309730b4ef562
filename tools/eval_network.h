// The network an offline tool evaluates with, from its --eval-file word: "classical" (none),
// "<default>" (the one embedded in the binary) or a network file; datagen and rescore share it.
#pragma once

#include "eval/nnue/network.h"

#include <memory>
#include <string>

namespace flotilla::tools {

struct EvalNetwork {
    std::shared_ptr<const flotilla::nnue::Network> network; // null: the hand-written evaluation
    std::string name = "classical";                         // for game files' headers
};

// False, with *error, when the build embeds no network for "<default>" or the file does not
// load. The name is the file's name and the network's own checksum (its last four bytes).
bool load_eval_network(const std::string& evalFile, EvalNetwork* out, std::string* error);

} // namespace flotilla::tools
