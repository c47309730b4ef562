// Test helper: checks of move validation and generation that hold in every position.
#pragma once

#include "core/movegen.h"
#include "core/position.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

namespace flotilla::test {

inline std::string describe(const Position& pos, Move m) {
    return "move " + pos.move_to_uci(m) + " (raw " + std::to_string(m.raw()) + ") in " + pos.fen();
}

// For all 65536 values: pseudo-legal and legal exactly for the generated moves.
inline void expect_validation_matches_generator(const Position& pos) {
    std::bitset<65536> generated;
    const MoveList legal(pos);
    for (Move m : legal) {
        ASSERT_FALSE(generated[m.raw()]) << "generated twice: " << describe(pos, m);
        generated[m.raw()] = true;
    }
    for (int raw = 0; raw < 65536; ++raw) {
        const Move m{std::uint16_t(raw)};
        const bool valid = pos.is_pseudo_legal(m) && pos.is_legal(m);
        if (valid != generated[raw])
            ADD_FAILURE() << (valid ? "accepted but not generated: "
                                    : "generated but not accepted: ")
                          << describe(pos, m);
    }
}

inline std::vector<std::uint16_t> sorted_raw(const Move* begin, const Move* end) {
    std::vector<std::uint16_t> raw;
    for (const Move* m = begin; m != end; ++m) raw.push_back(m->raw());
    std::sort(raw.begin(), raw.end());
    return raw;
}

inline bool is_noisy(const Position& pos, Move m) {
    return m.type() == PROMOTION || m.type() == EN_PASSANT ||
           (m.type() != CASTLING && !pos.empty(m.to()));
}

// NOISY and QUIETS partition the legal moves; EVASIONS equals them in check.
inline void expect_staged_generators_partition_legal(const Position& pos) {
    const MoveList legal(pos);
    const auto noisy = MoveList::of<NOISY>(pos), quiets = MoveList::of<QUIETS>(pos);
    for (Move m : noisy) EXPECT_TRUE(is_noisy(pos, m)) << "noisy: " << describe(pos, m);
    for (Move m : quiets) EXPECT_FALSE(is_noisy(pos, m)) << "quiet: " << describe(pos, m);
    std::vector<std::uint16_t> both = sorted_raw(noisy.begin(), noisy.end());
    const auto q = sorted_raw(quiets.begin(), quiets.end());
    both.insert(both.end(), q.begin(), q.end());
    std::sort(both.begin(), both.end());
    EXPECT_EQ(std::adjacent_find(both.begin(), both.end()), both.end())
        << "NOISY and QUIETS overlap in " << pos.fen();
    EXPECT_EQ(both, sorted_raw(legal.begin(), legal.end())) << pos.fen();
    EXPECT_EQ(count_legal_moves(pos), int(legal.size())) << pos.fen();
    if (pos.in_check()) {
        const auto evasions = MoveList::of<EVASIONS>(pos);
        EXPECT_EQ(sorted_raw(evasions.begin(), evasions.end()),
                  sorted_raw(legal.begin(), legal.end()))
            << pos.fen();
    }
}

// gives_check(m) agrees with making m and asking in_check(), for every legal move.
// Returns how many legal moves give check.
inline int expect_gives_check_matches_making(Position& pos) {
    int checks = 0;
    const MoveList moves(pos);
    for (Move m : moves) {
        const bool predicted = pos.gives_check(m);
        pos.make_move(m);
        const bool actual = pos.in_check();
        pos.unmake_move(m);
        checks += actual;
        if (predicted != actual)
            ADD_FAILURE() << "gives_check says " << predicted << " for " << describe(pos, m);
    }
    return checks;
}

} // namespace flotilla::test
