#include "uci/output.h"

namespace flotilla::uci {

void Output::line(std::string_view text) {
    const std::lock_guard lock(mutex);
    stream << text << '\n';
    stream.flush();
}

void Output::block(std::string_view text) {
    const std::lock_guard lock(mutex);
    stream << text;
    stream.flush();
}

} // namespace flotilla::uci
