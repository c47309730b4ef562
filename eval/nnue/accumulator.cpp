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
    top = 0;
    entries[0] = Entry{};
}

void AccumulatorStack::refresh(const Position& pos, const Network& net, Color perspective) {
    // Up to 32 rows; the bias is the starting value, the rows are all added in one pass.
    const std::int16_t* rows[64];
    int count = 0;
    for (Bitboard b = pos.pieces(); b; b &= b - 1) {
        const Square s = Square(lsb(b));
        rows[count++] = net.feature_row(feature_index(perspective, pos.piece_on(s), s));
    }
    const simd::RowUpdate u{nullptr, 0, rows, count};
    run(scalar, values(top, perspective), net.feature_bias(), u, hidden);
    entries[std::size_t(top)].computed[perspective] = true;
}

void AccumulatorStack::apply(int index, const Network& net, Color perspective) {
    const DirtyPiece& d = entries[std::size_t(index)].changes;
    const std::int16_t* removed[2];
    const std::int16_t* added[2];
    for (int i = 0; i < d.removedCount; ++i)
        removed[i] =
            net.feature_row(feature_index(perspective, d.removed[i].piece, d.removed[i].square));
    for (int i = 0; i < d.addedCount; ++i)
        added[i] = net.feature_row(feature_index(perspective, d.added[i].piece, d.added[i].square));
    const simd::RowUpdate u{removed, d.removedCount, added, d.addedCount};
    run(scalar, values(index, perspective), values(index - 1, perspective), u, hidden);
    entries[std::size_t(index)].computed[perspective] = true;
}

const std::int16_t* AccumulatorStack::update(const Position& pos, const Network& net,
                                             Color perspective) {
    assert(hidden == net.hidden() && top < CAPACITY);
    int from = top;
    while (from > 0 && !entries[std::size_t(from)].computed[perspective]) --from;
    if (!entries[std::size_t(from)].computed[perspective]) {
        // No computed ancestor (the root is not yet evaluated): refresh the top itself.
        refresh(pos, net, perspective);
    } else {
        for (int i = from + 1; i <= top; ++i) apply(i, net, perspective);
    }
    return values(top, perspective);
}

} // namespace flotilla::nnue
