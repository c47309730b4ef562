#include "bench_positions.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace flotilla::bench {

Position load(int index) {
    Position pos;
    std::string error;
    if (!pos.set_fen(POSITIONS[index].fen, false, &error)) {
        std::fprintf(stderr, "bad benchmark FEN %s: %s\n", POSITIONS[index].fen, error.c_str());
        std::exit(1);
    }
    return pos;
}

} // namespace flotilla::bench
