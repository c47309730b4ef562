// Evaluation weights, in the format the Texel tuner writes (flotilla tune). The
// hand-set first values (centralisation, pawn advance, king shelter) are in git
// history (docs/eval.md); the provenance, when given, says how these were made.
// Order and sizes follow FLOTILLA_EVAL_WEIGHTS in weights.h.
// clang-format off
// Provenance:
// command: flotilla tune --data selfplay1.bin --out eval/weights.cpp --epochs 15 --threads 2 --lambda 1 (the other options at their defaults: --lr 1 --batch 16384 --holdout 0.1 --seed 1)
// data: selfplay1.bin: 2,418 self-play games, 221,122 positions, from `flotilla datagen --out selfplay1.bin --games 200000 --threads 2 --nodes 5000 --book ../shared/data/noob_3moves.epd` at ca504ed; not kept (written before data/ held game files), so a rerun needs new data
// start: the hand-set weights of ca504ed (its eval/weights.cpp, the same as 572e225's)
// result: K fitted, validation loss 0.006999 -> 0.006337 on the held-out 10 %; committed in dbb9847 (docs/eval.md, "The tuning run")
// clang-format on
#include "eval/weights.h"

namespace flotilla::eval {

// clang-format off
const Weights DEFAULT_WEIGHTS = {
    .pieceValue = {{
        S(75, 108), S(292, 327), S(309, 348), S(411, 586), S(897, 1052),
    }},
    .psqtPawn = {{
        S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        S(-1, 4), S(6, 1), S(-4, 7), S(-6, 12),
        S(4, 6), S(2, 7), S(8, 6), S(8, 10),
        S(2, 13), S(4, 11), S(14, 10), S(18, 5),
        S(6, 19), S(6, 13), S(9, 12), S(11, 15),
        S(22, 24), S(25, 23), S(17, 35), S(9, 31),
        S(18, 16), S(24, 16), S(34, 15), S(-24, 63),
        S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    }},
    .psqtKnight = {{
        S(-30, -80), S(-23, -11), S(-29, -3), S(-21, 3),
        S(-35, 1), S(-14, 5), S(-16, 5), S(-7, 6),
        S(-26, -11), S(-11, -8), S(-7, -2), S(2, 16),
        S(-6, 4), S(-3, 12), S(7, 15), S(5, 18),
        S(1, 12), S(3, -2), S(16, 25), S(13, 23),
        S(4, -19), S(16, -10), S(-2, 21), S(30, 9),
        S(6, 10), S(-39, 4), S(23, 0), S(17, -1),
        S(-76, -49), S(-67, -36), S(-53, -15), S(17, -17),
    }},
    .psqtBishop = {{
        S(-16, -3), S(7, 10), S(-13, -8), S(-6, -5),
        S(-5, -20), S(5, -5), S(-1, -6), S(-2, 0),
        S(-9, -2), S(-3, 2), S(2, 5), S(-1, 8),
        S(-1, -8), S(-3, 4), S(-2, 18), S(12, 14),
        S(-10, -3), S(1, 5), S(3, 7), S(10, 12),
        S(-6, -15), S(-5, 2), S(8, 2), S(31, 4),
        S(-3, -2), S(9, -3), S(37, -2), S(-1, 9),
        S(-94, 23), S(8, 8), S(-48, -5), S(10, 3),
    }},
    .psqtRook = {{
        S(-9, -13), S(-7, -4), S(-5, -5), S(-3, -6),
        S(-19, -4), S(-11, -4), S(-13, 1), S(-14, 1),
        S(-22, 5), S(-18, 4), S(-17, 8), S(-8, 2),
        S(-14, 16), S(-20, 16), S(-12, 6), S(-11, 5),
        S(-12, 25), S(0, 10), S(14, 12), S(12, 18),
        S(12, 13), S(30, 8), S(10, 5), S(37, 3),
        S(18, 16), S(38, 4), S(11, 19), S(33, 13),
        S(38, 17), S(46, 6), S(8, 20), S(28, 16),
    }},
    .psqtQueen = {{
        S(-7, -10), S(-1, -74), S(-11, -37), S(-5, -30),
        S(-14, -28), S(-5, -12), S(1, -29), S(-4, -22),
        S(-14, 4), S(-4, -12), S(-3, -8), S(-4, -2),
        S(-5, 16), S(-6, 1), S(-10, 15), S(-15, 32),
        S(3, -14), S(-8, 46), S(8, 21), S(3, 36),
        S(-3, 19), S(9, 22), S(5, 45), S(29, 19),
        S(5, -3), S(-19, 26), S(19, 16), S(-23, 45),
        S(49, -30), S(23, 8), S(21, 22), S(51, 10),
    }},
    .psqtKing = {{
        S(9, -54), S(19, -36), S(6, -34), S(0, -30),
        S(7, -41), S(11, -24), S(1, -15), S(-14, -7),
        S(-34, -5), S(-2, -8), S(-15, 0), S(-4, 0),
        S(-91, 19), S(1, 1), S(-17, 18), S(-58, 25),
        S(-118, 21), S(-61, 36), S(-88, 34), S(-89, 40),
        S(-128, 21), S(-84, 49), S(-72, 58), S(-82, 56),
        S(-89, 14), S(-76, 22), S(-82, 31), S(-86, 47),
        S(-82, -96), S(-42, 38), S(-70, -9), S(-100, 14),
    }},
    .bishopPair = {{
        S(16, 64),
    }},
    .knightMobility = {{
        S(-18, -73), S(-6, -36), S(-2, -7), S(0, 11), S(3, 26), S(6, 32), S(9, 39), S(18, 32),
        S(15, 32),
    }},
    .bishopMobility = {{
        S(-10, -40), S(-5, -17), S(0, -4), S(2, 11), S(6, 19), S(8, 29), S(9, 30), S(8, 33),
        S(14, 37), S(14, 34), S(25, 32), S(31, 32), S(5, 47), S(-13, 54),
    }},
    .rookMobility = {{
        S(-13, -15), S(-4, -3), S(0, 7), S(3, 14), S(4, 26), S(7, 31), S(9, 34), S(8, 42),
        S(13, 41), S(14, 47), S(11, 49), S(5, 57), S(11, 63), S(21, 52), S(9, 59),
    }},
    .queenMobility = {{
        S(10, -41), S(6, -37), S(5, -51), S(4, -17), S(2, -26), S(4, -6), S(6, -7), S(7, 7),
        S(7, 11), S(6, 22), S(6, 40), S(5, 44), S(4, 46), S(8, 51), S(13, 63), S(4, 55),
        S(-17, 79), S(-1, 53), S(3, 53), S(34, 41), S(34, 25), S(45, 15), S(23, 24), S(26, 22),
        S(6, 42), S(-26, 74), S(53, 75), S(41, 34),
    }},
    .pawnIsolated = {{
        S(-11, -8),
    }},
    .pawnDoubled = {{
        S(-9, -16),
    }},
    .pawnBackward = {{
        S(-6, -6),
    }},
    .pawnPhalanx = {{
        S(0, 0), S(1, 6), S(3, 6), S(7, 11), S(9, 35), S(32, 66), S(90, 108), S(0, 0),
    }},
    .pawnSupported = {{
        S(0, 0), S(0, 0), S(4, 13), S(7, 14), S(17, 22), S(29, 28), S(96, 32), S(0, 0),
    }},
    .passedRank = {{
        S(0, 0), S(11, 25), S(0, 33), S(7, 38), S(27, 44), S(37, 79), S(71, 101), S(0, 0),
    }},
    .candidatePasser = {{
        S(0, 0), S(1, 6), S(6, 7), S(4, 16), S(5, 17), S(60, 27), S(0, 0), S(0, 0),
    }},
    .passedFreePath = {{
        S(0, 0), S(-5, 7), S(-5, 9), S(-6, 20), S(-7, 24), S(17, 33), S(16, 62), S(0, 0),
    }},
    .passedOwnKingDistance = {{
        S(0, 0), S(-7, 1), S(3, -4), S(4, -7), S(3, -9), S(1, -14), S(1, -15), S(0, 0),
    }},
    .passedEnemyKingDistance = {{
        S(0, 0), S(3, -4), S(-2, -2), S(-3, 6), S(-5, 16), S(-9, 25), S(0, 32), S(0, 0),
    }},
    .kingShield = {{
        S(-21, -4), S(16, 4), S(8, 1), S(1, -3), S(-1, -6), S(9, -9), S(-79, 36), S(0, 0),
    }},
    .kingStorm = {{
        S(-4, -1), S(9, 26), S(-9, 2), S(-15, -2), S(-6, -4), S(-2, -5), S(-2, -4), S(0, 0),
    }},
    .kingAttackerWeight = {{
        S(21, 44), S(16, 3), S(23, 8), S(45, 17),
    }},
    .kingZoneAttack = {{
        S(11, -4),
    }},
    .kingSafeCheck = {{
        S(53, 0), S(36, 94), S(56, 19), S(40, 64),
    }},
    .kingDangerOffset = {{
        S(-48, -8),
    }},
    .rookOpenFile = {{
        S(30, -5),
    }},
    .rookSemiOpenFile = {{
        S(13, 10),
    }},
    .queenOpenFile = {{
        S(-7, 18),
    }},
    .queenSemiOpenFile = {{
        S(5, 9),
    }},
    .knightOutpost = {{
        S(20, 9),
    }},
    .bishopOutpost = {{
        S(18, 1),
    }},
    .threatByPawn = {{
        S(45, 22), S(40, 73), S(71, -10), S(43, 7),
    }},
    .threatByMinor = {{
        S(7, 11), S(11, 6), S(44, 25), S(37, 13),
    }},
    .threatByRook = {{
        S(28, 16), S(37, 5), S(-5, 1), S(49, 6),
    }},
    .hanging = {{
        S(7, 8),
    }},
    .tempo = {{
        S(16, 6),
    }},
};
// clang-format on

} // namespace flotilla::eval
