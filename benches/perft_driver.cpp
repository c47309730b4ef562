// Stand-alone perft for speed runs without the UCI layer:
//   flotilla_perft "<FEN>|startpos" <depth> [threads]
// Prints the node count, wall time and nodes per second.
#include "core/perft.h"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <string>

using namespace flotilla;

namespace {

bool parse_int(const char* text, int low, int high, int& value) {
    const std::string s(text);
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    return ec == std::errc() && ptr == s.data() + s.size() && value >= low && value <= high;
}

int usage(const char* message) {
    std::fprintf(stderr,
                 "flotilla_perft: %s\nusage: flotilla_perft \"<FEN>|startpos\" <depth 1-10> "
                 "[threads 1-1024]\n",
                 message);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3 || argc > 4) return usage("expected 2 or 3 arguments");
    const std::string fen = std::string(argv[1]) == "startpos" ? Position::START_FEN : argv[1];
    int depth = 0, threads = 1;
    if (!parse_int(argv[2], 1, 10, depth)) return usage("depth must be a number from 1 to 10");
    if (argc == 4 && !parse_int(argv[3], 1, 1024, threads))
        return usage("threads must be a number from 1 to 1024");

    Position pos;
    std::string error;
    if (!pos.set_fen(fen, false, &error)) return usage(error.c_str());

    const auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    for (const auto& [move, n] : perft_divide(pos, depth, threads)) nodes += n;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(nodes));
    std::printf("Time: %.3f s\nNodes/second: %.0f\n", seconds, seconds > 0 ? nodes / seconds : 0.0);
    return 0;
}
