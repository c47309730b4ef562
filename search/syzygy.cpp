#include "search/syzygy.h"

#include "core/movegen.h"

#include <fcntl.h>
#include <tbprobe.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <system_error>

namespace flotilla::search::syzygy {

namespace {

// Fathom's position arguments: colour and piece-type bitboards (a1 = bit 0, as ours).
struct FathomBoard {
    std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    unsigned ep;
    bool whiteToMove;
};

FathomBoard board_of(const Position& pos) {
    const Square ep = pos.ep_square();
    return {pos.pieces(WHITE),          pos.pieces(BLACK), pos.pieces(KING),
            pos.pieces(QUEEN),          pos.pieces(ROOK),  pos.pieces(BISHOP),
            pos.pieces(KNIGHT),         pos.pieces(PAWN),  ep == SQ_NONE ? 0u : unsigned(ep),
            pos.side_to_move() == WHITE};
}

// Fathom's promotion codes (TB_PROMOTES_*) in our piece types.
PieceType promotion_of(unsigned code) {
    switch (code) {
    case TB_PROMOTES_QUEEN: return QUEEN;
    case TB_PROMOTES_ROOK: return ROOK;
    case TB_PROMOTES_BISHOP: return BISHOP;
    case TB_PROMOTES_KNIGHT: return KNIGHT;
    default: return NO_PIECE_TYPE;
    }
}

// The legal move of pos that Fathom's from/to/promotion denotes.
Move find_move(const Position& pos, TbMove tbMove) {
    const auto from = Square(TB_MOVE_FROM(tbMove));
    const auto to = Square(TB_MOVE_TO(tbMove));
    const PieceType promo = promotion_of(TB_MOVE_PROMOTES(tbMove));
    for (Move m : MoveList(pos))
        if (m.from() == from && m.to() == to &&
            (m.type() == PROMOTION ? m.promotion_type() == promo : promo == NO_PIECE_TYPE))
            return m;
    return Move::none();
}

// The first four bytes of every Syzygy WDL and DTZ file (the format's magic numbers).
constexpr unsigned char WDL_MAGIC[4] = {0x71, 0xE8, 0x23, 0x5D};
constexpr unsigned char DTZ_MAGIC[4] = {0xD7, 0x66, 0x0C, 0xA5};

// A table starts with its magic number, and its size is 16 modulo 64 (the format pads
// its blocks to 64 bytes after a 16-byte tail).
bool looks_like_table(const std::filesystem::path& file, const unsigned char (&magic)[4]) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    if (ec || size % 64 != 16) return false;
    std::ifstream in(file, std::ios::binary);
    unsigned char head[4] = {};
    return in.read(reinterpret_cast<char*>(head), 4) && std::equal(head, head + 4, magic);
}

// Fathom reports unusable files with printf on stdout, which is the UCI channel: it is
// pointed at /dev/null while Fathom loads (the engine is idle then), and we report.
class QuietStdout {
  public:
    QuietStdout() {
        std::cout.flush();
        std::fflush(stdout);
        saved = ::dup(STDOUT_FILENO);
        const int null = ::open("/dev/null", O_WRONLY);
        if (saved >= 0 && null >= 0) ::dup2(null, STDOUT_FILENO);
        if (null >= 0) ::close(null);
    }
    ~QuietStdout() {
        std::fflush(stdout);
        if (saved < 0) return;
        ::dup2(saved, STDOUT_FILENO);
        ::close(saved);
    }
    QuietStdout(const QuietStdout&) = delete;
    QuietStdout& operator=(const QuietStdout&) = delete;

  private:
    int saved = -1;
};

// Counts the directory's tables into report; false when it cannot be listed.
bool count_files(const std::filesystem::path& dir, LoadReport& report) {
    std::error_code ec;
    std::filesystem::directory_iterator it(dir, ec), end;
    if (ec) return false;
    for (; it != end; it.increment(ec)) {
        if (ec) return false;
        const std::string ext = it->path().extension().string();
        if (ext != ".rtbw" && ext != ".rtbz") continue;
        const bool wdl = ext == ".rtbw";
        if (!looks_like_table(it->path(), wdl ? WDL_MAGIC : DTZ_MAGIC))
            report.corrupt.push_back(it->path().filename().string());
        else
            ++(wdl ? report.wdlFiles : report.dtzFiles);
    }
    return true;
}

// Pieces of the loaded tables. Fathom's own TB_LARGEST keeps its old value when tb_init("")
// frees the tables (Fathom 2019), so probes are gated on this instead. Written only while
// no search runs; read by every search thread.
std::atomic<int> loadedPieces{0};

} // namespace

