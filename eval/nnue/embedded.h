// The network embedded in the binary at build time (eval/CMakeLists.txt), if any.
#pragma once

#include <cstdint>
#include <span>

namespace flotilla::nnue {

// The embedded network file's bytes; empty when the build embeds none.
std::span<const std::uint8_t> embedded_network();

} // namespace flotilla::nnue
