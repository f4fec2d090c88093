#include "games/connect4/notation.hpp"

#include <array>
#include <cctype>
#include <vector>

namespace evalsynth::connect4 {
namespace {

std::string describe_char(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  return "byte " + std::to_string(static_cast<unsigned char>(c));
}

// Tracks line and column while walking a text, for error locations.
class Cursor {
 public:
  Cursor(std::string_view text, const TextLocation& origin) : text_(text), origin_(origin) {}

  bool done() const { return index_ >= text_.size(); }
  char peek() const { return text_[index_]; }
  std::size_t index() const { return index_; }
  void advance() {
    if (text_[index_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++index_;
  }
  TextLocation here() const { return at(line_, column_); }
  TextLocation at(int line, int column) const {
    TextLocation w = origin_;
    if (line == 0) {
      w.column += column - 1;
    } else {
      w.line += line;
      w.column = column;
    }
    return w;
  }
  [[noreturn]] void fail(const std::string& message) const {
    std::size_t begin = index_;
    while (begin > 0 && text_[begin - 1] != '\n') --begin;
    std::size_t end = index_;
    while (end < text_.size() && text_[end] != '\n') ++end;
    throw InputError(here(), message, std::string(text_.substr(begin, end - begin)), static_cast<int>(index_ - begin));
  }

 private:
  std::string_view text_;
  TextLocation origin_;
  std::size_t index_ = 0;
  int line_ = 0;  // lines after the origin's line
  int column_ = 1;
};

// Cell contents read from a grid, row 0 = bottom.
using Cells = std::array<std::array<int, kColumns>, kRows>;

struct CellLocations {
  std::array<std::array<TextLocation, kColumns>, kRows> where;
};

Position validated(const Cells& cells, const TextLocation& whole, const CellLocations* locations) {
  std::uint64_t x = 0, o = 0;
  for (int col = 0; col < kColumns; ++col) {
    bool gap_below = false;
    for (int row = 0; row < kRows; ++row) {
      const int v = cells[row][col];
      if (v == 0) {
        gap_below = true;
        continue;
      }
      if (gap_below) {
        const TextLocation w = locations ? locations->where[row][col] : whole;
        throw InputError(w, "floating stone in column " + std::to_string(col + 1) + ", row " + std::to_string(row + 1) +
                                " (counted from the bottom): the cell below it is empty");
      }
      (v > 0 ? x : o) |= bits::cell(row, col);
    }
  }
  const int xs = std::popcount(x), os = std::popcount(o);
  if (xs != os && xs != os + 1) {
    throw InputError(whole, "impossible stone counts: X has " + std::to_string(xs) + " and O has " +
                                std::to_string(os) +
                                " (X moves first, so X must have as many stones as O or one more)");
  }
  const bool x_won = bits::has_four(x), o_won = bits::has_four(o);
  if (x_won && o_won)
    throw InputError(whole, "both X and O have four in a row: the game would have ended at the first");
  if (x_won && xs != os + 1)
    throw InputError(whole, "X has four in a row but O has moved since: the game would have ended");
  if (o_won && xs != os)
    throw InputError(whole, "O has four in a row but X has moved since: the game would have ended");
  return Position::from_stones(x, o);
}

}  // namespace

Position parse_moves(std::string_view text, const TextLocation& origin) {
  Cursor cursor(text, origin);
  Position p;
  while (!cursor.done() && std::isspace(static_cast<unsigned char>(cursor.peek()))) cursor.advance();
  int move_number = 0;
  while (!cursor.done()) {
    const char c = cursor.peek();
    if (std::isspace(static_cast<unsigned char>(c))) break;
    ++move_number;
    if (c < '1' || c > '7')
      cursor.fail("bad character " + describe_char(c) + " in move string: columns are digits 1 to 7");
    const int col = c - '1';
    if (p.is_game_over()) {
      cursor.fail(
          "move " + std::to_string(move_number) + " (column " + std::string(1, c) + ") comes after the game ended (" +
          (p.is_full() ? std::string("board full") : std::string(p.side_to_move() == Side::O ? "X" : "O") + " won") +
          ")");
    }
    if (!p.can_play(col))
      cursor.fail("move " + std::to_string(move_number) + ": column " + std::string(1, c) + " is full");
    p = p.played(col);
    cursor.advance();
  }
  while (!cursor.done() && std::isspace(static_cast<unsigned char>(cursor.peek()))) cursor.advance();
  if (!cursor.done()) cursor.fail("unexpected text after the move string");
  return p;
}

Position parse_grid(std::string_view text, const TextLocation& origin) {
  Cursor cursor(text, origin);
  Cells cells{};
  CellLocations locations;
  int rows_read = 0;  // counted from the top
  while (!cursor.done()) {
    // Read one line into cells, or skip it if it is blank or the footer.
    std::vector<std::pair<int, TextLocation>> line_cells;
    bool footer = true, any_digit = false;
    const Cursor line_start = cursor;
    while (!cursor.done() && cursor.peek() != '\n') {
      const char c = cursor.peek();
      if (c == ' ' || c == '\t' || c == '|' || c == '\r') {
        cursor.advance();
        continue;
      }
      int v;
      if (c == 'X' || c == 'x')
        v = 1;
      else if (c == 'O' || c == 'o')
        v = -1;
      else if (c == '.' || c == '-' || c == '_')
        v = 0;
      else if (c >= '1' && c <= '7') {
        any_digit = true;
        cursor.advance();
        continue;
      } else {
        cursor.fail("bad character " + describe_char(c) + " in grid: cells are X, O or . (also x, o, -, _)");
      }
      footer = false;
      line_cells.emplace_back(v, cursor.here());
      cursor.advance();
    }
    if (!footer && any_digit) {
      Cursor c2 = line_start;
      while (!(c2.peek() >= '1' && c2.peek() <= '7')) c2.advance();
      c2.fail("digit in a grid row: cells are X, O or .");
    }
    if (!line_cells.empty()) {
      if (rows_read == kRows) cursor.fail("grid has more than 6 rows");
      if (line_cells.size() != kColumns) {
        cursor.fail("grid row " + std::to_string(rows_read + 1) + " (from the top) has " +
                    std::to_string(line_cells.size()) + " cells, expected 7");
      }
      const int row = kRows - 1 - rows_read;
      for (int col = 0; col < kColumns; ++col) {
        cells[row][col] = line_cells[col].first;
        locations.where[row][col] = line_cells[col].second;
      }
      ++rows_read;
    }
    if (!cursor.done()) cursor.advance();  // the newline
  }
  if (rows_read != kRows) {
    throw InputError(cursor.here(), "grid has " + std::to_string(rows_read) + " rows, expected 6 (top row first)");
  }
  return validated(cells, origin, &locations);
}

Position parse_stenmark_list(std::string_view text, const TextLocation& origin) {
  Cursor cursor(text, origin);
  Cells cells{};
  CellLocations locations;
  auto skip_space = [&] {
    while (!cursor.done() && std::isspace(static_cast<unsigned char>(cursor.peek()))) cursor.advance();
  };
  auto expect = [&](char wanted, const std::string& what) {
    skip_space();
    if (cursor.done()) cursor.fail("unexpected end of list: expected " + what);
    if (cursor.peek() != wanted) cursor.fail("expected " + what + ", found " + describe_char(cursor.peek()));
    cursor.advance();
  };
  expect('[', "'[' opening the list of 6 rows");
  for (int row = 0; row < kRows; ++row) {
    if (row > 0) expect(',', "',' between rows (the list has 6 rows of 7 cells, bottom row first)");
    expect('[', "'[' opening row " + std::to_string(row + 1));
    for (int col = 0; col < kColumns; ++col) {
      if (col > 0) {
        skip_space();
        if (!cursor.done() && cursor.peek() == ']')
          cursor.fail("row " + std::to_string(row + 1) + " has " + std::to_string(col) + " cells, expected 7");
        expect(',', "',' between cells");
      }
      skip_space();
      if (cursor.done()) cursor.fail("unexpected end of list: expected a cell (1, 0 or -1)");
      locations.where[row][col] = cursor.here();
      int sign = 1;
      if (cursor.peek() == '-' || cursor.peek() == '~') {
        sign = -1;
        cursor.advance();
      }
      if (cursor.done() || !(cursor.peek() == '0' || cursor.peek() == '1'))
        cursor.fail("expected a cell: 1 (X), -1 or ~1 (O), 0 (empty)");
      const int v = sign * (cursor.peek() - '0');
      if (sign < 0 && v == 0) cursor.fail("expected a cell: 1 (X), -1 or ~1 (O), 0 (empty)");
      cells[row][col] = v;
      cursor.advance();
    }
    skip_space();
    if (!cursor.done() && cursor.peek() == ',')
      cursor.fail("row " + std::to_string(row + 1) + " has more than 7 cells");
    expect(']', "']' closing row " + std::to_string(row + 1));
  }
  skip_space();
  if (!cursor.done() && cursor.peek() == ',') cursor.fail("the list has more than 6 rows");
  expect(']', "']' closing the list of rows");
  skip_space();
  if (!cursor.done()) cursor.fail("unexpected text after the list");
  return validated(cells, origin, &locations);
}

Position parse_position(std::string_view text, const TextLocation& origin) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return Position{};
  if (text[first] == '[') return parse_stenmark_list(text, origin);
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  if (text.substr(first, last - first + 1).find('\n') != std::string_view::npos) return parse_grid(text, origin);
  return parse_moves(text, origin);
}

std::string to_ascii(const Position& p) {
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    for (int col = 0; col < kColumns; ++col) {
      const int v = p.square(row, col);
      out += v > 0 ? 'X' : v < 0 ? 'O' : '.';
      out += col + 1 < kColumns ? ' ' : '\n';
    }
  }
  out += "1 2 3 4 5 6 7\n";
  return out;
}

std::string mirrored_moves(const std::string& moves) {
  std::string out = moves;
  for (char& c : out) c = static_cast<char>('1' + '7' - c);
  return out;
}

std::string terminal_board(const Position& p, int last_column, bool colour) {
  const std::string plain = to_ascii(p);
  if (!colour) return plain;
  std::string out;
  const int last_row = last_column >= 0 ? p.height(last_column) - 1 : -1;
  int row = kRows - 1, col = 0;
  for (const char c : plain) {
    if (c == '\n') {
      --row;
      col = 0;
      out += c;
      continue;
    }
    if (row >= 0 && (c == 'X' || c == 'O')) {
      const bool last = row == last_row && col == last_column;
      out += std::string("\033[") + (last ? "1;" : "") + (c == 'X' ? "31m" : "33m") + c + "\033[0m";
    } else {
      out += c;
    }
    if (c != ' ') ++col;
  }
  return out;
}

}  // namespace evalsynth::connect4