LoadReport load(const std::string& paths) {
    LoadReport report;
    const QuietStdout quiet;
    loadedPieces = 0;
    if (paths.empty() || paths == "<empty>") {
        tb_init(""); // frees the tables; never tb_free(), which frees twice after a re-init
        return report;
    }
    // Fathom does not say which directories it could read: list them ourselves. Fathom
    // reads past its buffer on an empty element ("a::b", "::::"; found by fuzz_uci), so
    // it gets only the non-empty ones.
    std::string dirs;
    std::size_t start = 0;
    while (start <= paths.size()) {
        const std::size_t colon = std::min(paths.find(':', start), paths.size());
        const std::string dir = paths.substr(start, colon - start);
        start = colon + 1;
        if (dir.empty()) continue;
        if (!count_files(dir, report)) report.unreadable.push_back(dir);
        dirs += (dirs.empty() ? "" : ":") + dir;
    }
    tb_init(dirs.c_str());
    report.largest = int(TB_LARGEST);
    loadedPieces = report.largest;
    return report;
}

int largest() { return loadedPieces.load(std::memory_order_relaxed); }

std::optional<Wdl> probe_wdl(const Position& pos) {
    if (pos.castling_rights() != NO_CASTLING || pos.rule50_count() != 0) return std::nullopt;
    if (popcount(pos.pieces()) > largest()) return std::nullopt;
    const FathomBoard b = board_of(pos);
    const unsigned r = tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops,
                                    b.knights, b.pawns, 0, 0, b.ep, b.whiteToMove);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    return Wdl(int(r) - 2); // TB_LOSS .. TB_WIN are 0 .. 4
}

std::optional<RootRanking> rank_root_moves(const Position& pos, bool rule50, bool hasRepeated) {
    if (pos.castling_rights() != NO_CASTLING || popcount(pos.pieces()) > largest())
        return std::nullopt;
    const FathomBoard b = board_of(pos);
    // About 100 KiB: on the heap, not on a search thread's stack.
    auto results = std::make_unique<TbRootMoves>();
    RootRanking ranking;
    ranking.usedDtz = tb_probe_root_dtz(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops,
                                        b.knights, b.pawns, unsigned(pos.rule50_count()), 0, b.ep,
                                        b.whiteToMove, hasRepeated, rule50, results.get()) != 0;
    if (!ranking.usedDtz &&
        !tb_probe_root_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights,
                           b.pawns, unsigned(pos.rule50_count()), 0, b.ep, b.whiteToMove, rule50,
                           results.get()))
        return std::nullopt;
    // Fathom's rank scale: with DTZ, 1000 is a win within the fifty-move rule and lower
    // positive ranks come closer to its limit (900 the last sure one); WDL ranks are
    // +-1000 (win, loss) and +-899 (cursed win, blessed loss).
    ranking.winBound = rule50 ? 900 : 1;
    for (unsigned i = 0; i < results->size; ++i) {
        const Move m = find_move(pos, results->moves[i].move);
        if (!m) return std::nullopt; // Fathom and we disagree on the legal moves
        ranking.moves.push_back({m, results->moves[i].tbRank});
    }
    if (ranking.moves.empty()) return std::nullopt; // mate or stalemate: the search knows
    return ranking;
}

// Cursed wins and blessed losses show 1 to 49 cp, growing as the win comes closer: the
// display scheme of Stockfish's and Fathom's root probe, written here from its figures.
Value rank_to_score(int rank, int winBound) {
    if (rank >= winBound) return tb_win_in(1);
    if (rank <= -winBound) return tb_loss_in(1);
    if (rank > 0) return std::max(3, rank - 800) / 2;
    if (rank < 0) return std::min(-3, rank + 800) / 2;
    return VALUE_DRAW;
}

std::optional<RootResult> probe_root(const Position& pos, const std::vector<Move>& candidates,
                                     const TablebaseParams& p) {
    if (popcount(pos.pieces()) > std::min(largest(), p.probeLimit) || candidates.empty())
        return std::nullopt;
    const std::optional<RootRanking> ranking = rank_root_moves(pos, p.rule50, pos.has_repeated());
    if (!ranking) return std::nullopt;
    const auto rank_of = [&](Move m) {
        for (const RankedMove& r : ranking->moves)
            if (r.move == m) return r.rank;
        return INT32_MIN; // not legal: never kept
    };
    int best = INT32_MIN;
    for (Move m : candidates) best = std::max(best, rank_of(m));
    if (best == INT32_MIN) return std::nullopt;
    RootResult result;
    for (Move m : candidates)
        if (rank_of(m) == best) result.moves.push_back(m);
    result.score = rank_to_score(best, ranking->winBound);
    result.probeInSearch = !ranking->usedDtz && result.score > VALUE_DRAW;
    result.probes = ranking->moves.size();
    return result;
}

} // namespace flotilla::search::syzygy
