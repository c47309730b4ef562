// What every evaluation term reads: the position, the weights, the cached
// pawn entry and the attack maps, computed once per evaluation.
#pragma once

#include "core/position.h"
#include "eval/pawns.h"
#include "eval/score.h"
#include "eval/weights.h"

namespace flotilla::eval {

// The attacks of one piece, kept so that mobility and king safety need not
// look the sliders up again.
struct PieceAttacks {
    Square square;
    PieceType type;
    Bitboard attacks;
};

struct AttackMaps {
    PieceAttacks pieces[COLOR_NB][16]; // knights, bishops, rooks, queens, in that order
    int pieceCount[COLOR_NB] = {};
    Bitboard byType[COLOR_NB][PIECE_TYPE_NB] = {}; // squares attacked by pieces of a type
    Bitboard all[COLOR_NB] = {};                   // squares attacked by any piece
    Bitboard twice[COLOR_NB] = {};                 // squares attacked at least twice
    Bitboard kingZone[COLOR_NB] = {};              // squares around each side's king
};

AttackMaps compute_attack_maps(const Position& pos);

struct Context {
    const Position& pos;
    const Weights& w;
    const PawnEntry& pawns;
    AttackMaps attacks;
};

// Each term scores one side from that side's point of view.
Score material(const Context& ctx, Color us);
Score piece_squares(const Context& ctx, Color us);
Score bishop_pair(const Context& ctx, Color us);
Score pawn_structure(const Context& ctx, Color us);
Score passed_pawns(const Context& ctx, Color us);
Score mobility(const Context& ctx, Color us);
Score king_safety(const Context& ctx, Color us);
Score files_and_outposts(const Context& ctx, Color us);
Score threats(const Context& ctx, Color us);

} // namespace flotilla::eval
