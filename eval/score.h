// A middlegame/endgame pair of weights. The evaluation adds Scores and blends
// the two halves by game phase only once, at the end ("tapered eval",
// https://www.chessprogramming.org/Tapered_Eval).
#pragma once

namespace flotilla::eval {

struct Score {
    int mg = 0;
    int eg = 0;

    constexpr Score() = default;
    constexpr Score(int middlegame, int endgame) : mg(middlegame), eg(endgame) {}

    constexpr Score& operator+=(Score o) {
        mg += o.mg;
        eg += o.eg;
        return *this;
    }
    constexpr Score& operator-=(Score o) {
        mg -= o.mg;
        eg -= o.eg;
        return *this;
    }
    constexpr bool operator==(const Score&) const = default;
};

constexpr Score operator+(Score a, Score b) { return a += b; }
constexpr Score operator-(Score a, Score b) { return a -= b; }
constexpr Score operator-(Score a) { return Score(-a.mg, -a.eg); }
constexpr Score operator*(Score a, int k) { return Score(a.mg * k, a.eg * k); }
constexpr Score operator*(int k, Score a) { return a * k; }

// Short spelling for weight tables.
constexpr Score S(int mg, int eg) { return Score(mg, eg); }

} // namespace flotilla::eval
