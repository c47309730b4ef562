// Standard algebraic notation (SAN) input, for test suites written in SAN
// (EPD `bm` fields, SEE suites).
#pragma once

#include "core/position.h"

#include <string_view>
#include <vector>

namespace flotilla {

// Parses a SAN move ("Nbxd7+", "exd8=Q", "O-O-O", "e4") against the legal moves of
// pos. Returns Move::none() when the text matches no legal move or more than one.
Move parse_san(const Position& pos, std::string_view san);

// Every legal move the SAN text could mean: one for well-formed SAN, several when
// the text is ambiguous (as some test suites write it), none when it is illegal.
std::vector<Move> san_candidates(const Position& pos, std::string_view san);

} // namespace flotilla
