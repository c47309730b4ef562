// PGN games into training game files (tools/pgn_import.h).
#include "tools/pgn_import.h"

#include "core/san.h"

#include <algorithm>
#include <cctype>
#include <fstream>

namespace flotilla::tools {

namespace {

bool is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// Appends to `text` up to PGN_MAX_TOKEN characters; the rest of a longer token is dropped.
void append_bounded(std::string& text, char c) {
    if (text.size() < PGN_MAX_TOKEN) text += c;
}

void skip_line(std::istream& in) {
    for (int c = in.get(); c != EOF && c != '\n'; c = in.get()) {
    }
}

// The text up to the closing brace (consumed), bounded.
std::string read_comment(std::istream& in) {
    std::string text;
    for (int c = in.get(); c != EOF && c != '}'; c = in.get()) append_bounded(text, char(c));
    return text;
}

// A variation, nested ones and their comments included, up to its closing parenthesis.
void skip_variation(std::istream& in) {
    int depth = 1;
    for (int c = in.get(); c != EOF && depth > 0; c = in.get()) {
        if (c == '(')
            ++depth;
        else if (c == ')')
            --depth;
        else if (c == '{')
            read_comment(in);
        else if (c == ';')
            skip_line(in);
    }
}

// `[Key "Value"]` (the '[' already consumed): a quoted value may hold ']' and the
// escapes \" and \\. A tag without a key or a quoted value is dropped.
void read_tag(std::istream& in, PgnGame* game) {
    std::string key, value;
    bool quoted = false, inQuotes = false, escaped = false;
    for (int c = in.get(); c != EOF; c = in.get()) {
        if (inQuotes) {
            if (escaped) {
                append_bounded(value, char(c));
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                inQuotes = false;
            } else {
                append_bounded(value, char(c));
            }
        } else if (c == ']' || c == '\n') {
            break;
        } else if (c == '"') {
            inQuotes = quoted = true;
        } else if (!is_space(c) && !quoted) {
            append_bounded(key, char(c));
        }
    }
    if (!key.empty() && quoted) game->tags[key] = value;
}

bool is_result(const std::string& token) {
    return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

// A move number's digits and dots ("12.", "12...", or "12.e4"'s "12.") taken off the front;
// "0-0" (castling with zeros) has no dot and stays whole.
std::string without_move_number(const std::string& token) {
    std::size_t i = 0;
    while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
    if (i == 0 || i == token.size() || token[i] != '.') return token;
    while (i < token.size() && token[i] == '.') ++i;
    return token.substr(i);
}

void add_move(PgnGame* game, const std::string& san) {
    if (game->moves.size() >= PGN_MAX_PLIES) {
        game->truncated = true;
        return;
    }
    game->moves.push_back(san);
    game->comments.emplace_back();
}

// The result a result token gives; none for "*" (unfinished) or anything else.
std::optional<GameResult> result_of(const std::string& text) {
    if (text == "1-0") return GameResult::WHITE_WIN;
    if (text == "0-1") return GameResult::BLACK_WIN;
    if (text == "1/2-1/2") return GameResult::DRAW;
    return std::nullopt;
}

} // namespace

bool read_pgn_game(std::istream& in, PgnGame* game) {
    *game = PgnGame{};
    bool any = false, inMoves = false;
    for (int c = in.peek(); c != EOF; c = in.peek()) {
        if (is_space(c)) {
            in.get();
        } else if (c == '[') {
            if (inMoves) return true; // the next game's tags: this one had no result
            in.get();
            read_tag(in, game);
            any = true;
        } else if (c == '{') {
            in.get();
            const std::string text = read_comment(in);
            if (!game->comments.empty() && game->comments.back().empty())
                game->comments.back() = text;
        } else if (c == ';' || c == '%') {
            skip_line(in);
        } else if (c == '(') {
            in.get();
            skip_variation(in);
        } else {
            std::string token;
            for (c = in.peek(); c != EOF && !is_space(c) &&
                                std::string_view("{}()[];").find(char(c)) == std::string_view::npos;
                 c = in.peek())
                append_bounded(token, char(in.get()));
            if (token.empty()) { // a stray closing bracket or brace
                in.get();
                continue;
            }
            any = inMoves = true;
            if (is_result(token)) {
                game->result = token;
                return true;
            }
            if (token[0] == '$') continue; // a NAG
            const std::string san = without_move_number(token);
            if (!san.empty()) add_move(game, san);
        }
    }
    return any;
}

std::optional<int> pgn_comment_score(std::string_view comment) {
    std::size_t i = 0;
    while (i < comment.size() && is_space(comment[i])) ++i;
    int sign = 1;
    if (i < comment.size() && (comment[i] == '+' || comment[i] == '-'))
        sign = comment[i++] == '-' ? -1 : 1;
    const bool mate = i < comment.size() && comment[i] == 'M';
    if (mate) ++i;
    long whole = 0, hundredths = 0;
    int digits = 0, decimals = 0;
    for (; i < comment.size() && std::isdigit(static_cast<unsigned char>(comment[i])); ++i) {
        if (++digits > 5) return std::nullopt;
        whole = whole * 10 + (comment[i] - '0');
    }
    if (digits == 0) return std::nullopt;
    if (!mate && i < comment.size() && comment[i] == '.') {
        for (++i; i < comment.size() && std::isdigit(static_cast<unsigned char>(comment[i])); ++i)
            if (++decimals <= 2) hundredths = hundredths * 10 + (comment[i] - '0');
        if (decimals == 1) hundredths *= 10;
    }
    if (i < comment.size() && comment[i] != '/' && !is_space(comment[i])) return std::nullopt;
    if (mate) {
        if (whole < 1 || whole > MAX_PLY / 2) return std::nullopt;
        return sign > 0 ? mate_in(int(2 * whole - 1)) : mated_in(int(2 * whole));
    }
    const long cp = whole * 100 + hundredths;
    if (cp >= VALUE_MATE_IN_MAX_PLY) return std::nullopt; // no engine's centipawns
    return sign * int(cp);
}

bool pgn_game_record(const PgnGame& game, GameRecord* out, std::string* error) {
    const std::optional<GameResult> decided = result_of(game.result);
    if (!decided) {
        *error = "no result";
        return false;
    }
    if (game.truncated) {
        *error = "longer than " + std::to_string(PGN_MAX_PLIES) + " plies";
        return false;
    }
    if (const auto v = game.tags.find("Variant");
        v != game.tags.end() && v->second != "Standard" && v->second != "standard") {
        *error = "variant " + v->second;
        return false;
    }
    const auto fen = game.tags.find("FEN");
    Position pos;
    std::string fenError;
    if (!pos.set_fen(fen == game.tags.end() ? Position::START_FEN : fen->second, false,
                     &fenError)) {
        *error = "FEN: " + fenError;
        return false;
    }
    GameRecord record;
    record.start = pack(pos, 0, *decided);
    // A FEN the record cannot hold as given (a move counter beyond its bytes, an odd
    // castling right) would replay as another position, where the moves may not be legal.
    Position stored;
    if (!unpack_position(record.start, &stored) || stored.fen() != pos.fen()) {
        *error = "FEN: the record cannot hold " + pos.fen();
        return false;
    }
    record.result = *decided;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Move m = parse_san(pos, game.moves[i]);
        if (!m) {
            *error = "move " + std::to_string(i + 1) + " '" + game.moves[i] + "' is not legal";
            return false;
        }
        const std::optional<int> score = pgn_comment_score(game.comments[i]);
        record.moves.push_back(m);
        record.scores.push_back(!score                        ? GAME_NO_SCORE
                                : pos.side_to_move() == WHITE ? std::int16_t(*score)
                                                              : std::int16_t(-*score));
        pos.make_move(m);
    }
    *out = std::move(record);
    return true;
}

bool import_pgn(const std::vector<std::string>& pgnFiles, const std::string& out,
                const GameFileHeader& header, PgnImportSummary* summary, std::string* error) {
    *summary = PgnImportSummary{};
    GameWriter writer(std::uint64_t(1) << 20); // a whole-file rewrite's frame size
    if (!writer.open(out, header, error)) return false;
    for (const std::string& path : pgnFiles) {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            *error = "cannot read " + path;
            return false;
        }
        PgnGame game;
        while (read_pgn_game(in, &game)) {
            ++summary->games;
            GameRecord record;
            std::string why;
            if (!pgn_game_record(game, &record, &why) || !writer.add(record, &why)) {
                if (summary->firstSkip.empty())
                    summary->firstSkip =
                        path + ", game " + std::to_string(summary->games) + ": " + why;
                continue;
            }
            ++summary->imported;
            summary->plies += record.moves.size();
            summary->unscored += std::uint64_t(
                std::count(record.scores.begin(), record.scores.end(), GAME_NO_SCORE));
        }
    }
    return writer.close(error);
}

} // namespace flotilla::tools
