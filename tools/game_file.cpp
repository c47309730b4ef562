// Compact game files (docs/data-format.md): a skippable zstd frame with the text
// header, whose first line names the version, then ordinary zstd frames of whole games,
// each with zstd's own content checksum, so a damaged or unfinished frame is found and
// costs only its games.
#include "tools/game_file.h"

#include "core/crc32.h"
#include "core/movegen.h"

#include <zstd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <memory>
#include <sstream>

namespace flotilla::tools {

std::string utc_stamp() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &utc);
    return text;
}

namespace {

constexpr std::uint32_t SKIPPABLE_MAGIC = 0x184D2A50; // zstd's first skippable-frame magic
// The header's first line names the format version: 1 or 2 (see game_frame.h).
constexpr const char* HEADER_PREFIX = "flotilla-games ";
constexpr int WRITTEN_VERSION = 2;
constexpr int ZSTD_LEVEL = 19;

void put32(std::uint8_t* out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out[i] = std::uint8_t(v >> (8 * i));
}
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
    std::string text = HEADER_PREFIX + std::to_string(WRITTEN_VERSION) + "\n";
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

// The version a header frame's first line names, or 0 when it is not a game file's.
int header_version(const std::string& headerText) {
    for (int version : {1, 2})
        if (headerText.starts_with(HEADER_PREFIX + std::to_string(version) + "\n")) return version;
    return 0;
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
    pending.take();
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
    const std::uint64_t before = pending.plies();
    if (!pending.add(game, error)) {
        *error = "game " + std::to_string(gameCount + 1) + " of '" + path + "': " + *error;
        return false;
    }
    ++gameCount;
    plyCount += pending.plies() - before;
    return pending.plies() < framePlies || flush(error);
}

bool GameWriter::flush(std::string* error) {
    if (!file || pending.games() == 0) return true;
    const std::vector<std::uint8_t> contents = pending.take();
    std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, ZSTD_LEVEL);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
    std::vector<std::uint8_t> frame(ZSTD_compressBound(contents.size()));
    const std::size_t size =
        ZSTD_compress2(cctx.get(), frame.data(), frame.size(), contents.data(), contents.size());
    if (ZSTD_isError(size)) {
        *error = std::string("zstd: ") + ZSTD_getErrorName(size);
        return false;
    }
    if (!write_all(file, frame.data(), size, path, error)) return false;
    fileBytes += size;
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

namespace {

// The whole file; false when it cannot be opened.
bool read_bytes(const std::string& path, std::vector<std::uint8_t>* bytes) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file || std::filesystem::is_directory(path)) {
        if (file) std::fclose(file);
        return false;
    }
    std::uint8_t buffer[1 << 16];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;)
        bytes->insert(bytes->end(), buffer, buffer + n);
    std::fclose(file);
    return true;
}

// Checks the header frame and parses it; its size, or 0 when it is not a game file's.
std::size_t read_header(const std::vector<std::uint8_t>& bytes, GameFileHeader* header,
                        int* version) {
    if (bytes.size() < 8 || get32(bytes.data()) != SKIPPABLE_MAGIC ||
        get32(bytes.data() + 4) > bytes.size() - 8)
        return 0;
    const std::string text(bytes.begin() + 8, bytes.begin() + 8 + get32(bytes.data() + 4));
    *version = header_version(text);
    if (*version == 0) return 0;
    if (header) parse_header(text, header);
    return 8 + text.size();
}

// Where each zstd frame lies in the file. A damaged frame header is counted bad and
// the search goes on at the next frame's magic number; with none after it, the rest is
// the unfinished last frame of an interrupted write.
struct FrameSpan {
    std::size_t at, size;
};

std::vector<FrameSpan> frame_spans(const std::vector<std::uint8_t>& bytes, std::size_t at,
                                   GameReadStats* stats) {
    std::vector<FrameSpan> spans;
    while (at < bytes.size()) {
        const std::size_t size = ZSTD_findFrameCompressedSize(&bytes[at], bytes.size() - at);
        if (!ZSTD_isError(size)) {
            spans.push_back({at, size});
            at += size;
            continue;
        }
        const std::size_t next = find_frame_magic(bytes, at + 1);
        if (next == bytes.size()) {
            stats->tailBytes = bytes.size() - at;
            break;
        }
        ++stats->badFrames;
        at = next;
    }
    return spans;
}

struct DecodedFrame {
    bool good = false; // false: the frame did not decompress, check or decode
    std::vector<GameRecord> games;
    std::uint64_t badGames = 0;
};

DecodedFrame decode_frame(const std::uint8_t* frame, std::size_t frameSize, int version) {
    DecodedFrame out;
    const unsigned long long contentSize = ZSTD_getFrameContentSize(frame, frameSize);
    if (contentSize == ZSTD_CONTENTSIZE_ERROR || contentSize == ZSTD_CONTENTSIZE_UNKNOWN ||
        contentSize > (1ULL << 30))
        return out;
    std::vector<std::uint8_t> plain(static_cast<std::size_t>(contentSize));
    const std::size_t n = ZSTD_decompress(plain.data(), plain.size(), frame, frameSize);
    if (ZSTD_isError(n) || n != plain.size()) return out;
    out.good = version == 1
                   ? decode_frame_v1(plain.data(), plain.size(), &out.games)
                   : decode_frame_v2(plain.data(), plain.size(), &out.games, &out.badGames);
    return out;
}

} // namespace

GameReadStats read_game_file(const std::string& path, GameFileHeader* header,
                             const std::function<void(const GameRecord&)>& onGame) {
    GameReadStats stats;
    std::vector<std::uint8_t> bytes;
    if (!read_bytes(path, &bytes)) {
        stats.error = "cannot open '" + path + "'";
        return stats;
    }
    stats.fileBytes = bytes.size();
    stats.crc32 = crc32(bytes.data(), bytes.size());
    const std::size_t headerSize = read_header(bytes, header, &stats.version);
    if (headerSize == 0) {
        stats.error = "'" + path + "' is not a Flotilla game file of version 1 or 2";
        return stats;
    }
    for (const FrameSpan& span : frame_spans(bytes, headerSize, &stats)) {
        const DecodedFrame frame = decode_frame(&bytes[span.at], span.size, stats.version);
        if (!frame.good) {
            ++stats.badFrames;
            continue;
        }
        stats.badGames += frame.badGames;
        for (const GameRecord& game : frame.games) {
            ++stats.games;
            stats.plies += game.moves.size();
            onGame(game);
        }
    }
    return stats;
}

bool replay_game(const GameRecord& game,
                 const std::function<void(const Position&, Move, int)>& onPly) {
    Position pos;
    if (!unpack_position(game.start, &pos)) return false;
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
                           std::vector<std::uint32_t>* gameOf, const TrainingFilter& filter) {
    std::uint32_t gameNumber = 0;
    TrainingLoadStats total;
    for (const std::string& input : paths) {
        for (const std::string& file : game_files_in(input)) {
            const GameReadStats read = read_game_file(file, nullptr, [&](const GameRecord& game) {
                int ply = 0;
                const bool replayed = replay_game(game, [&](const Position& pos, Move m, int s) {
                    const bool early = ply++ < filter.minPly;
                    if (!is_training_position(pos, m, s)) return;
                    if (early || (filter.maxScore > 0 && std::abs(s) > filter.maxScore)) {
                        ++total.filtered;
                        return;
                    }
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
            total.badGames += read.badGames;
            total.games += read.games;
            total.plies += read.plies;
            total.badFrames += read.badFrames;
        }
    }
    if (stats) *stats = total;
    return true;
}

} // namespace flotilla::tools
