#include "tools/game_searcher.h"

namespace flotilla::tools {

GameSearcher::GameSearcher(int hashMiB, const nnue::Network* network) : worker(tt) {
    tt.resize(std::size_t(hashMiB));
    worker.use_network(network);
}

void GameSearcher::new_game() {
    tt.clear();
    worker.clear_histories();
}

search::SearchResult GameSearcher::search(const Position& pos, const search::Limits& limits) {
    tt.new_search();
    stop = false;
    return worker.iterative_deepening(pos, limits, params, stop);
}

} // namespace flotilla::tools
