// Compact game files (docs/data-format.md): a skippable zstd frame with the text
// header, then ordinary zstd frames of whole games, each with zstd's own content
// checksum, so a damaged or unfinished frame is found and costs only its games.
#include "tools/game_file.h"

#include "core/crc32.h"
#include "core/movegen.h"

#include <zstd.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <sstream>

namespace flotilla::tools {

namespace {

constexpr std::uint32_t SKIPPABLE_MAGIC = 0x184D2A50; // zstd's first skippable-frame magic
constexpr const char* HEADER_FIRST_LINE = "flotilla-games 1";
// Games buffered before a frame is compressed: large enough for a good ratio,
// small enough that an interrupted run loses little.
constexpr std::size_t FRAME_BYTES = 1 << 20;
constexpr int ZSTD_LEVEL = 19;
// A game longer than this is damaged data (datagen stops games at a few hundred plies).
constexpr std::size_t MAX_GAME_PLIES = 4096;
constexpr std::size_t GAME_FIXED_BYTES = sizeof(PackedRecord) + 2;

void put16(std::vector<std::uint8_t>& out, std::uint16_t v) {
    out.push_back(std::uint8_t(v & 0xFF));
    out.push_back(std::uint8_t(v >> 8));
}
void put32(std::uint8_t* out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out[i] = std::uint8_t(v >> (8 * i));
}
std::uint16_t get16(const std::uint8_t* p) { return std::uint16_t(p[0] | (p[1] << 8)); }
std::uint32_t get32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}

bool write_all(std::FILE* file, const void* data, std::size_t size, const std::string& path,
               std::string* error) {
    if (std::fwrite(data, 1, size, file) != size || std::fflush(file) != 0) {
        *error = "write to '" + path + "' failed (disk full?)";
        return false;
    }
    return true;
}

std::string header_text(const GameFileHeader& header) {
    std::string text = std::string(HEADER_FIRST_LINE) + "\n";
    for (const auto& [key, value] : header) text += key + " " + value + "\n";
    return text;
}

void parse_header(const std::string& text, GameFileHeader* header) {
    std::istringstream lines(text);
    std::string line;
    std::getline(lines, line); // the first line, checked by the caller
    while (std::getline(lines, line)) {
        const auto space = line.find(' ');
        if (space == std::string::npos) continue;
        (*header)[line.substr(0, space)] = line.substr(space + 1);
    }
}

// Decodes the games of one decompressed frame; false when the frame's bytes do not
// split into whole games (the frame is then counted bad).
bool decode_games(const std::uint8_t* p, std::size_t size, std::vector<GameRecord>* games) {
    std::size_t at = 0;
    while (at < size) {
        if (size - at < GAME_FIXED_BYTES) return false;
        GameRecord game;
        std::copy_n(p + at, sizeof(PackedRecord), game.start.begin());
        const std::size_t plies = get16(p + at + sizeof(PackedRecord));
        at += GAME_FIXED_BYTES;
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

// The offset of the next zstd frame magic (0xFD2FB528) at or after `from`, or the end.
std::size_t find_frame_magic(const std::vector<std::uint8_t>& bytes, std::size_t from) {
    for (std::size_t i = from; i + 4 <= bytes.size(); ++i)
        if (get32(&bytes[i]) == ZSTD_MAGICNUMBER) return i;
    return bytes.size();
}

// A legal move of `pos` equal to `m`, checked against the generator (data may be damaged).
bool is_legal_move(const Position& pos, Move m) {
    return pos.is_pseudo_legal(m) && pos.is_legal(m);
}

Position position_from_record(const PackedRecord& record, bool* ok) {
    Position pos;
    const auto unpacked = unpack(record);
    *ok = unpacked && pos.set_fen(unpacked->fen, false);
    return pos;
}

} // namespace

GameWriter::~GameWriter() {
    std::string ignored;
    close(&ignored);
}

bool GameWriter::open(const std::string& filePath, const GameFileHeader& header,
                      std::string* error) {
    if (file) {
        *error = "game file already open";
        return false;
    }
    if (std::filesystem::exists(filePath)) {
        *error = "'" + filePath + "' exists; game files are never overwritten";
        return false;
    }
    file = std::fopen(filePath.c_str(), "wb");
    if (!file) {
        *error = "cannot create '" + filePath + "'";
        return false;
    }
    path = filePath;
    pending.clear();
    gameCount = plyCount = fileBytes = 0;
    const std::string text = header_text(header);
    std::vector<std::uint8_t> frame(8 + text.size());
    put32(frame.data(), SKIPPABLE_MAGIC);
    put32(frame.data() + 4, std::uint32_t(text.size()));
    std::copy(text.begin(), text.end(), frame.begin() + 8);
    if (!write_all(file, frame.data(), frame.size(), path, error)) return false;
    fileBytes = frame.size();
    return true;
}

bool GameWriter::add(const GameRecord& game, std::string* error) {
    if (!file) {
        *error = "game file not open";
        return false;
    }
    const std::size_t plies = std::min(game.moves.size(), MAX_GAME_PLIES);
    PackedRecord start = game.start;
    start[26] = std::uint8_t((start[26] & 1) | (int(game.result) << 1));
    const std::uint16_t crc = crc16(start.data(), 30);
    start[30] = std::uint8_t(crc & 0xFF);
    start[31] = std::uint8_t(crc >> 8);
    pending.insert(pending.end(), start.begin(), start.end());
    put16(pending, std::uint16_t(plies));
    for (std::size_t i = 0; i < plies; ++i) {
        put16(pending, game.moves[i].raw());
        put16(pending, std::uint16_t(i < game.scores.size() ? game.scores[i] : GAME_NO_SCORE));
    }
    ++gameCount;
    plyCount += plies;
    return pending.size() < FRAME_BYTES || flush(error);
}

bool GameWriter::flush(std::string* error) {
    if (!file || pending.empty()) return true;
    std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, ZSTD_LEVEL);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
    std::vector<std::uint8_t> frame(ZSTD_compressBound(pending.size()));
    const std::size_t size =
        ZSTD_compress2(cctx.get(), frame.data(), frame.size(), pending.data(), pending.size());
    if (ZSTD_isError(size)) {
        *error = std::string("zstd: ") + ZSTD_getErrorName(size);
        return false;
    }
    if (!write_all(file, frame.data(), size, path, error)) return false;
    fileBytes += size;
    pending.clear();
    return true;
}

bool GameWriter::close(std::string* error) {
    if (!file) return true;
    const bool flushed = flush(error);
    const bool closed = std::fclose(file) == 0;
    file = nullptr;
    if (flushed && !closed) *error = "closing '" + path + "' failed";
    return flushed && closed;
}

GameReadStats read_game_file(const std::string& path, GameFileHeader* header,
                             const std::function<void(const GameRecord&)>& onGame) {
    GameReadStats stats;
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file || std::filesystem::is_directory(path)) {
        if (file) std::fclose(file);
        stats.error = "cannot open '" + path + "'";
        return stats;
    }
    std::vector<std::uint8_t> bytes;
    std::uint8_t buffer[1 << 16];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;)
        bytes.insert(bytes.end(), buffer, buffer + n);
    std::fclose(file);
    stats.fileBytes = bytes.size();
    stats.crc32 = crc32(bytes.data(), bytes.size());

    const std::string firstLine = std::string(HEADER_FIRST_LINE) + "\n";
    if (bytes.size() < 8 || get32(bytes.data()) != SKIPPABLE_MAGIC ||
        get32(bytes.data() + 4) > bytes.size() - 8 ||
        std::string(bytes.begin() + 8,
                    bytes.begin() + 8 +
                        std::min<std::size_t>(firstLine.size(), get32(bytes.data() + 4))) !=
            firstLine) {
        stats.error = "'" + path + "' is not a Flotilla game file of version 1";
        return stats;
    }
    const std::size_t headerSize = get32(bytes.data() + 4);
    if (header)
        parse_header(std::string(bytes.begin() + 8, bytes.begin() + 8 + headerSize), header);

    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
    std::vector<std::uint8_t> plain;
    std::vector<GameRecord> games;
    for (std::size_t at = 8 + headerSize; at < bytes.size();) {
        const std::size_t frameSize = ZSTD_findFrameCompressedSize(&bytes[at], bytes.size() - at);
        if (ZSTD_isError(frameSize)) {
            // A damaged frame header: go on at the next frame's magic number. With none
            // after it, this is the unfinished last frame of an interrupted write.
            const std::size_t next = find_frame_magic(bytes, at + 1);
            if (next == bytes.size()) {
                stats.tailBytes = bytes.size() - at;
                break;
            }
            ++stats.badFrames;
            at = next;
            continue;
        }
        const unsigned long long contentSize = ZSTD_getFrameContentSize(&bytes[at], frameSize);
        games.clear();
        bool good = contentSize != ZSTD_CONTENTSIZE_ERROR &&
                    contentSize != ZSTD_CONTENTSIZE_UNKNOWN && contentSize <= (1ULL << 30);
        if (good) {
            plain.resize(std::size_t(contentSize));
            const std::size_t n =
                ZSTD_decompressDCtx(dctx.get(), plain.data(), plain.size(), &bytes[at], frameSize);
            good = !ZSTD_isError(n) && n == plain.size() &&
                   decode_games(plain.data(), plain.size(), &games);
        }
        at += frameSize;
        if (!good) {
            ++stats.badFrames;
            continue;
        }
        for (const GameRecord& game : games) {
            ++stats.games;
            stats.plies += game.moves.size();
            onGame(game);
        }
    }
    return stats;
}

