// Legal move generation. Pins and checks are resolved while generating, so every
// generated move is legal and perft can count the last ply without making moves.
#pragma once

#include "core/position.h"

#include <algorithm>

namespace flotilla {

enum GenType {
    NOISY,    // captures and all promotions
    QUIETS,   // everything else, castling included
    EVASIONS, // all legal moves when in check
    LEGAL     // all legal moves
};

template <GenType Type> Move* generate(const Position& pos, Move* list);

// Number of legal moves, without storing them (perft's bulk count).
int count_legal_moves(const Position& pos);

struct MoveList {
    explicit MoveList(const Position& pos) : last(generate<LEGAL>(pos, moves)) {}
    template <GenType Type> static MoveList of(const Position& pos) {
        MoveList l;
        l.last = generate<Type>(pos, l.moves);
        return l;
    }
    const Move* begin() const { return moves; }
    const Move* end() const { return last; }
    std::size_t size() const { return std::size_t(last - moves); }
    bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

  private:
    MoveList() = default;
    Move moves[MAX_MOVES];
    Move* last = moves;
};

} // namespace flotilla
