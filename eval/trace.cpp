// Text form of the evaluation breakdown, printed by the UCI `eval` command.
#include "eval/breakdown.h"
#include "eval/evaluate.h"

#include <cstdio>
#include <string>

namespace flotilla::eval {

namespace {

std::string pawns(int centipawns) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%6.2f", centipawns / 100.0);
    return buffer;
}

std::string row(std::string_view name, Score white, Score black) {
    char label[20];
    std::snprintf(label, sizeof label, "%15.*s", int(name.size()), name.data());
    const Score total = white - black;
    return std::string(label) + " | " + pawns(white.mg) + " " + pawns(white.eg) + " | " +
           pawns(black.mg) + " " + pawns(black.eg) + " | " + pawns(total.mg) + " " +
           pawns(total.eg) + "\n";
}

} // namespace

std::string trace(const Position& pos) {
    PawnCache cache(1);
    const Breakdown b = breakdown(pos, cache, DEFAULT_WEIGHTS);
    std::string out;
    if (b.loneKing) {
        out += "Lone king: mop-up evaluation only\n";
    } else {
        out += "           Term |     White     |     Black     |     Total\n";
        out += "                |   MG     EG   |   MG     EG   |   MG     EG\n";
        out += "----------------+---------------+---------------+--------------\n";
        for (int t = 0; t < TERM_NB; ++t)
            out += row(TERM_NAMES[t], b.terms[t][WHITE], b.terms[t][BLACK]);
        out += "----------------+---------------+---------------+--------------\n";
        out += "          Total |               |               | " + pawns(b.total.mg) + " " +
               pawns(b.total.eg) + "\n";
    }
    out += "Phase: " + std::to_string(b.phase) + "/" + std::to_string(fixed::PHASE_MAX) +
           ", endgame scale: " + std::to_string(b.scale) + "/" +
           std::to_string(fixed::SCALE_NORMAL) + "\n";
    out += "Evaluation: " + pawns(b.white) + " (White's view), " + pawns(b.sideToMove) +
           " (side to move)\n";
    return out;
}

} // namespace flotilla::eval
