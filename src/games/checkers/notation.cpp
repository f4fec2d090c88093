// Checkers' text: moves in the numbered squares, positions as move lists or
// PDN FEN, the board for people, and keys.
#include <algorithm>
#include <bit>
#include <cctype>
#include <vector>

#include "games/checkers/checkers.hpp"
#include "support/text.hpp"

namespace evalsynth::checkers {
namespace {

std::uint64_t mix(std::uint64_t v) {
  v += 0x9E3779B97F4A7C15ULL;
  v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9ULL;
  v = (v ^ (v >> 27)) * 0x94D049BB133111EBULL;
  return v ^ (v >> 31);
}

// The landing squares (bits) of a jump move, from its start: a sequence of
// single jumps over exactly the move's captured pieces.
bool jump_path(const MoveGenerator& g, const Position& p, const Move& m, int at, std::uint64_t left,
               std::uint64_t empty, bool king, std::vector<int>& path) {
  if (!left) return at == m.to;
  const Side s = p.side_to_move();
  for (int d = 0; d < 4; ++d) {
    if (!king && !MoveGenerator::forward(d, s)) continue;
    const std::uint64_t over = g.step(d, std::uint64_t{1} << at) & left;
    const std::uint64_t land = over ? g.step(d, over) & empty : 0;
    if (!land) continue;
    path.push_back(std::countr_zero(land));
    if (jump_path(g, p, m, std::countr_zero(land), left & ~over, empty, king, path)) return true;
    path.pop_back();
  }
  return false;
}

struct Written {
  std::vector<int> squares;  // 0-based square numbers
  std::vector<int> columns;  // where each starts in the text
  char separator = 0;        // '-' or 'x'
};

Written read_move(std::string_view text, int squares, const TextLocation& where) {
  Written w;
  std::size_t i = 0;
  auto at = [&](std::size_t column) {
    TextLocation l = where;
    l.column += static_cast<int>(column);
    return l;
  };
  const std::string form = " (moves are numbered squares: 11-15, or 15x24 for a jump)";
  while (true) {
    if (i >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i])))
      throw InputError(at(i), "a square number was expected in " + in_quotes(text) + form);
    const std::size_t start = i;
    int n = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && n <= squares)
      n = n * 10 + (text[i++] - '0');
    if (n < 1 || n > squares || (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))))
      throw InputError(at(start), "the squares are numbered 1 to " + std::to_string(squares) + ", not " +
                                      in_quotes(text.substr(start, std::min(text.size(), start + 6) - start)));
    w.squares.push_back(n - 1);
    w.columns.push_back(static_cast<int>(start));
    if (i == text.size()) break;
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    if ((c != '-' && c != 'x') || (w.separator && c != w.separator))
      throw InputError(at(i), "unexpected " + in_quotes(text.substr(i, 1)) + " in the move " + in_quotes(text) + form);
    w.separator = c;
    ++i;
  }
  if (w.squares.size() < 2) throw InputError(where, "a move names two squares or more: " + in_quotes(text) + form);
  if (w.separator == '-' && w.squares.size() != 2)
    throw InputError(where, "a step names two squares (11-15); a jump sequence is written with x (15x24x31)");
  return w;
}

}  // namespace

std::uint64_t Game::key(const Position& p) const {
  return mix(p.x) ^ mix(p.o ^ 0x5555555555555555ULL) * 3 ^ mix(p.kings + 0x1234567ULL) * 5 ^
         mix(static_cast<std::uint64_t>(p.quiet) << 1 | (p.plies & 1));
}

std::string Game::move_text(const Position& p, const Move& m) const {
  const auto number = [&](int bit) { return std::to_string(board_->square_of(bit) + 1); };
  if (!m.captured) return number(m.from) + "-" + number(m.to);
  std::vector<int> path;
  const std::uint64_t from = std::uint64_t{1} << m.from;
  const std::uint64_t empty = (board_->mask() & ~p.occupied()) | from;
  const bool found = jump_path(moves_, p, m, m.from, m.captured, empty, p.kings & from, path);
  assert(found);
  std::string text = number(m.from);
  if (!found) return text.append("x").append(number(m.to));
  for (int bit : path) text.append("x").append(number(bit));
  return text;
}

