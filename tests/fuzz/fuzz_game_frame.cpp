// Fuzzes the decoders of game-file frame contents (tools/game_frame.h), the bytes a zstd
// frame holds after its checksum passed. The first input byte picks the version (odd: 1,
// even: 2). Any input must decode or be refused without a crash; the games of version 2
// must replay legally and survive a second encoding unchanged.
#include "tools/game_file.h"
#include "tools/game_frame.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace flotilla::tools;

namespace {

void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_game_frame: %s\n", what);
    std::abort();
}

void check_version2(const std::vector<GameRecord>& games) {
    FrameBuilder builder;
    std::string error;
    for (const GameRecord& game : games) {
        require(replay_game(game, [](const flotilla::Position&, flotilla::Move, int) {}),
                "a decoded game does not replay");
        require(builder.add(game, &error), "a decoded game cannot be encoded again");
    }
    const std::vector<std::uint8_t> contents = builder.take();
    std::vector<GameRecord> again;
    std::uint64_t bad = 0;
    require(decode_frame_v2(contents.data(), contents.size(), &again, &bad),
            "re-encoded contents do not decode");
    require(bad == 0 && again == games, "re-encoded games differ");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    std::vector<GameRecord> games;
    std::uint64_t bad = 0;
    if (data[0] & 1) {
        decode_frame_v1(data + 1, size - 1, &games);
        return 0;
    }
    if (decode_frame_v2(data + 1, size - 1, &games, &bad)) check_version2(games);
    return 0;
}
