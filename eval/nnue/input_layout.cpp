#include "eval/nnue/input_layout.h"

#include <algorithm>

namespace flotilla::nnue {

namespace {

// Maps over files a-d (index rank * 4 + file), from a bucket per rank 1 square, one
// per rank 2 square and one for each rank above.
constexpr std::array<std::uint8_t, KING_MAP_SQUARES> map_of(std::array<std::uint8_t, 4> rank1,
                                                            std::array<std::uint8_t, 4> rank2,
                                                            std::array<std::uint8_t, 6> above) {
    std::array<std::uint8_t, KING_MAP_SQUARES> map{};
    for (int f = 0; f < 4; ++f) {
        map[std::size_t(f)] = rank1[std::size_t(f)];
        map[std::size_t(4 + f)] = rank2[std::size_t(f)];
        for (int r = 2; r < 8; ++r) map[std::size_t(r * 4 + f)] = above[std::size_t(r - 2)];
    }
    return map;
}

// "4": rank 1 split in the castled corner (a-b: a king castled short, mirrored) and
// the centre (c-d), rank 2, and the rest of the board.
constexpr auto FOUR = map_of({0, 0, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3, 3, 3});
// "8": every square of rank 1, rank 2 in two halves, ranks 3-4, ranks 5-8.
constexpr auto EIGHT = map_of({0, 1, 2, 3}, {4, 4, 5, 5}, {6, 6, 7, 7, 7, 7});

} // namespace

std::optional<InputLayout> InputLayout::king_buckets(std::span<const std::uint8_t> map,
                                                     std::string* error) {
    auto fail = [&](const std::string& why) -> std::optional<InputLayout> {
        if (error) *error = why;
        return std::nullopt;
    };
    if (map.size() != std::size_t(KING_MAP_SQUARES))
        return fail("a king bucket map has " + std::to_string(KING_MAP_SQUARES) + " entries, not " +
                    std::to_string(map.size()));
    const int top = *std::max_element(map.begin(), map.end());
    if (top >= MAX_KING_BUCKETS)
        return fail("king bucket " + std::to_string(top) + " out of range (0 to " +
                    std::to_string(MAX_KING_BUCKETS - 1) + ")");
    for (int b = 0; b <= top; ++b)
        if (std::find(map.begin(), map.end(), std::uint8_t(b)) == map.end())
            return fail("king bucket " + std::to_string(b) + " is never used");
    InputLayout layout;
    layout.mirrored = true;
    layout.bucketCount = top + 1;
    std::copy(map.begin(), map.end(), layout.kingMap.begin());
    return layout;
}

std::optional<InputLayout> InputLayout::named(const std::string& name, std::string* error) {
    if (name == "none") return InputLayout{};
    if (name == "mirror") return king_buckets(std::array<std::uint8_t, KING_MAP_SQUARES>{}, error);
    if (name == "4") return king_buckets(FOUR, error);
    if (name == "8") return king_buckets(EIGHT, error);
    if (error) *error = "unknown king bucket layout '" + name + "' (none, mirror, 4 or 8)";
    return std::nullopt;
}

} // namespace flotilla::nnue
