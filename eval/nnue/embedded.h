// The network embedded in the binary at build time (eval/CMakeLists.txt), if any.
#pragma once

#include <cstdint>
#include <span>

namespace flotilla::nnue {

#if defined(FLOTILLA_EMBEDDED_NNUE)
constexpr bool HAS_EMBEDDED_NETWORK = true;
#else
constexpr bool HAS_EMBEDDED_NETWORK = false;
#endif

// The embedded network file's bytes; empty when the build embeds none.
std::span<const std::uint8_t> embedded_network();

} // namespace flotilla::nnue
