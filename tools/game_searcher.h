// A transposition table and a search worker that search the positions of one game after
// another for datagen and rescore: reset between games rather than allocated anew, since
// fresh memory for every game (a 2 MiB table and 6.5 MiB of histories) had the kernel
// clearing pages for 8 % of datagen's time.
#pragma once

#include "core/position.h"
#include "search/limits.h"
#include "search/params.h"
#include "search/tt.h"
#include "search/worker.h"

#include <atomic>

namespace flotilla::nnue {
class Network;
}

namespace flotilla::tools {

class GameSearcher {
  public:
    // `network`: nullptr for the hand-written evaluation; it must outlive the searcher.
    GameSearcher(int hashMiB, const nnue::Network* network);
    GameSearcher(const GameSearcher&) = delete;
    GameSearcher& operator=(const GameSearcher&) = delete;

    // Back to a fresh searcher's state: the table and every history zeroed, so that a
    // game does not depend on the games searched before it.
    void new_game();
    // One search of `pos` with the default parameters (a new TT generation first).
    search::SearchResult search(const Position& pos, const search::Limits& limits);

  private:
    search::TranspositionTable tt;
    search::Worker worker;
    const search::Params params;
    std::atomic<bool> stop{false};
};

} // namespace flotilla::tools
