#include "search/movepick.h"

#include "core/movegen.h"
#include "core/see.h"
#include "search/low_ply_history.h"

#include <algorithm>
#include <cstddef>

namespace flotilla::search {

MovePicker::MovePicker(const Position& p, Move tt, const Context& c, Move killer1, Move killer2,
                       Move counter)
    : pos(p), ctx(c), ttMove(tt), killers{killer1, killer2}, countermove(counter),
      currentStage(p.in_check() ? Stage::EvasionTT : Stage::MainTT) {}

MovePicker::MovePicker(const Position& p, Move tt, const Context& c, bool checks)
    : pos(p), ctx(c), ttMove(tt), killers{Move::none(), Move::none()}, countermove(Move::none()),
      currentStage(p.in_check() ? Stage::EvasionTT : Stage::QsearchTT),
      quietChecks(checks && !p.in_check()) {}

bool MovePicker::usable(Move m) const {
    return m.is_ok() && pos.is_pseudo_legal(m) && pos.is_legal(m) && !already_emitted(m);
}

bool MovePicker::already_emitted(Move m) const {
    return std::find(emitted, emitted + emittedCount, m) != emitted + emittedCount;
}

Move MovePicker::emit(Move m) {
    emitted[emittedCount++] = m;
    return m;
}

int MovePicker::capture_gain(Move m) const {
    const PieceType victim = m.type() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
    const Value promo =
        m.type() == PROMOTION ? PIECE_VALUE[m.promotion_type()] - PIECE_VALUE[PAWN] : 0;
    return PIECE_VALUE[victim] + promo;
}

// MVV-LVA (most valuable victim, then least valuable attacker) refined by capture history.
void MovePicker::score_captures() {
    for (ScoredMove* sm = cur; sm != end; ++sm) {
        const Piece moved = pos.piece_on(sm->move().from());
        const PieceType victim =
            sm->move().type() == EN_PASSANT ? PAWN : type_of(pos.piece_on(sm->move().to()));
        sm->score = 16 * capture_gain(sm->move()) - int(type_of(moved)) +
                    ctx.histories->capture.get(moved, sm->move().to(), victim) / 16;
    }
}

void MovePicker::score_quiets() {
    const Color us = pos.side_to_move();
    for (ScoredMove* sm = cur; sm != end; ++sm) {
        const Piece moved = pos.piece_on(sm->move().from());
        const Square to = sm->move().to();
        sm->score = ctx.histories->butterfly.get(us, sm->move()) + (*ctx.continuation1)[moved][to] +
                    (*ctx.continuation2)[moved][to];
        if (ctx.continuation4)
            sm->score += (*ctx.continuation4)[moved][to] + (*ctx.continuation6)[moved][to];
        if (ctx.pawnHistory) sm->score += (*ctx.pawnHistory)[moved][to];
        if (ctx.lowPlyRow)
            sm->score += low_ply_score(ctx.lowPlyWeight,
                                       (*ctx.lowPlyRow)[sm->move().from() * 64 + to], ctx.lowPly);
    }
}

void MovePicker::score_evasions() {
    const Color us = pos.side_to_move();
    for (ScoredMove* sm = cur; sm != end; ++sm) {
        if (is_noisy(pos, sm->move()))
            sm->score = (1 << 24) + 16 * capture_gain(sm->move()) -
                        int(type_of(pos.piece_on(sm->move().from())));
        else
            sm->score = ctx.histories->butterfly.get(us, sm->move()) +
                        (*ctx.continuation1)[pos.piece_on(sm->move().from())][sm->move().to()];
    }
}

MovePicker::ScoredMove& MovePicker::select_best() {
    std::iter_swap(cur, std::max_element(cur, end, [](const ScoredMove& a, const ScoredMove& b) {
                       return a.score < b.score;
                   }));
    return *cur++;
}

void MovePicker::sort_descending(ScoredMove* first, ScoredMove* last) {
    // Insertion sort: stable and the fastest for a few dozen moves.
    for (ScoredMove* i = first + 1; i < last; ++i) {
        const ScoredMove key = *i;
        ScoredMove* j = i;
        for (; j != first && (j - 1)->score < key.score; --j) *j = *(j - 1);
        *j = key;
    }
}

template <GenType Type> void MovePicker::append_generated() {
    // Uninitialised storage for the generator (Move is an implicit-lifetime type).
    alignas(Move) std::byte storage[sizeof(Move) * MAX_MOVES];
    Move* const buffer = reinterpret_cast<Move*>(storage);
    const Move* last = generate<Type>(pos, buffer);
    for (const Move* m = buffer; m != last; ++m) *end++ = {m->raw(), 0};
}

// The stages that generate and score moves, then hand over to the stage that emits them.
void MovePicker::generate_stage(bool skipQuiets) {
    switch (currentStage) {
    case Stage::CaptureInit:
    case Stage::QsearchInit:
        cur = end = badEnd = moves;
        append_generated<NOISY>();
        score_captures();
        currentStage =
            currentStage == Stage::CaptureInit ? Stage::GoodCaptures : Stage::QsearchCaptures;
        break;
    case Stage::QuietInit:
        if (skipQuiets) {
            currentStage = Stage::BadCaptures;
            cur = moves;
            break;
        }
        cur = badEnd;
        end = badEnd;
        append_generated<QUIETS>();
        score_quiets();
        currentStage = Stage::Quiets;
        break;
    case Stage::EvasionInit:
        cur = end = moves;
        append_generated<EVASIONS>();
        score_evasions();
        currentStage = Stage::Evasions;
        break;
    case Stage::QsearchChecksInit:
        cur = end = moves;
        append_generated<QUIETS>();
        // Keep only the checking moves: few, and gives_check is cheaper than a search.
        end = std::remove_if(cur, end,
                             [&](const ScoredMove& sm) { return !pos.gives_check(sm.move()); });
        score_quiets();
        currentStage = Stage::QsearchChecks;
        break;
    default: break;
    }
}

Move MovePicker::next(bool skipQuiets) {
    while (true) {
        switch (currentStage) {
        case Stage::MainTT:
        case Stage::EvasionTT:
        case Stage::QsearchTT: {
            const Stage after = currentStage == Stage::MainTT      ? Stage::CaptureInit
                                : currentStage == Stage::EvasionTT ? Stage::EvasionInit
                                                                   : Stage::QsearchInit;
            const bool wanted =
                currentStage != Stage::QsearchTT || (ttMove.is_ok() && is_noisy(pos, ttMove));
            currentStage = after;
            if (wanted && usable(ttMove)) return emit(ttMove);
            break;
        }

        case Stage::CaptureInit:
        case Stage::QsearchInit:
        case Stage::QuietInit:
        case Stage::EvasionInit:
        case Stage::QsearchChecksInit: generate_stage(skipQuiets); break;

        case Stage::GoodCaptures:
            while (cur != end) {
                ScoredMove& sm = select_best();
                if (already_emitted(sm.move())) continue;
                const bool underpromotion =
                    sm.move().type() == PROMOTION && sm.move().promotion_type() != QUEEN;
                if (!underpromotion && see_ge(pos, sm.move(), 0)) return sm.move();
                *badEnd++ = sm; // badEnd never passes cur: it only receives moves cur left
            }
            currentStage = Stage::Killer1;
            break;

        case Stage::Killer1:
        case Stage::Killer2:
        case Stage::Countermove: {
            const Move m = currentStage == Stage::Killer1   ? killers[0]
                           : currentStage == Stage::Killer2 ? killers[1]
                                                            : countermove;
            currentStage = Stage(int(currentStage) + 1);
            if (skipQuiets) {
                currentStage = Stage::BadCaptures;
                cur = moves;
                break;
            }
            if (m.is_ok() && usable(m) && !is_noisy(pos, m)) return emit(m);
            break;
        }

        case Stage::Quiets:
            while (!skipQuiets && cur != end) {
                // Selection finds the few moves a cut node tries; a node past them
                // will likely try all, so the rest is sorted once (selection over all
                // of them was an eighth of the node's time).
                if (quietPicks < LAZY_QUIET_PICKS && ++quietPicks == LAZY_QUIET_PICKS)
                    sort_descending(cur, end);
                const Move m =
                    quietPicks < LAZY_QUIET_PICKS ? select_best().move() : (cur++)->move();
                if (!already_emitted(m)) return m;
            }
            currentStage = Stage::BadCaptures;
            cur = moves;
            break;

        case Stage::BadCaptures:
            while (cur < badEnd) {
                const Move m = (cur++)->move();
                if (!already_emitted(m)) return m;
            }
            currentStage = Stage::Done;
            break;

        case Stage::Evasions:
        case Stage::QsearchCaptures:
            while (cur != end) {
                const Move m = select_best().move();
                if (!already_emitted(m)) return m;
            }
            currentStage = currentStage == Stage::QsearchCaptures && quietChecks
                               ? Stage::QsearchChecksInit
                               : Stage::Done;
            break;

        case Stage::QsearchChecks:
            while (cur != end) {
                const Move m = select_best().move();
                if (!already_emitted(m)) return m;
            }
            currentStage = Stage::Done;
            break;

        case Stage::Done: return Move::none();
        }
    }
}

} // namespace flotilla::search
