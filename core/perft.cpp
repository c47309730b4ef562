#include "core/perft.h"

#include "core/movegen.h"

#include <functional>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
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

namespace {

// Leaf count below root move m. Its replies are shared among the arena's workers
// as well, so that the last large root subtree does not leave a worker idle.
std::uint64_t parallel_subtree(const Position& root, Move m, int depth) {
    Position child = root;
    child.make_move(m);
    if (depth < 3) return perft(child, depth);
    const MoveList replies(child);
    return tbb::parallel_reduce(
        tbb::blocked_range<const Move*>(replies.begin(), replies.end(), 1), std::uint64_t(0),
        [&](const tbb::blocked_range<const Move*>& r, std::uint64_t nodes) {
            Position local = child;
            for (Move reply : r) {
                local.make_move(reply);
                nodes += perft(local, depth - 1);
                local.unmake_move(reply);
            }
            return nodes;
        },
        std::plus<>());
}

} // namespace

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         int threads) {
    const MoveList moves(pos);
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (Move m : moves) result.emplace_back(m, 0);
    if (depth <= 0) return result;

    if (threads <= 1) {
        Position local = pos;
        for (auto& [move, nodes] : result) {
            local.make_move(move);
            nodes = perft(local, depth - 1);
            local.unmake_move(move);
        }
        return result;
    }
    // One root move per task, and one reply per task below it: subtrees differ a lot
    // in size, so small grains balance best.
    tbb::task_arena arena(threads);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, result.size(), 1),
                          [&](const tbb::blocked_range<std::size_t>& r) {
                              for (std::size_t i = r.begin(); i < r.end(); ++i)
                                  result[i].second =
                                      parallel_subtree(pos, result[i].first, depth - 1);
                          });
    });
    return result;
}

} // namespace flotilla
