// `position startpos|fen <FEN> [moves <move>...]`
#include "uci/protocol.h"
#include "uci/text.h"

#include <algorithm>
#include <optional>

namespace flotilla::uci {

void Protocol::cmd_position(Args args) {
    if (args.empty() || (args[0] != "startpos" && args[0] != "fen"))
        return error("position needs 'startpos' or 'fen <FEN>', then optionally 'moves ...'");

    const auto movesWord = std::find(args.begin() + 1, args.end(), "moves");
    std::optional<std::string_view> fen;
    if (args[0] == "fen") {
        if (movesWord == args.begin() + 1) return error("position fen has no FEN");
        fen =
            std::string_view(args[1].data(), std::size_t((movesWord - 1)->data() +
                                                         (movesWord - 1)->size() - args[1].data()));
    } else if (movesWord != args.begin() + 1) {
        return error("position startpos is followed by " + quote(args[1]) +
                     "; expected 'moves' or the end of the line");
    }
    const Args moves = movesWord == args.end() ? Args() : Args(movesWord + 1, args.end());

    std::string message;
    if (!engine.set_position(fen, moves, &message)) error(message);
}

} // namespace flotilla::uci
