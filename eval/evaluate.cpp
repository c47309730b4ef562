// Sums the terms for both sides, blends middlegame and endgame by phase
// (https://www.chessprogramming.org/Tapered_Eval), scales drawish endgames,
// and adds the tempo bonus for the side to move.
#include "eval/evaluate.h"

#include "eval/breakdown.h"
#include "eval/context.h"
#include "eval/endgame.h"

#include <algorithm>

namespace flotilla::eval {

namespace {

constexpr Value MAX_EVAL = VALUE_EVAL_MAX;

using TermFunction = Score (*)(const Context&, Color);

constexpr TermFunction TERM_FUNCTIONS[TERM_TEMPO] = {
    material, piece_squares, bishop_pair,        pawn_structure, passed_pawns,
    mobility, king_safety,   files_and_outposts, threats};

int game_phase(const Position& pos) {
    int phase = 0;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        phase += fixed::PHASE_WEIGHT[pt] * popcount(pos.pieces(pt));
    return std::min(phase, fixed::PHASE_MAX);
}

// Collects into *out when given; the plain evaluation passes nullptr.
Value evaluate_impl(const Position& pos, PawnCache& cache, const Weights& w, Breakdown* out) {
    Breakdown local;
    Breakdown& b = out ? *out : local;
    b.phase = game_phase(pos);
    const Color stm = pos.side_to_move();

    if (const auto decided = lone_king_eval(pos)) {
        b.loneKing = true;
        b.scale = fixed::SCALE_NORMAL;
        b.white = std::clamp(*decided, -MAX_EVAL, MAX_EVAL);
        b.sideToMove = stm == WHITE ? b.white : -b.white;
        return b.sideToMove;
    }

    const Context ctx{pos, w, cache.probe(pos, w), compute_attack_maps(pos)};
    Score total;
    for (int t = 0; t < TERM_TEMPO; ++t) {
        const Score white = TERM_FUNCTIONS[t](ctx, WHITE), black = TERM_FUNCTIONS[t](ctx, BLACK);
        if (out) {
            b.terms[t][WHITE] = white;
            b.terms[t][BLACK] = black;
        }
        total += white - black;
    }
    b.terms[TERM_TEMPO][stm] = w.tempo[0];
    total += stm == WHITE ? w.tempo[0] : -w.tempo[0];
    b.total = total;

    // Integer division truncates towards zero, so a colour flip negates exactly.
    b.scale = total.eg == 0 ? fixed::SCALE_NORMAL : scale_factor(pos, total.eg > 0 ? WHITE : BLACK);
    const int eg = total.eg * b.scale / fixed::SCALE_NORMAL;
    const int v = (total.mg * b.phase + eg * (fixed::PHASE_MAX - b.phase)) / fixed::PHASE_MAX;
    b.white = std::clamp(v, -MAX_EVAL, MAX_EVAL);
    b.sideToMove = stm == WHITE ? b.white : -b.white;
    return b.sideToMove;
}

} // namespace

Value evaluate(const Position& pos, PawnCache& cache, const Weights& weights) {
    return evaluate_impl(pos, cache, weights, nullptr);
}

Value evaluate(const Position& pos, PawnCache& cache) {
    return evaluate_impl(pos, cache, DEFAULT_WEIGHTS, nullptr);
}

Value evaluate(const Position& pos) {
    // A one-entry cache of the call's own, so that nothing outlives it: searches pass
    // the cache their worker owns.
    PawnCache cache(1);
    return evaluate_impl(pos, cache, DEFAULT_WEIGHTS, nullptr);
}

Breakdown breakdown(const Position& pos, PawnCache& cache, const Weights& weights) {
    Breakdown b;
    evaluate_impl(pos, cache, weights, &b);
    return b;
}

} // namespace flotilla::eval
