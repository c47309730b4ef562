// Endgame knowledge that the additive terms cannot express: scaling down
// drawish material and driving a lone king to the edge.
#pragma once

#include "core/position.h"

#include <optional>

namespace flotilla::eval {

// Factor out of fixed::SCALE_NORMAL for the endgame half of the score when
// `strong` is ahead: lower for opposite-coloured bishops and for a pawnless
// side with a small edge.
int scale_factor(const Position& pos, Color strong);

// When one side has a bare king and the other no pawns: the whole evaluation,
// from White's point of view (0 without mating material). Nothing otherwise.
std::optional<Value> lone_king_eval(const Position& pos);

// Non-pawn material of one side in PIECE_VALUE units.
int non_pawn_material(const Position& pos, Color c);

} // namespace flotilla::eval