Move Game::parse_move(const Position& p, std::string_view text, const TextLocation& where) const {
  if (status(p) != Status::Ongoing) throw InputError(where, "the game is over: no more moves");
  const Written w = read_move(text, board_->squares(), where);
  Moves legal;
  legal_moves(p, legal);
  const bool jumps_due = legal[0].captured != 0;
  const int from = board_->bit_of(w.squares.front()), to = board_->bit_of(w.squares.back());
  const std::string side = p.side_to_move() == Side::X ? "X" : "O";
  std::string options;
  for (const Move& m : legal) options += (options.empty() ? "" : ", ") + move_text(p, m);
  if (!(p.of(p.side_to_move()) >> from & 1))
    throw InputError(where, "square " + std::to_string(w.squares.front() + 1) + " holds no piece of " + side +
                                "'s, the side to move (its moves: " + options + ")");
  if (w.separator == '-') {
    if (jumps_due) throw InputError(where, "a jump must be taken when there is one: " + options);
    for (const Move& m : legal)
      if (m.from == from && m.to == to) return m;
    throw InputError(where, in_quotes(text) + " is not a legal move here (" + side + "'s moves: " + options + ")");
  }
  if (!jumps_due) throw InputError(where, "there is nothing to jump here (" + side + "'s moves: " + options + ")");
  // The pieces jumped, when every landing square is written.
  std::uint64_t jumped = 0;
  bool complete = w.squares.size() > 2;
  for (std::size_t i = 0; complete && i + 1 < w.squares.size(); ++i) {
    const int a = board_->bit_of(w.squares[i]), b = board_->bit_of(w.squares[i + 1]);
    const int dr = board_->row_of_bit(b) - board_->row_of_bit(a),
              dc = board_->column_of_bit(b) - board_->column_of_bit(a);
    const int middle = board_->bit_at(board_->row_of_bit(a) + dr / 2, board_->column_of_bit(a) + dc / 2);
    if (std::abs(dr) != 2 || std::abs(dc) != 2 || middle < 0) {
      TextLocation l = where;
      l.column += w.columns[i];
      throw InputError(l, "from " + std::to_string(w.squares[i] + 1) + " to " + std::to_string(w.squares[i + 1] + 1) +
                              " is not one jump (" + side + "'s jumps: " + options + ")");
    }
    jumped |= std::uint64_t{1} << middle;
  }
  std::vector<Move> matching;
  for (const Move& m : legal)
    if (m.from == from && m.to == to && (!complete || m.captured == jumped)) matching.push_back(m);
  if (matching.size() == 1) return matching.front();
  if (matching.empty())
    throw InputError(where, in_quotes(text) + " is not a legal jump here (" + side + "'s jumps: " + options + ")");
  std::string which;
  for (const Move& m : matching) which += (which.empty() ? "" : " or ") + move_text(p, m);
  throw InputError(where, in_quotes(text) + " could be more than one jump sequence: write " + which);
}

std::string Game::fen(const Position& p) const {
  std::string text = p.side_to_move() == Side::X ? "B" : "W";
  for (const Side s : {Side::O, Side::X}) {
    text += s == Side::X ? ":B" : ":W";
    bool first = true;
    for (int square = 0; square < board_->squares(); ++square) {
      const int bit = board_->bit_of(square);
      if (!(p.of(s) >> bit & 1)) continue;
      text += first ? "" : ",";
      text += (p.kings >> bit & 1) ? "K" : "";
      text += std::to_string(square + 1);
      first = false;
    }
  }
  return text;
}

std::string Game::board_text(const Position& p) const {
  std::string text;
  const int n = board_->size();
  for (int row = 0; row < n; ++row) {
    std::string numbers;
    for (int column = 0; column < n; ++column) {
      const int bit = board_->bit_at(row, column);
      if (bit < 0) {
        text += "  ";
        continue;
      }
      const bool king = p.kings >> bit & 1;
      text += (p.x >> bit & 1) ? (king ? " X" : " x") : (p.o >> bit & 1) ? (king ? " O" : " o") : " .";
      const std::string number = std::to_string(board_->square_of(bit) + 1);
      numbers += std::string(3 - number.size(), ' ') + number;
    }
    text += "   " + numbers + "\n";
  }
  return text;
}

}  // namespace evalsynth::checkers
