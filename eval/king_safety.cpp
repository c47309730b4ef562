// King safety (https://www.chessprogramming.org/King_Safety): attack units
// from pieces that hit the king zone, zone squares hit, and safe checks, turned
// into a penalty that grows with the square of the danger; plus the pawn
// shield and pawn storm on the king's file and its neighbours.
#include "eval/context.h"
#include "eval/king_danger.h"
#include "eval/masks.h"

#include <algorithm>

namespace flotilla::eval {

namespace {

// Shield and storm on the three files around the king, the king's file kept off
// the edge so that a king on a1 or h1 still looks at three files.
Score pawn_shelter(const Context& ctx, Color us) {
    const Position& pos = ctx.pos;
    const Square ksq = pos.king_square(us);
    const Bitboard levelOrAhead = rank_bb(ksq) | forward_ranks_bb(us, ksq);
    const int centre = std::clamp(file_of(ksq), int(FILE_B), int(FILE_G));
    Score score;
    for (int f = centre - 1; f <= centre + 1; ++f) {
        const Bitboard ours = pos.pieces(us, PAWN) & file_bb(f) & levelOrAhead;
        const Bitboard theirs = pos.pieces(~us, PAWN) & file_bb(f) & levelOrAhead;
        // The pawn nearest to our side of the board on this file.
        const int shieldRank = ours ? relative_rank(us, us == WHITE ? lsb(ours) : msb(ours)) : 0;
        const int stormRank =
            theirs ? relative_rank(us, us == WHITE ? lsb(theirs) : msb(theirs)) : 0;
        score += ctx.w.kingShield[shieldRank];
        score += ctx.w.kingStorm[stormRank];
    }
    return score;
}

KingDangerFeatures danger_features(const Context& ctx, Color us) {
    const Position& pos = ctx.pos;
    const Color them = ~us;
    const Square ksq = pos.king_square(us);
    const Bitboard zone = ctx.attacks.kingZone[us];

    KingDangerFeatures f;
    int attackers = 0;
    for (int i = 0; i < ctx.attacks.pieceCount[them]; ++i) {
        const PieceAttacks& p = ctx.attacks.pieces[them][i];
        const Bitboard hits = p.attacks & zone;
        if (!hits) continue;
        ++attackers;
        ++f.attackers[p.type - KNIGHT];
        f.zoneHits += popcount(hits);
    }
    // One attacker is rarely dangerous unless it is a queen.
    if (attackers == 0 || attackers < 2 - pos.count(them, QUEEN)) return KingDangerFeatures();
    f.active = true;

    // A check from a square we do not defend and they do not occupy.
    const Bitboard safe = ~pos.pieces(them) & ~ctx.attacks.all[us];
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
        const Bitboard checks =
            attacks_bb(pt, ksq, pos.pieces()) & ctx.attacks.byType[them][pt] & safe;
        f.safeChecks[pt - KNIGHT] = popcount(checks);
    }
    return f;
}

} // namespace

Score king_danger_sum(const KingDangerFeatures& f, const Weights& w) {
    Score danger;
    for (int i = 0; i < 4; ++i) {
        danger += w.kingAttackerWeight[i] * f.attackers[i];
        danger += w.kingSafeCheck[i] * f.safeChecks[i];
    }
    return danger + w.kingZoneAttack[0] * f.zoneHits + w.kingDangerOffset[0];
}

Score king_danger_penalty(const KingDangerFeatures& f, const Weights& w) {
    if (!f.active) return Score();
    const Score danger = king_danger_sum(f, w);
    // Capped so that the square cannot overflow, whatever the weights.
    const int mg = std::clamp(danger.mg, 0, fixed::KING_DANGER_MG_CAP), eg = std::max(danger.eg, 0);
    return Score(-mg * mg / fixed::KING_DANGER_MG_DIVISOR, -eg / fixed::KING_DANGER_EG_DIVISOR);
}

KingDangerFeatures king_danger_features(const Position& pos, Color us) {
    const PawnEntry noPawns{}; // king danger reads no pawn structure
    const Context ctx{pos, DEFAULT_WEIGHTS, noPawns, compute_attack_maps(pos)};
    return danger_features(ctx, us);
}

Score king_safety(const Context& ctx, Color us) {
    return pawn_shelter(ctx, us) + king_danger_penalty(danger_features(ctx, us), ctx.w);
}

} // namespace flotilla::eval
