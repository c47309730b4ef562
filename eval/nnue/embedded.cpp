#include "eval/nnue/embedded.h"

#if defined(FLOTILLA_EMBEDDED_NNUE)
extern "C" const std::uint8_t flotilla_default_nnue[];
extern "C" const std::uint8_t flotilla_default_nnue_end[];
#endif

namespace flotilla::nnue {

std::span<const std::uint8_t> embedded_network() {
#if defined(FLOTILLA_EMBEDDED_NNUE)
    return {flotilla_default_nnue, flotilla_default_nnue_end};
#else
    return {};
#endif
}

} // namespace flotilla::nnue
