// Checkers positions from text: a move list from the start ("11-15,24-19"
// or "11-15 24-19")
// or a PDN FEN ("B:W21,22,K30:B1-12"), with every error located.
#include <bit>
#include <cctype>

#include "games/checkers/checkers.hpp"
#include "support/text.hpp"

namespace evalsynth::checkers {
namespace {

TextLocation shifted(const TextLocation& where, std::size_t column) {
  TextLocation l = where;
  l.column += static_cast<int>(column);
  return l;
}

// One side's field of a FEN after its colour letter: "K30,21-24,5".
void read_fen_squares(const Board& board, std::string_view text, std::size_t offset, Side side, Position& p,
                      const TextLocation& where) {
  std::size_t i = 0;
  const int squares = board.squares();
  auto number = [&](std::size_t& at) {
    const std::size_t start = at;
    int n = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && n <= squares)
      n = n * 10 + (text[at++] - '0');
    if (at == start || n < 1 || n > squares || (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))))
      throw InputError(shifted(where, offset + start),
                       "a square number from 1 to " + std::to_string(squares) + " was expected");
    return n - 1;
  };
  while (i < text.size()) {
    const std::size_t start = i;
    const bool king = text[i] == 'K' || text[i] == 'k';
    if (king) ++i;
    const int first = number(i);
    int last = first;
    if (i < text.size() && text[i] == '-') {
      ++i;
      last = number(i);
      if (last < first) throw InputError(shifted(where, offset + start), "a range of squares runs upwards: 1-12");
    }
    for (int square = first; square <= last; ++square) {
      const int bit = board.bit_of(square);
      const std::uint64_t b = std::uint64_t{1} << bit;
      if (p.occupied() & b)
        throw InputError(shifted(where, offset + start), "square " + std::to_string(square + 1) + " is listed twice");
      const bool crowning = board.row_of_bit(bit) == (side == Side::X ? board.size() - 1 : 0);
      if (crowning && !king)
        throw InputError(shifted(where, offset + start), "a man on square " + std::to_string(square + 1) +
                                                             " would stand on its crowning row: write it as a king (K" +
                                                             std::to_string(square + 1) + ")");
      (side == Side::X ? p.x : p.o) |= b;
      if (king) p.kings |= b;
    }
    if (i < text.size()) {
      if (text[i] != ',') throw InputError(shifted(where, offset + i), "squares are separated by commas: W21,22,K30");
      ++i;
      if (i == text.size()) throw InputError(shifted(where, offset + i), "a square was expected after the comma");
    }
  }
}

Position read_fen(const Board& board, std::string_view text, const TextLocation& where) {
  Position p;
  const char turn = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  p.plies = turn == 'W' ? 1 : 0;  // X is Black; the plies before are unknown
  bool seen[2] = {false, false};
  std::size_t i = 2;
  while (i <= text.size()) {
    const std::size_t colon = std::min(text.find(':', i), text.size());
    std::string_view field = text.substr(i, colon - i);
    if (!field.empty() && field.back() == '.') field.remove_suffix(1);  // PDN may end with a full stop
    const char colour = field.empty() ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(field[0])));
    if (colour != 'B' && colour != 'W')
      throw InputError(shifted(where, i), "a FEN field starts with W or B (the side), then its squares: " +
                                              in_quotes("B:W21,22,K30:B1-12"));
    const int index = colour == 'B' ? 0 : 1;
    if (seen[index]) throw InputError(shifted(where, i), std::string("the pieces of ") + colour + " are listed twice");
    seen[index] = true;
    read_fen_squares(board, field.substr(1), i + 1, colour == 'B' ? Side::X : Side::O, p, where);
    if (colon == text.size()) break;
    i = colon + 1;
  }
  if (!seen[0] || !seen[1]) throw InputError(where, "a FEN lists both sides: B:W21,22,K30:B1-12");
  return p;
}

}  // namespace

Position Game::parse_position(std::string_view text, const TextLocation& where) const {
  std::size_t lead = 0;
  while (lead < text.size() && std::isspace(static_cast<unsigned char>(text[lead]))) ++lead;
  text.remove_prefix(lead);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  const TextLocation start = shifted(where, lead);
  if (text.size() >= 2 && text[1] == ':' && std::string_view("BWbw").find(text[0]) != std::string_view::npos)
    return read_fen(*board_, text, start);
  Position p = this->start();
  const auto separator = [](char c) { return c == ',' || std::isspace(static_cast<unsigned char>(c)); };
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = i;
    while (end < text.size() && !separator(text[end])) ++end;
    if (end == i) throw InputError(shifted(start, i), "a move was expected between the commas");
    const TextLocation at = shifted(start, i);
    std::string_view word = text.substr(i, end - i);
    // Move numbers as PDN writes them ("1. 11-15 23-19 2. 8-11") are skipped.
    if (!(word.size() >= 2 && word.back() == '.' && word.find_first_not_of("0123456789") == word.size() - 1)) {
      if (status(p) != Status::Ongoing) throw InputError(at, "a move after the game has ended");
      p = play(p, parse_move(p, word, at));
    }
    i = end;
    if (i < text.size() && text[i] == ',') {
      if (++i == text.size()) throw InputError(shifted(start, i), "a move was expected after the comma");
      continue;
    }
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  }
  return p;
}

}  // namespace evalsynth::checkers
