// Frame contents of game files, both versions; docs/data-format.md has the layouts.
#include "tools/game_frame.h"

#include "tools/move_rank.h"

#include <algorithm>

namespace flotilla::tools {

namespace {

// A position record without its CRC-16, which the reader recomputes.
constexpr std::size_t START_BYTES = 30;
constexpr std::size_t V1_GAME_FIXED_BYTES = sizeof(PackedRecord) + 2;

std::uint16_t get16(const std::uint8_t* p) { return std::uint16_t(p[0] | (p[1] << 8)); }

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
    for (; v >= 0x80; v >>= 7) out.push_back(std::uint8_t(v | 0x80));
    out.push_back(std::uint8_t(v));
}

// Reads a varint of at most 9 bytes at *at; false when the bytes end first.
bool get_varint(const std::uint8_t* p, std::size_t size, std::size_t* at, std::uint64_t* v) {
    *v = 0;
    for (int shift = 0; shift < 63 && *at < size; shift += 7) {
        const std::uint8_t byte = p[(*at)++];
        *v |= std::uint64_t(byte & 0x7F) << shift;
        if (!(byte & 0x80)) return true;
    }
    return false;
}

// Scores as differences modulo 2^16 from the previous ply's, zigzagged so that small
// differences of either sign give small numbers (0, -1, 1, -2 ... as 0, 1, 2, 3 ...).
std::uint16_t zigzag(std::int16_t d) { return std::uint16_t((d << 1) ^ (d >> 15)); }
std::int16_t unzigzag(std::uint16_t z) { return std::int16_t((z >> 1) ^ -(z & 1)); }

PackedRecord with_crc(PackedRecord record) {
    const std::uint16_t crc = crc16(record.data(), START_BYTES);
    record[30] = std::uint8_t(crc & 0xFF);
    record[31] = std::uint8_t(crc >> 8);
    return record;
}

// The record with the game's result in its flags (as version 1 wrote it too).
PackedRecord start_with_result(PackedRecord start, GameResult result) {
    start[26] = std::uint8_t((start[26] & 1) | (int(result) << 1));
    return with_crc(start);
}

// The streams of one version-2 game inside a frame.
struct GameStreams {
    const std::uint8_t* start;
    const std::uint8_t* ranks;
    const std::uint8_t* scoreLow;
    const std::uint8_t* scoreHigh;
    std::size_t plies;
};

bool decode_game_v2(const GameStreams& s, GameRecord* game) {
    std::copy_n(s.start, START_BYTES, game->start.begin());
    game->start = with_crc(game->start);
    game->result = GameResult((game->start[26] >> 1) & 3);
    Position pos;
    if (!unpack_position(game->start, &pos)) return false;
    game->moves.resize(s.plies);
    game->scores.resize(s.plies);
    Square previousTo = SQ_NONE;
    std::int16_t score = 0;
    for (std::size_t i = 0; i < s.plies; ++i) {
        const Move m = move_at_rank(pos, previousTo, s.ranks[i]);
        if (!m) return false;
        game->moves[i] = m;
        score = std::int16_t(score + unzigzag(std::uint16_t(s.scoreLow[i] | s.scoreHigh[i] << 8)));
        game->scores[i] = score;
        pos.make_move(m);
        previousTo = m.to();
    }
    return true;
}

} // namespace

bool FrameBuilder::add(const GameRecord& game, std::string* error) {
    const std::size_t plies = std::min(game.moves.size(), MAX_GAME_PLIES);
    const PackedRecord start = start_with_result(game.start, game.result);
    Position pos;
    if (!unpack_position(start, &pos)) {
        *error = "a game's start position does not unpack";
        return false;
    }
    std::vector<std::uint8_t> gameRanks(plies);
    Square previousTo = SQ_NONE;
    for (std::size_t i = 0; i < plies; ++i) {
        const int rank = move_rank(pos, previousTo, game.moves[i]);
        if (rank < 0) {
            *error = "move " + std::to_string(i + 1) + " of a game is not legal";
            return false;
        }
        gameRanks[i] = std::uint8_t(rank);
        pos.make_move(game.moves[i]);
        previousTo = game.moves[i].to();
    }
    starts.insert(starts.end(), start.begin(), start.begin() + START_BYTES);
    put_varint(lengths, plies);
    ranks.insert(ranks.end(), gameRanks.begin(), gameRanks.end());
    std::int16_t previous = 0;
    for (std::size_t i = 0; i < plies; ++i) {
        const std::int16_t score = i < game.scores.size() ? game.scores[i] : GAME_NO_SCORE;
        const std::uint16_t z = zigzag(std::int16_t(score - previous));
        scoreLow.push_back(std::uint8_t(z & 0xFF));
        scoreHigh.push_back(std::uint8_t(z >> 8));
        previous = score;
    }
    ++gameCount;
    return true;
}

std::vector<std::uint8_t> FrameBuilder::take() {
    std::vector<std::uint8_t> out;
    put_varint(out, gameCount);
    for (auto* stream : {&starts, &lengths, &ranks, &scoreLow, &scoreHigh}) {
        out.insert(out.end(), stream->begin(), stream->end());
        stream->clear();
    }
    gameCount = 0;
    return out;
}

bool decode_frame_v1(const std::uint8_t* p, std::size_t size, std::vector<GameRecord>* games) {
    std::size_t at = 0;
    while (at < size) {
        if (size - at < V1_GAME_FIXED_BYTES) return false;
        GameRecord game;
        std::copy_n(p + at, sizeof(PackedRecord), game.start.begin());
        const std::size_t plies = get16(p + at + sizeof(PackedRecord));
        at += V1_GAME_FIXED_BYTES;
        if (plies > MAX_GAME_PLIES || size - at < 4 * plies) return false;
        game.result = GameResult((game.start[26] >> 1) & 3);
        game.moves.reserve(plies);
        game.scores.reserve(plies);
        for (std::size_t i = 0; i < plies; ++i, at += 4) {
            game.moves.push_back(Move(get16(p + at)));
            game.scores.push_back(std::int16_t(get16(p + at + 2)));
        }
        games->push_back(std::move(game));
    }
    return true;
}

bool decode_frame_v2(const std::uint8_t* p, std::size_t size, std::vector<GameRecord>* games,
                     std::uint64_t* badGames) {
    std::size_t at = 0;
    std::uint64_t count = 0;
    // Every game takes at least its start and one length byte.
    if (!get_varint(p, size, &at, &count) || count > size / (START_BYTES + 1) ||
        size - at < count * START_BYTES)
        return false;
    const std::uint8_t* starts = p + at;
    at += count * START_BYTES;
    std::vector<std::size_t> plies(count);
    std::size_t total = 0;
    for (std::size_t& n : plies) {
        std::uint64_t v = 0;
        if (!get_varint(p, size, &at, &v) || v > MAX_GAME_PLIES) return false;
        n = std::size_t(v);
        total += n;
    }
    if (size - at != 3 * total) return false;
    GameStreams s{starts, p + at, p + at + total, p + at + 2 * total, 0};
    for (std::size_t g = 0; g < count; ++g) {
        s.plies = plies[g];
        GameRecord game;
        if (decode_game_v2(s, &game))
            games->push_back(std::move(game));
        else
            ++*badGames;
        s.start += START_BYTES;
        s.ranks += s.plies;
        s.scoreLow += s.plies;
        s.scoreHigh += s.plies;
    }
    return true;
}

} // namespace flotilla::tools