bool replay_game(const GameRecord& game,
                 const std::function<void(const Position&, Move, int)>& onPly) {
    bool ok = false;
    Position pos = position_from_record(game.start, &ok);
    if (!ok) return false;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Move m = game.moves[i];
        if (!is_legal_move(pos, m)) return false;
        onPly(pos, m, i < game.scores.size() ? game.scores[i] : GAME_NO_SCORE);
        pos.make_move(m);
    }
    return true;
}

bool is_training_position(const Position& pos, Move played, int scoreWhite) {
    if (scoreWhite == GAME_NO_SCORE || pos.in_check()) return false;
    if (std::abs(scoreWhite) >= VALUE_MATE_IN_MAX_PLY) return false;
    if (played.type() == PROMOTION || played.type() == EN_PASSANT) return false;
    return played.type() == CASTLING || pos.empty(played.to());
}

std::vector<std::string> game_files_in(const std::string& path) {
    std::vector<std::string> files;
    if (!std::filesystem::is_directory(path)) return {path};
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
        const std::string name = entry.path().string();
        if (entry.is_regular_file() && name.ends_with(".games.zst")) files.push_back(name);
    }
    std::sort(files.begin(), files.end());
    return files;
}

bool load_training_records(const std::vector<std::string>& paths, std::vector<PackedRecord>* out,
                           TrainingLoadStats* stats, std::string* error,
                           std::vector<std::uint32_t>* gameOf) {
    std::uint32_t gameNumber = 0;
    TrainingLoadStats total;
    for (const std::string& input : paths) {
        for (const std::string& file : game_files_in(input)) {
            const GameReadStats read = read_game_file(file, nullptr, [&](const GameRecord& game) {
                const bool replayed = replay_game(game, [&](const Position& pos, Move m, int s) {
                    if (!is_training_position(pos, m, s)) return;
                    out->push_back(pack(pos, s, game.result));
                    if (gameOf) gameOf->push_back(gameNumber);
                    ++total.positions;
                });
                ++gameNumber;
                if (!replayed) ++total.badGames;
            });
            if (!read.ok()) {
                *error = read.error;
                return false;
            }
            ++total.files;
            total.games += read.games;
            total.plies += read.plies;
            total.badFrames += read.badFrames;
        }
    }
    if (stats) *stats = total;
    return true;
}

} // namespace flotilla::tools
