// Per-ply accumulators of the search path, updated lazily: making a move only records
// what it changes (a DirtyPiece); an evaluation walks back to the nearest ply whose
// accumulator is computed and applies the recorded changes forward, touching only the
// changed features' rows. Moves that are made but never evaluated (most of them, thanks
// to TT evals and cutoffs) then cost nothing. Lazy updates as in Stockfish's NNUE.
// A king move that changes its side's king bucket or mirroring (feature set 2) cannot
// be applied as a difference: that perspective is refreshed instead, from a per-stack
// cache that keeps, for each bucket and mirroring, the last accumulator computed there
// and the pieces it was computed from, so that only the pieces that differ are applied
// (the "Finny table" of Koivisto and Stockfish).
#pragma once

#include "eval/nnue/aligned.h"
#include "eval/nnue/features.h"
#include "eval/nnue/network.h"

#include <cstdint>
#include <vector>

namespace flotilla::nnue {

class AccumulatorStack {
  public:
    // Entries: the root plus one per ply of the longest search path.
    static constexpr int CAPACITY = MAX_PLY + 16;

    // Starts a new path at the root position, sized for `net`'s hidden layer. The root's
    // accumulators are then refreshed by the caller (the search does so at once) or, at
    // the latest, by the first evaluation that finds no computed entry below it.
    void reset(const Network& net);
    // A move (or a null move: no changes) was made from the current top.
    void push(const DirtyPiece& changes) {
        ++top;
        Entry& e = entries[std::size_t(top)];
        e.changes = changes;
        e.computed[WHITE] = e.computed[BLACK] = false;
    }
    void pop() { --top; }
    int size() const { return top + 1; }

    // The current top's accumulator for `perspective` (H values), brought up to date
    // with `pos`, the position at the top.
    const std::int16_t* update(const Position& pos, const Network& net, Color perspective);

    // Recomputes the top from the pieces (from the refresh cache's entry for the top's
    // king view: only the pieces that differ from it are applied).
    void refresh(const Position& pos, const Network& net, Color perspective);

    // Refreshes since the stack was created (tests).
    std::uint64_t refreshes() const { return refreshCount; }

    // Tests: the always-compiled scalar kernels instead of the build's vector ones
    // (here and in the output layer), to check that both agree bit for bit.
    void use_scalar_kernels(bool on) { scalar = on; }
    bool scalar_kernels() const { return scalar; }

  private:
    struct Entry {
        DirtyPiece changes; // of the move that led here from the entry below
        bool computed[COLOR_NB] = {false, false};
        KingView view[COLOR_NB]; // of each computed accumulator
    };
    std::int16_t* values(int index, Color c) {
        return storage.data() + (std::size_t(index) * 2 + c) * std::size_t(hidden);
    }
    void apply(int index, const Network& net, Color perspective);

    // One refresh cache slot per perspective and king view: an accumulator and the
    // pieces (by colour and type, Piece index) it holds.
    struct CacheSlot {
        Bitboard pieces[PIECE_NB] = {};
    };
    std::int16_t* cache_values(Color c, int slot) {
        return cacheValues.data() +
               (std::size_t(c) * std::size_t(slots) + std::size_t(slot)) * std::size_t(hidden);
    }

    Entry entries[CAPACITY];
    AlignedVector<std::int16_t> storage;     // CAPACITY x 2 x hidden
    AlignedVector<std::int16_t> cacheValues; // 2 x slots x hidden
    std::vector<CacheSlot> cacheSlots;       // 2 x slots
    int slots = 0;
    std::uint64_t refreshCount = 0;
    int hidden = 0;
    int top = 0;
    bool scalar = false;
};

} // namespace flotilla::nnue
