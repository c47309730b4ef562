#include "uci/go_parser.h"

#include "uci/text.h"

#include <algorithm>
#include <array>
#include <limits>

namespace flotilla::uci {

namespace {

enum class Param {
    WTime,
    BTime,
    WInc,
    BInc,
    MovesToGo,
    MoveTime,
    Depth,
    Nodes,
    Mate,
    Perft,
    Infinite,
    Ponder,
    SearchMoves
};

struct ParamInfo {
    std::string_view word;
    Param param;
    std::int64_t min, max; // accepted range of the number that follows, if any
};

constexpr std::int64_t INT_LIMIT = std::numeric_limits<int>::max();
constexpr std::int64_t NO_NUMBER = -1;

// A number outside its range is read as the nearest value in it, with a notice: a clock
// that has overrun (negative) as 0, `depth 0` as 1, `depth 1000` as 245. `nodes` 0 or
// less is the smallest search, depth 1 (its range starts below 0 for that).
constexpr std::array<ParamInfo, 13> PARAMS = {{
    {"wtime", Param::WTime, 0, INT_LIMIT},
    {"btime", Param::BTime, 0, INT_LIMIT},
    {"winc", Param::WInc, 0, INT_LIMIT},
    {"binc", Param::BInc, 0, INT_LIMIT},
    {"movestogo", Param::MovesToGo, 0, INT_LIMIT},
    {"movetime", Param::MoveTime, 0, INT_LIMIT},
    {"depth", Param::Depth, 1, MAX_PLY - 1},
    {"nodes", Param::Nodes, std::numeric_limits<std::int64_t>::min(),
     std::numeric_limits<std::int64_t>::max()},
    {"mate", Param::Mate, 1, MAX_PLY / 2},
    {"perft", Param::Perft, 1, MAX_PLY - 1},
    {"infinite", Param::Infinite, NO_NUMBER, NO_NUMBER},
    {"ponder", Param::Ponder, NO_NUMBER, NO_NUMBER},
    {"searchmoves", Param::SearchMoves, NO_NUMBER, NO_NUMBER},
}};

const ParamInfo* find_param(std::string_view word) {
    for (const ParamInfo& p : PARAMS)
        if (p.word == word) return &p;
    return nullptr;
}

bool fail(std::string* error, const std::string& message) {
    if (error) *error = "go: " + message;
    return false;
}

void note(std::string* notice, const std::string& message) {
    if (notice) *notice += (notice->empty() ? "go: " : "; ") + message;
}

const char* colour_name(Color c) { return c == WHITE ? "white" : "black"; }

} // namespace

bool parse_go(std::span<const std::string_view> args, const Position& pos, search::Limits& limits,
              std::string* error, std::string* notice) {
    limits = search::Limits{};
    if (notice) notice->clear();
    bool smallestSearch = false; // `nodes` 0 or less
    for (std::size_t i = 0; i < args.size(); ++i) {
        const ParamInfo* info = find_param(args[i]);
        if (!info) return fail(error, "unknown parameter " + quote(args[i]));

        if (info->param == Param::SearchMoves) {
            // Moves run to the next parameter word or the end of the line.
            for (; i + 1 < args.size() && !find_param(args[i + 1]); ++i) {
                const Move m = pos.parse_uci_move(std::string(args[i + 1]));
                if (m == Move::none())
                    return fail(error, "searchmoves has illegal or unparsable move " +
                                           quote(args[i + 1]) + " in " + pos.fen());
                if (std::find(limits.searchMoves.begin(), limits.searchMoves.end(), m) ==
                    limits.searchMoves.end())
                    limits.searchMoves.push_back(m);
            }
            continue;
        }
        if (info->param == Param::Infinite) {
            limits.infinite = true;
            continue;
        }
        if (info->param == Param::Ponder) {
            limits.ponder = true;
            continue;
        }

        if (i + 1 >= args.size()) return fail(error, quote(info->word) + " needs a number");
        std::int64_t v;
        if (!parse_integer(args[i + 1], v))
            return fail(error, quote(info->word) + " needs a number, not " + quote(args[i + 1]));
        if (v < info->min || v > info->max) {
            const std::int64_t nearest = std::clamp(v, info->min, info->max);
            note(notice, quote(info->word) + " " + std::to_string(v) + " is read as " +
                             std::to_string(nearest));
            v = nearest;
        }
        ++i;
        switch (info->param) {
        case Param::WTime: limits.time[WHITE] = int(v); break;
        case Param::BTime: limits.time[BLACK] = int(v); break;
        case Param::WInc: limits.increment[WHITE] = int(v); break;
        case Param::BInc: limits.increment[BLACK] = int(v); break;
        case Param::MovesToGo: limits.movesToGo = int(v); break;
        case Param::MoveTime: limits.moveTime = int(v); break;
        case Param::Depth: limits.depth = int(v); break;
        case Param::Nodes:
            smallestSearch = v <= 0;
            limits.nodes = v > 0 ? std::uint64_t(v) : 0;
            if (smallestSearch)
                note(notice,
                     "'nodes' " + std::to_string(v) + " is read as depth 1, the smallest search");
            break;
        case Param::Mate: limits.mate = int(v); break;
        case Param::Perft: limits.perft = int(v); break;
        default: break;
        }
    }
    if (smallestSearch && limits.depth < 0) limits.depth = 1;
    // Only the opponent's clock: the two clocks are seldom far apart, so plan with it.
    const Color us = pos.side_to_move();
    if (limits.time[us] < 0 && limits.time[~us] >= 0) {
        limits.time[us] = limits.time[~us];
        limits.increment[us] = limits.increment[~us];
        note(notice, std::string("no clock for ") + colour_name(us) + ", the side to move; " +
                         "planning with " + colour_name(~us) + "'s");
    }
    return true;
}

} // namespace flotilla::uci
