// `go`: perft now; the search later, started beside the input loop.
#include "uci/go_parser.h"
#include "uci/protocol.h"

#include <algorithm>

namespace flotilla::uci {

void Protocol::cmd_go(Args args) {
    search::Limits limits;
    std::string message, notice;
    if (!parse_go(args, engine.position(), limits, &message, &notice)) return error(message);
    if (!notice.empty()) out.line("info string " + notice);
    if (limits.perft > 0)
        run_perft(limits.perft);
    else
        start_search(limits);
}

// Output as Stockfish prints it, so perft comparison scripts work on both:
// one `move: count` line per root move, a blank line, then the total.
void Protocol::run_perft(int depth) {
    depth = std::min(depth, settings.maxPerftDepth);
    std::uint64_t total = 0;
    std::string text;
    for (const auto& [move, count] : engine.perft(depth, settings.maxPerftThreads)) {
        text += engine.position().move_to_uci(move) + ": " + std::to_string(count) + "\n";
        total += count;
    }
    text += "\nNodes searched: " + std::to_string(total) + "\n";
    out.block(text);
}

} // namespace flotilla::uci
