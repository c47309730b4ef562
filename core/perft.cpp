#include "core/perft.h"

#include "core/movegen.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace flotilla {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return std::uint64_t(count_legal_moves(pos));
    Move moves[MAX_MOVES];
    const Move* end = generate<LEGAL>(pos, moves);
    std::uint64_t nodes = 0;
    for (const Move* m = moves; m != end; ++m) {
        pos.make_move(*m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(*m);
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         int threads) {
    const MoveList moves(pos);
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (Move m : moves) result.emplace_back(m, 0);
    if (depth <= 0) return result;

    auto count_range = [&](std::size_t begin, std::size_t end) {
        Position local = pos;
        for (std::size_t i = begin; i < end; ++i) {
            local.make_move(result[i].first);
            result[i].second = perft(local, depth - 1);
            local.unmake_move(result[i].first);
        }
    };
    if (threads <= 1) {
        count_range(0, result.size());
        return result;
    }
    // One root move per task: subtrees differ a lot in size, so small grains balance best.
    tbb::task_arena arena(threads);
    arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, result.size(), 1),
            [&](const tbb::blocked_range<std::size_t>& r) { count_range(r.begin(), r.end()); });
    });
    return result;
}

} // namespace flotilla
