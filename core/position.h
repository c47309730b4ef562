// The board: pieces, side to move, castling, en passant, counters and the
// game history needed for repetitions. Knows nothing of search.
#pragma once

#include "core/attacks.h"
#include "core/types.h"

#include <string>
#include <vector>

namespace flotilla {

// Everything make_move changes that unmake_move cannot recompute cheaply.
struct StateInfo {
    Key key = 0;
    Bitboard checkers = 0;
    Square epSquare = SQ_NONE;
    std::uint8_t castlingRights = NO_CASTLING;
    Piece captured = NO_PIECE;
    Move move = Move::none();
    int rule50 = 0;
    int pliesFromNull = 0;
    // gives_check's per-node facts, computed on its first call at this node: the
    // squares from which each piece type would check the enemy king, and our pieces
    // whose leaving a line uncovers a check by our slider.
    mutable bool checkInfoReady = false;
    mutable Bitboard discoverers = 0;
    mutable Bitboard checkSquares[PIECE_TYPE_NB] = {};
    // slider_blockers of both kings and their pinners, computed on first use at this
    // node (SEE asks for them once per capture it values).
    mutable bool pinInfoReady = false;
    mutable Bitboard blockersForKing[COLOR_NB] = {};
    mutable Bitboard pinnersOf[COLOR_NB] = {}; // pinners[c]: enemy sliders pinning to king c
};

class Position {
  public:
    static constexpr const char* START_FEN =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    Position();

    // Parses FEN (standard, X-FEN or Shredder-FEN castling). On error returns false,
    // sets *error to a message naming what is wrong, and leaves the position unchanged.
    bool set_fen(const std::string& fen, bool chess960, std::string* error = nullptr);
    std::string fen() const;

    // Moves must be legal; the caller generates or validates them first.
    void make_move(Move m);
    void unmake_move(Move m);
    void make_null_move();
    void unmake_null_move();
    // The key make_move(m) or make_null_move() would give, without making the move: the
    // search prefetches the child's table entry before it changes the board, so that the
    // memory load overlaps the work of making the move.
    Key key_after(Move m) const;
    Key key_after_null() const;

    // Safe on any 16-bit value: true when m is a move the generator could produce
    // for the side to move, ignoring only whether it leaves the king in check.
    bool is_pseudo_legal(Move m) const;
    // For a pseudo-legal move: true when it does not leave the own king in check.
    bool is_legal(Move m) const;
    bool gives_check(Move m) const;

    // Move text in UCI notation; castling as king-takes-rook in Chess960 mode.
    std::string move_to_uci(Move m) const;
    // Parses UCI notation against the legal moves; Move::none() when not legal.
    Move parse_uci_move(const std::string& text) const;

    // Board queries.
    Piece piece_on(Square s) const { return board[s]; }
    bool empty(Square s) const { return board[s] == NO_PIECE; }
    Bitboard pieces() const { return byColor[WHITE] | byColor[BLACK]; }
    Bitboard pieces(Color c) const { return byColor[c]; }
    Bitboard pieces(PieceType pt) const { return byType[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return byType[a] | byType[b]; }
    Bitboard pieces(Color c, PieceType pt) const { return byColor[c] & byType[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const {
        return byColor[c] & (byType[a] | byType[b]);
    }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }
    int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }

    Color side_to_move() const { return sideToMove; }
    Square ep_square() const { return st().epSquare; }
    int castling_rights() const { return st().castlingRights; }
    bool can_castle(CastlingRights cr) const { return st().castlingRights & cr; }
    Square castling_rook_square(CastlingRights cr) const {
        return castlingRookSquare[castling_index(cr)];
    }
    // Squares that must be empty for castling (other than king and rook themselves).
    Bitboard castling_path(CastlingRights cr) const { return castlingPath[castling_index(cr)]; }
    bool is_chess960() const { return chess960; }
    void set_chess960(bool on) { chess960 = on; }

    Key key() const { return st().key; }
    Bitboard checkers() const { return st().checkers; }
    bool in_check() const { return st().checkers != 0; }
    Piece captured_piece() const { return st().captured; }
    Move last_move() const { return st().move; }
    int rule50_count() const { return st().rule50; }
    int game_ply() const { return gamePly; }
    // Number of moves made since set_fen (the length of the repetition history).
    int history_length() const { return int(states.size()) - 1; }

    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    // Pieces of either colour that shield king c from an enemy slider; pinners of
    // colour ~c are returned through *pinners when given.
    Bitboard slider_blockers(Color kingColor, Bitboard* pinners = nullptr) const;
    // The same for the current position, computed once per node and then remembered.
    Bitboard king_blockers(Color kingColor) const {
        if (!st().pinInfoReady) compute_pin_info();
        return st().blockersForKing[kingColor];
    }
    Bitboard king_pinners(Color kingColor) const {
        if (!st().pinInfoReady) compute_pin_info();
        return st().pinnersOf[kingColor];
    }

    // Draw rules. is_repetition counts only positions since the last irreversible move:
    // one earlier occurrence strictly after the search root (searchPly plies back) is
    // enough, otherwise two are needed (a threefold repetition in the game).
    bool is_repetition(int searchPly = 0) const;
    // Whether any position since the last capture, pawn move or null move occurred
    // twice (the tablebase root probe must then win without delay).
    bool has_repeated() const;
    bool is_fifty_move_draw() const;
    bool has_insufficient_material() const;

    // Full recomputation of the hash key, to check the incremental one.
    Key compute_key() const;

    // Material not counting pawns and king, for both sides (null-move guards, eval).
    bool has_non_pawn_material(Color c) const { return pieces(c) & ~pieces(PAWN, KING); }

  private:
    // set_fen's fields, parsed into a blank position; false (and the error) on bad input.
    bool parse_placement(const std::string& field, std::string* error);
    bool check_material(std::string* error) const;
    bool parse_castling(const std::string& field, std::string* error);
    bool parse_en_passant(const std::string& field, std::string* error);
    struct Blank {};
    explicit Position(Blank) {}
    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void add_castling_right(Color c, Square rookSquare);
    Square castling_king_to(Color c, bool kingSide) const;
    void do_castling(Color us, Square kingFrom, Square rookFrom, bool apply);
    bool validate_castling(std::string* error) const;
    void compute_check_info() const;
    void compute_pin_info() const;
    bool gives_check_slow(Move m) const;
    const StateInfo& st() const { return states.back(); }
    StateInfo& st() { return states.back(); }

    Piece board[SQUARE_NB];
    Bitboard byType[PIECE_TYPE_NB];
    Bitboard byColor[COLOR_NB];
    Color sideToMove = WHITE;
    int gamePly = 0;
    bool chess960 = false;
    std::uint8_t castlingRightsMask[SQUARE_NB];
    Square castlingRookSquare[4];
    Bitboard castlingPath[4];
    Bitboard castlingKingPath[4];
    std::vector<StateInfo> states;
};

} // namespace flotilla
