// Which input block a perspective's king selects (docs/nnue-format.md, feature sets 1
// and 2). Set 1 is one block of 768 piece-square features. Set 2 mirrors each
// perspective's board left to right when its king stands on files e-h (so that it
// sees its king on a-d) and gives each king square of a-d a bucket of its own 768
// features: the evaluation of a piece can then depend on where its king is. Horizontal
// mirroring and king buckets as in Koivisto's and Berserk's networks.
#pragma once

#include "core/types.h"
#include "eval/nnue/features.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace flotilla::nnue {

constexpr std::uint32_t FEATURE_SET_PIECE_SQUARE = 1;
constexpr std::uint32_t FEATURE_SET_KING_BUCKETS = 2;
constexpr int MAX_KING_BUCKETS = 32;
// Set 2's bucket map covers the 32 squares of files a-d: index rank * 4 + file.
constexpr int KING_MAP_SQUARES = 32;

// The block and the square transform that one perspective's king selects.
struct KingView {
    int offset = 0; // first feature of the block: bucket * 768
    int flip = 0;   // 7 when the board is mirrored (square ^ 7), else 0
    // A small number that differs whenever offset or flip do (refresh cache slot).
    int slot() const { return offset / 384 + (flip ? 1 : 0); }
    bool operator==(const KingView&) const = default;
};

class InputLayout {
  public:
    // Feature set 1: 768 inputs, no mirroring.
    InputLayout() = default;
    // Feature set 2 from its 32-entry map (values below MAX_KING_BUCKETS); nothing
    // (with the reason) when a value is out of range or a bucket in [0, max] is unused.
    static std::optional<InputLayout> king_buckets(std::span<const std::uint8_t> map,
                                                   std::string* error);
    // Named layouts of the trainer: "none" (set 1), "mirror" (set 2, one bucket), "4", "8".
    static std::optional<InputLayout> named(const std::string& name, std::string* error);

    std::uint32_t feature_set() const {
        return mirrored ? FEATURE_SET_KING_BUCKETS : FEATURE_SET_PIECE_SQUARE;
    }
    int buckets() const { return bucketCount; }
    int features() const { return bucketCount * FEATURE_COUNT; }
    // Refresh cache slots per perspective (every bucket, mirrored or not).
    int slots() const { return 2 * bucketCount; }
    const std::array<std::uint8_t, KING_MAP_SQUARES>& map() const { return kingMap; }

    constexpr KingView view(Color perspective, Square king) const {
        if (!mirrored) return {};
        const int s = perspective == WHITE ? int(king) : int(king) ^ 56;
        const int flip = (s & 7) >= 4 ? 7 : 0;
        const int m = s ^ flip;
        return {kingMap[std::size_t((m >> 3) * 4 + (m & 7))] * FEATURE_COUNT, flip};
    }
    // Set 1's feature (features.h) moved into the view's block; the flip changes only
    // the file, the index's lowest three bits.
    static constexpr int index(Color perspective, KingView v, Piece piece, Square s) {
        return v.offset + (feature_index(perspective, piece, s) ^ v.flip);
    }

    bool operator==(const InputLayout&) const = default;

  private:
    bool mirrored = false;
    int bucketCount = 1;
    std::array<std::uint8_t, KING_MAP_SQUARES> kingMap{};
};

// Whether move changes `d` give `perspective` another king view (then its accumulator
// is refreshed, not updated): only a move of that side's king can.
inline bool changes_view(const InputLayout& layout, const DirtyPiece& d, Color perspective) {
    if (d.removedCount == 0) return false;
    const Piece moved = d.removed[0].piece; // the mover comes first, the king when castling
    if (type_of(moved) != KING || color_of(moved) != perspective) return false;
    return !(layout.view(perspective, d.removed[0].square) ==
             layout.view(perspective, d.added[0].square));
}

} // namespace flotilla::nnue
