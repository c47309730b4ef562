// What the move loop tells every extension about one move (worker.cpp, extend_move):
// the facts their conditions read, and what the node's own searches decided for it.
// Each extension technique's offer (`Technique::offer`) reads what it needs from here.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct ExtensionContext {
    int ply = 0;
    Depth rootDepth = 0; // with ply, the path bound (extension_budget.h)
    bool givesCheck = false;
    bool losingCheck = false;        // a check that loses material by SEE (check_extension_see.h)
    bool capture = false;            // castling, king takes own rook, is none
    bool previousWasCapture = false; // the move that led to this node captured
    Square to = SQ_NONE;
    Square previousTo = SQ_NONE;
    bool pawnMove = false;
    int toRelativeRank = 0; // 0-based from the mover's side: 6 is the seventh rank
    bool inCheck = false;
    int legalMoves = 0; // counted only while OneReplyExtension is on
    Depth singular = 0; // the singular search's outcome for this move (singular_search.h)
    Depth threat = 0;   // the node's threat extension, from its null move search
    bool pvNode = false;
    // The singular search's score and its bound singularBeta (VALUE_NONE when it did not
    // run), and the double extensions on the path to the node (double_extension.h).
    Value singularScore = VALUE_NONE, singularBeta = VALUE_NONE;
    int doubleExtensions = 0;
};

} // namespace flotilla::search
