// The staged, lazy move picker: moves are generated and scored only when the
// previous stage is used up, so a cutoff on the TT move costs no generation.
//
// Main search:  TT move, good captures (MVV-LVA + capture history, SEE >= 0),
//               killer 1, killer 2, countermove, quiets (butterfly + continuation
//               history 1 and 2 plies back, and 4 and 6 when given), bad captures and
//               underpromotions.
// In check:     TT move, then all evasions (captures first, then by history).
// Quiescence:   TT move if noisy, then captures and promotions (MVV-LVA + history),
//               then (first quiescence ply only, when asked) quiet checking moves.
//
// Every move returned is legal and returned once; the TT move, killers and the
// countermove are checked with is_pseudo_legal and is_legal, so any 16-bit value
// (a stale or corrupted TT move) is safe to pass.
#pragma once

#include "core/movegen.h"
#include "core/position.h"
#include "search/history.h"

namespace flotilla::search {

class MovePicker {
  public:
    enum class Stage {
        MainTT,
        CaptureInit,
        GoodCaptures,
        Killer1,
        Killer2,
        Countermove,
        QuietInit,
        Quiets,
        BadCaptures,
        EvasionTT,
        EvasionInit,
        Evasions,
        QsearchTT,
        QsearchInit,
        QsearchCaptures,
        QsearchChecksInit,
        QsearchChecks,
        Done
    };

    struct Context {
        const Histories* histories;
        const PieceToHistory* continuation1; // one ply back (may be the sentinel table)
        const PieceToHistory* continuation2; // two plies back
        // Four and six plies back (ContinuationHistory4), or null: quiets only.
        const PieceToHistory* continuation4 = nullptr;
        const PieceToHistory* continuation6 = nullptr;
        // The position's pawn structure's slice (PawnHistory), or null: quiets only.
        const PieceToHistory* pawnHistory = nullptr;
        // The ply's low-ply history row (LowPlyHistory), or null; quiets only, each
        // adding low_ply_score(lowPlyWeight, entry, lowPly).
        const LowPlyHistory::Row* lowPlyRow = nullptr;
        int lowPlyWeight = 0;
        int lowPly = 0;
    };

    // Main search.
    MovePicker(const Position& pos, Move ttMove, const Context& ctx, Move killer1, Move killer2,
               Move countermove);
    // Quiescence search (all evasions when in check). With quietChecks, the quiet
    // moves that give check follow the captures (not in check only).
    MovePicker(const Position& pos, Move ttMove, const Context& ctx, bool quietChecks = false);
    // Its cursors point into its own array: returned only by guaranteed copy elision.
    MovePicker(const MovePicker&) = delete;
    MovePicker& operator=(const MovePicker&) = delete;

    // The next move, or Move::none() when done. With skipQuiets, remaining quiet
    // stages are skipped (late move pruning); bad captures still come.
    Move next(bool skipQuiets = false);
    Stage stage() const { return currentStage; }

  private:
    // Raw move bits rather than Move, so that the array below is trivially
    // constructible and costs nothing per node.
    struct ScoredMove {
        std::uint16_t raw;
        int score;
        Move move() const { return Move(raw); }
    };

    void generate_stage(bool skipQuiets);
    bool usable(Move m) const;
    bool already_emitted(Move m) const;
    Move emit(Move m);
    template <GenType Type> void append_generated();
    void score_captures();
    void score_quiets();
    void score_evasions();
    // Moves the best-scored move of [cur, end) to cur and returns it.
    ScoredMove& select_best();
    static void sort_descending(ScoredMove* first, ScoredMove* last);
    int capture_gain(Move m) const;

    const Position& pos;
    Context ctx;
    Move ttMove, killers[2], countermove;
    Stage currentStage;
    bool quietChecks = false;
    // Quiets picked by selection before the rest is sorted (see the Quiets stage).
    static constexpr int LAZY_QUIET_PICKS = 4;
    int quietPicks = 0;
    Move emitted[4];
    int emittedCount = 0;
    ScoredMove moves[MAX_MOVES];
    ScoredMove *cur = moves, *end = moves, *badEnd = moves;
};

// True for captures (en passant included) and promotions: the moves generate<NOISY> makes.
inline bool is_noisy(const Position& pos, Move m) {
    return m.type() == PROMOTION || m.type() == EN_PASSANT ||
           (m.type() != CASTLING && !pos.empty(m.to()));
}

} // namespace flotilla::search
