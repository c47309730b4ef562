// The Engine owns everything a UCI session changes: the options, the current
// game (a Position, whose state stack is the game history) and, later, the
// transposition table and the search threads. No globals: two Engines in one
// process (tests, fuzzers) do not share state.
#pragma once

#include "core/position.h"
#include "eval/nnue/embedded.h"
#include "search/params.h"
#include "search/tt.h"
#include "threads/search_thread.h"
#include "uci/options.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace flotilla::uci {

// "<major>.<minor>.<patch>" of the CMake project.
std::string_view engine_version();

class Engine {
  public:
    // Hash sizes in MiB. 1 TiB is more memory than any machine we target has.
    static constexpr std::int64_t DEFAULT_HASH_MB = 16;
    static constexpr std::int64_t MAX_HASH_MB = 1 << 20;
    static constexpr std::int64_t MAX_THREADS = 1024;

    Engine();

    const Options& options() const { return opts; }
    // Sets an option by case-insensitive name; value is nullopt when setoption had
    // no `value` part. On error returns false, fills *error, and nothing changes.
    bool set_option(std::string_view name, std::optional<std::string_view> value,
                    std::string* error);
    // What the last successful set_option's action had to say (the Hash table's memory
    // report), for one `info string`; empty when nothing.
    const std::string& option_notice() const { return actionNotice; }

    const Position& position() const { return pos; }
    // Replaces the game by fen (nullopt: the start position) followed by moves. All
    // or nothing: on any error the previous game stays and *error says why.
    bool set_position(std::optional<std::string_view> fen, std::span<const std::string_view> moves,
                      std::string* error);
    // ucinewgame: the next position is from a different game.
    void new_game();

    // Option actions. A failed allocation keeps the old table; set_option then
    // reports the failure and restores the option's previous value.
    void resize_hash(std::int64_t megabytes);
    void clear_hash();
    // Threads and NumaPolicy: the search threads are rebuilt at the next search.
    void set_threads(int count);
    // Harnesses that measure parsing (the UCI fuzzer) cap the pool: 1,024 workers under ASan
    // need more memory than libFuzzer allows, and that measures memory, not parsing.
    void cap_threads(int most) { threadCap = most; }
    // On a bad policy text the option action fails with the parser's message.
    void set_numa_policy(const std::string& text);
    void set_chess960(bool on);
    // EvalFile: `classical` (the hand-written evaluation), `<default>` (the network
    // embedded at build time) or a network file's path. A file that cannot be loaded
    // fails the option action with the reason, and the evaluation stays as it was.
    void set_eval_file(const std::string& value);
    // SyzygyPath: directories separated by ':' (`<empty>` or nothing: no tables). A path
    // where no table loads fails the option and the previous tables stay; directories
    // that cannot be read and files that are not tables are reported in the notice.
    void set_syzygy_path(const std::string& value);
    const std::string& syzygy_path() const { return syzygyPath; }
    // The loaded network's description; empty with the classical evaluation.
    const std::string& eval_description() const { return evalDescription; }
    // The network in use (null: the hand-written evaluation), for `bench`.
    const nnue::Network* network() const { return loadedNetwork ? &*loadedNetwork : nullptr; }
    static constexpr std::string_view CLASSICAL_EVAL = "classical";
    static constexpr std::string_view EMBEDDED_EVAL = "<default>";
    // EvalFile's default: the embedded network when the build has one.
    static constexpr std::string_view DEFAULT_EVAL_FILE =
        nnue::HAS_EMBEDDED_NETWORK ? EMBEDDED_EVAL : CLASSICAL_EVAL;

    // The search runs on its own thread; the callbacks run there. Refused (false,
    // *error) while another search runs.
    bool start_search(const search::Limits& limits, search::InfoCallback onInfo,
                      threads::SearchThread::BestMoveCallback onBestMove, std::string* error);
    void stop_search() { searcher->stop(); }
    void ponderhit() { searcher->ponderhit(); }
    // Blocks until the running search, if any, has reported its best move.
    void wait_search() { searcher->wait(); }
    bool searching() const { return searcher->searching(); }
    const search::TranspositionTable& transposition_table() const { return table; }
    // The cluster layer shares the table and reads the threads' progress.
    search::TranspositionTable& transposition_table() { return table; }
    threads::SearchThread& search_thread() { return *searcher; }
    search::Params& search_params() { return params; }
    const search::Params& search_params() const { return params; }
    const search::Stats& search_stats() const { return searcher->stats(); }
    // SearchStats: end each search with one `info string stats ...` line.
    void set_search_stats(bool on) { printStats = on; }
    bool search_stats_enabled() const { return printStats; }

    std::int64_t hash_mb() const { return hashMb; }
    int hash_clear_count() const { return hashClears; }
    // The thread count is the search threads' own (stored once, in SearchThread).
    int threads() const { return searcher->thread_count(); }
    const std::string& numa_policy() const { return numaPolicyText; }
    // The `topology` command's text: the machine and the plan for threads() threads;
    // nothing (and *error) when hwloc could not read the machine.
    std::optional<std::string> topology_report(std::string* error) const;
    bool chess960() const { return chess960Mode; }

    // go perft: per-root-move leaf counts, using `threads()` oneTBB workers
    // (at most maxThreads, which lets fuzzers keep runs cheap).
    std::vector<std::pair<Move, std::uint64_t>> perft(int depth, int maxThreads) const;

  private:
    Options opts;
    Position pos;
    search::TranspositionTable table;
    std::unique_ptr<threads::SearchThread> searcher;
    search::Params params;
    std::string actionError;  // set by an option action that failed
    std::string actionNotice; // set by an option action with something to report
    bool printStats = false;
    std::int64_t hashMb = DEFAULT_HASH_MB;
    int hashClears = 0;
    int threadCap = int(MAX_THREADS);
    NumaPolicy numaPolicy;
    std::string numaPolicyText = "auto";
    bool chess960Mode = false;
    std::string evalDescription;
    std::string syzygyPath = "<empty>";
    std::optional<nnue::Network> loadedNetwork; // the master the pool's copies came from
};

} // namespace flotilla::uci
