#include "uci/info_format.h"

#include <algorithm>
#include <cmath>

namespace flotilla::uci {

std::string format_score(Value score) {
    if (score >= VALUE_MATE_IN_MAX_PLY)
        return "mate " + std::to_string((VALUE_MATE - score + 1) / 2);
    if (score <= VALUE_MATED_IN_MAX_PLY) return "mate " + std::to_string(-(VALUE_MATE + score) / 2);
    return "cp " + std::to_string(score);
}

Wdl wdl_estimate(Value score, int gamePly) {
    if (score >= VALUE_TB_WIN_IN_MAX_PLY) return {1000, 0, 0}; // mate or tablebase win
    if (score <= VALUE_TB_LOSS_IN_MAX_PLY) return {0, 0, 1000};
    const double progress = std::clamp(gamePly, 0, 160) / 160.0;
    const double a = 180.0 - 50.0 * progress;
    const double b = 70.0;
    const double x = score;
    const auto perMille = [](double p) { return static_cast<int>(std::lround(1000.0 * p)); };
    const int win = perMille(1.0 / (1.0 + std::exp((a - x) / b)));
    const int loss = perMille(1.0 / (1.0 + std::exp((a + x) / b)));
    return {win, 1000 - win - loss, loss};
}

std::string format_info(const search::SearchInfo& info, const Position& pos, bool showWdl) {
    std::string s = "info depth " + std::to_string(info.depth) + " seldepth " +
                    std::to_string(info.seldepth) + " multipv " + std::to_string(info.multiPv) +
                    " score " + format_score(info.score);
    if (info.bound == search::BOUND_LOWER) s += " lowerbound";
    if (info.bound == search::BOUND_UPPER) s += " upperbound";
    if (showWdl) {
        const Wdl w = wdl_estimate(info.score, pos.game_ply());
        s += " wdl " + std::to_string(w.win) + " " + std::to_string(w.draw) + " " +
             std::to_string(w.loss);
    }
    const std::int64_t ms = std::max<std::int64_t>(info.timeMs, 0);
    const std::uint64_t nps = ms > 0 ? info.nodes * 1000 / std::uint64_t(ms) : info.nodes * 1000;
    s += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(nps) + " hashfull " +
         std::to_string(info.hashfull) + " tbhits " + std::to_string(info.tbHits) + " time " +
         std::to_string(ms);
    if (!info.pv.empty()) {
        s += " pv";
        Position line = pos;
        for (Move m : info.pv) {
            if (!line.is_pseudo_legal(m) || !line.is_legal(m)) break;
            s += " " + line.move_to_uci(m);
            line.make_move(m);
        }
    }
    return s;
}

std::string format_stats(const search::Stats& stats) {
    std::string s = "info string stats";
    stats.for_each([&](const char* name, std::uint64_t value) {
        s += ' ';
        s += name;
        s += '=' + std::to_string(value);
    });
    return s;
}

std::string format_bestmove(const search::SearchResult& result, const Position& pos) {
    if (!pos.is_pseudo_legal(result.bestMove) || !pos.is_legal(result.bestMove))
        return "bestmove 0000";
    std::string s = "bestmove " + pos.move_to_uci(result.bestMove);
    Position after = pos;
    after.make_move(result.bestMove);
    if (after.is_pseudo_legal(result.ponderMove) && after.is_legal(result.ponderMove))
        s += " ponder " + after.move_to_uci(result.ponderMove);
    return s;
}

} // namespace flotilla::uci
