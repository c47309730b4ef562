#include "eval/nnue/accumulator.h"

#include "simd/nnue_kernels.h"

#include <cassert>

namespace flotilla::nnue {

namespace {

void run(bool scalar, std::int16_t* out, const std::int16_t* in, const simd::RowUpdate& u, int n) {
    if (scalar)
        simd::update_rows_scalar(out, in, u, n);
    else
        simd::update_rows(out, in, u, n);
}

} // namespace

void AccumulatorStack::reset(const Network& net) {
    if (hidden != net.hidden()) {
        hidden = net.hidden();
        storage.assign(std::size_t(CAPACITY) * 2 * std::size_t(hidden), 0);
    }
    slots = net.layout().slots();
    // The cache starts empty (every slot the bias and no pieces) on each new path: the
    // network may have changed since the last one.
    cacheValues.resize(std::size_t(2) * std::size_t(slots) * std::size_t(hidden));
    cacheSlots.assign(std::size_t(2) * std::size_t(slots), CacheSlot{});
    for (Color c : {WHITE, BLACK})
        for (int k = 0; k < slots; ++k)
            std::copy(net.feature_bias(), net.feature_bias() + hidden, cache_values(c, k));
    top = 0;
    entries[0] = Entry{};
}

void AccumulatorStack::refresh(const Position& pos, const Network& net, Color perspective) {
    const InputLayout& layout = net.layout();
    const KingView view = layout.view(perspective, pos.king_square(perspective));
    const int slot = view.slot();
    CacheSlot& cached =
        cacheSlots[std::size_t(perspective) * std::size_t(slots) + std::size_t(slot)];
    std::int16_t* cachedValues = cache_values(perspective, slot);
    // At most 32 pieces leave and 32 arrive (an empty slot: all of them arrive).
    const std::int16_t* removed[32];
    const std::int16_t* added[32];
    int removedCount = 0, addedCount = 0;
    for (Color c : {WHITE, BLACK})
        for (PieceType t = PAWN; t <= KING; t = PieceType(t + 1)) {
            const Piece piece = make_piece(c, t);
            const Bitboard now = pos.pieces(c, t), before = cached.pieces[piece];
            for (Bitboard b = before & ~now; b; b &= b - 1)
                removed[removedCount++] =
                    net.feature_row(InputLayout::index(perspective, view, piece, Square(lsb(b))));
            for (Bitboard b = now & ~before; b; b &= b - 1)
                added[addedCount++] =
                    net.feature_row(InputLayout::index(perspective, view, piece, Square(lsb(b))));
            cached.pieces[piece] = now;
        }
    const simd::RowUpdate u{removed, removedCount, added, addedCount};
    run(scalar, cachedValues, cachedValues, u, hidden);
    std::copy(cachedValues, cachedValues + hidden, values(top, perspective));
    entries[std::size_t(top)].computed[perspective] = true;
    entries[std::size_t(top)].view[perspective] = view;
    ++refreshCount;
}

void AccumulatorStack::apply(int index, const Network& net, Color perspective) {
    // The king view is the one at index - 1: update() refreshes instead when it changed.
    Entry& e = entries[std::size_t(index)];
    const DirtyPiece& d = e.changes;
    const KingView view = entries[std::size_t(index - 1)].view[perspective];
    e.view[perspective] = view;
    const std::int16_t* removed[2];
    const std::int16_t* added[2];
    for (int i = 0; i < d.removedCount; ++i)
        removed[i] = net.feature_row(
            InputLayout::index(perspective, view, d.removed[i].piece, d.removed[i].square));
    for (int i = 0; i < d.addedCount; ++i)
        added[i] = net.feature_row(
            InputLayout::index(perspective, view, d.added[i].piece, d.added[i].square));
    const simd::RowUpdate u{removed, d.removedCount, added, d.addedCount};
    run(scalar, values(index, perspective), values(index - 1, perspective), u, hidden);
    e.computed[perspective] = true;
}

const std::int16_t* AccumulatorStack::update(const Position& pos, const Network& net,
                                             Color perspective) {
    assert(hidden == net.hidden() && top < CAPACITY);
    const InputLayout& layout = net.layout();
    int from = top;
    bool viewChanged = false;
    while (from > 0 && !entries[std::size_t(from)].computed[perspective]) {
        if (changes_view(layout, entries[std::size_t(from)].changes, perspective)) {
            viewChanged = true;
            break;
        }
        --from;
    }
    if (viewChanged || !entries[std::size_t(from)].computed[perspective]) {
        // The king moved into another view on the way (or nothing below is computed,
        // as before the root's first evaluation): refresh the top itself.
        refresh(pos, net, perspective);
    } else {
        for (int i = from + 1; i <= top; ++i) apply(i, net, perspective);
    }
    return values(top, perspective);
}

} // namespace flotilla::nnue
