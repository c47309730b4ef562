// The one place the engine writes protocol text. A mutex keeps lines (and blocks
// of lines) whole when the search thread and the input thread write at once.
#pragma once

#include <mutex>
#include <ostream>
#include <string_view>

namespace flotilla::uci {

class Output {
  public:
    explicit Output(std::ostream& stream) : stream(stream) {}
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    // Writes text and a newline, then flushes so a GUI sees it at once.
    void line(std::string_view text);
    // Writes several lines (text already holds the newlines) without interleaving.
    void block(std::string_view text);
    // Runs f while holding the output lock, so a caller can read or reset the
    // underlying stream while the search thread may be writing to it (tests).
    template <class F> void with_lock(F&& f) {
        const std::lock_guard lock(mutex);
        f();
    }

  private:
    std::mutex mutex;
    std::ostream& stream;
};

} // namespace flotilla::uci
