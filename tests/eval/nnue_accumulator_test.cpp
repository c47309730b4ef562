// Lazy incremental accumulators equal a full refresh at every ply of random games (all
// move kinds, null moves, unmakes and Chess960 castling), and the build's vector kernels
// equal the scalar ones bit for bit.
#include "eval/nnue/accumulator.h"
#include "eval/nnue/evaluate.h"
#include "nnue_test_util.h"
#include "simd/nnue_kernels.h"

#include <cstring>

namespace flotilla {
namespace {

std::vector<std::int16_t> refreshed(const Position& pos, const nnue::Network& net, Color c,
                                    bool scalar = false) {
    nnue::AccumulatorStack fresh;
    fresh.use_scalar_kernels(scalar);
    fresh.reset(net);
    const std::int16_t* v = fresh.update(pos, net, c);
    return {v, v + net.hidden()};
}

// Plays random games on one stack as the search does (make = push, unmake = pop, null
// moves, evaluations at some plies only) and checks both perspectives at every ply.
std::uint64_t check_games(int hidden, int buckets, bool scalar, const char* layout = "none") {
    const nnue::Network net =
        nnue_test::random_network(hidden, buckets, 11, *nnue::InputLayout::named(layout, nullptr));
    std::uint64_t refreshes = 0;
    std::mt19937_64 rng(42);
    int checked = 0;
    for (const auto& start : nnue_test::game_starts()) {
        for (int game = 0; game < 4; ++game) {
            Position pos = nnue_test::position(start.fen, start.chess960);
            nnue::AccumulatorStack stack;
            stack.use_scalar_kernels(scalar);
            stack.reset(net);
            std::vector<Move> path;
            for (int ply = 0; ply < 80 && stack.size() < nnue::AccumulatorStack::CAPACITY - 1;
                 ++ply) {
                const MoveList moves(pos);
                if (moves.size() == 0) break;
                Move m = nnue_test::pick_move(pos, rng);
                if (!pos.in_check() && rng() % 8 == 0) m = Move::null();
                stack.push(nnue::changes_of(pos, m));
                if (m == Move::null())
                    pos.make_null_move();
                else
                    pos.make_move(m);
                path.push_back(m);
                // Unmake one or two plies now and then, as a search backs up to siblings.
                if (rng() % 6 == 0 && path.size() > 2) {
                    for (int k = 0; k < 2; ++k) {
                        const Move back = path.back();
                        path.pop_back();
                        stack.pop();
                        if (back == Move::null())
                            pos.unmake_null_move();
                        else
                            pos.unmake_move(back);
                    }
                }
                if (rng() % 3 == 0) continue; // not every node is evaluated
                for (Color c : {WHITE, BLACK}) {
                    const std::int16_t* v = stack.update(pos, net, c);
                    const auto expected = refreshed(pos, net, c, scalar);
                    EXPECT_EQ(std::memcmp(v, expected.data(), expected.size() * 2), 0)
                        << layout << " " << pos.fen() << " ply " << ply;
                    if (::testing::Test::HasFailure()) return 0;
                    ++checked;
                }
            }
            refreshes += stack.refreshes();
        }
    }
    EXPECT_GT(checked, 500);
    return refreshes;
}

TEST(NnueAccumulator, IncrementalEqualsRefreshAtEveryPly) { check_games(64, 8, false); }
TEST(NnueAccumulator, IncrementalEqualsRefreshScalar) { check_games(48, 1, true); }
TEST(NnueAccumulator, IncrementalEqualsRefreshWide) { check_games(272, 4, false); }

// King moves into another bucket or across the middle are refreshed from the cache:
// the games here make many of them, and every accumulator still equals a fresh one.
TEST(NnueAccumulator, KingBucketRefreshesFromTheCacheEqualAFullRefresh) {
    const std::uint64_t plain = check_games(64, 8, false, "none");
    for (const char* layout : {"mirror", "4", "8"})
        EXPECT_GT(check_games(64, 8, false, layout), plain + 50) << layout;
    EXPECT_GT(check_games(48, 1, true, "8"), plain + 50);
}

TEST(NnueKernels, VectorAndScalarAgreeBitForBit) {
    // Sizes that exercise the 512-bit path's 256-bit tail as well.
    for (int hidden : {16, 48, 128, 256, 272}) {
        const nnue::Network net = nnue_test::random_network(hidden, 8, std::uint64_t(hidden));
        std::mt19937_64 rng(5);
        for (const auto& start : nnue_test::game_starts()) {
            Position pos = nnue_test::position(start.fen, start.chess960);
            nnue::AccumulatorStack vec, sca;
            vec.reset(net);
            sca.reset(net);
            sca.use_scalar_kernels(true);
            for (int ply = 0; ply < 40; ++ply) {
                const MoveList moves(pos);
                if (moves.size() == 0) break;
                const Move m = nnue_test::pick_move(pos, rng);
                vec.push(nnue::changes_of(pos, m));
                sca.push(nnue::changes_of(pos, m));
                pos.make_move(m);
                for (Color c : {WHITE, BLACK})
                    ASSERT_EQ(std::memcmp(vec.update(pos, net, c), sca.update(pos, net, c),
                                          std::size_t(hidden) * 2),
                              0)
                        << simd::NNUE_KERNELS << " H=" << hidden << " " << pos.fen();
                ASSERT_EQ(nnue::evaluate_raw(pos, vec, net), nnue::evaluate_raw(pos, sca, net))
                    << simd::NNUE_KERNELS << " H=" << hidden << " " << pos.fen();
            }
        }
    }
}

TEST(NnueKernels, WrapAroundAgreesToo) {
    // Extreme values: int16 accumulator lanes and int32 sums wrap alike on both paths.
    alignas(64) std::int16_t in[64], a[64], b[64], out1[64], out2[64], w[64];
    std::mt19937_64 rng(9);
    for (int i = 0; i < 64; ++i) {
        in[i] = std::int16_t(rng());
        a[i] = std::int16_t(rng());
        b[i] = std::int16_t(rng());
        w[i] = std::int16_t(rng());
    }
    const std::int16_t* subs[] = {a, b};
    const std::int16_t* adds[] = {b, a};
    const simd::RowUpdate u{subs, 2, adds, 1};
    simd::update_rows(out1, in, u, 64);
    simd::update_rows_scalar(out2, in, u, 64);
    EXPECT_EQ(std::memcmp(out1, out2, sizeof out1), 0);
    EXPECT_EQ(simd::screlu_dot(in, w, 64), simd::screlu_dot_scalar(in, w, 64));
    for (int i = 0; i < 64; ++i) in[i] = 255, w[i] = 32767; // products wrap in int16 lanes
    EXPECT_EQ(simd::screlu_dot(in, w, 64), simd::screlu_dot_scalar(in, w, 64));
}

} // namespace
} // namespace flotilla
