#include "games/othello/othello.hpp"

#include <array>

namespace evalsynth::othello {

Game::Game(int size) : n_(size), g_(&grid::grid_geometry(size, size, size)) {
  board_ = g_->board();
  std::uint64_t first = 0, last = 0;
  for (int row = 0; row < n_; ++row) {
    first |= g_->cell(row, 0);
    last |= g_->cell(row, n_ - 1);
  }
  not_first_column_ = board_ & ~first;
  not_last_column_ = board_ & ~last;
  const int low = n_ / 2 - 1, high = n_ / 2;  // d and e, 4 and 5 on 8 x 8
  start_.o = g_->cell(low, low) | g_->cell(high, high);
  start_.x = g_->cell(low, high) | g_->cell(high, low);
}

Game::Move Game::parse_move(const Position& p, std::string_view text, const TextLocation& where) const {
  if (status(p) != Status::Ongoing) throw InputError(where, "a move after the game has ended");
  const std::uint64_t moves = moves_of(own(p), other(p));
  if (text == "pass") {
    if (moves)
      throw InputError(
          where, "a side may pass only when it has no move, and " + move_text(p, std::countr_zero(moves)) + " is one");
    return kPass;
  }
  const int cell = g_->parse_cell(text, where);
  if (!moves) throw InputError(where, "the side to move has no move here and must pass, not play " + std::string(text));
  if ((p.x | p.o) >> cell & 1) throw InputError(where, "cell " + g_->cell_name(cell) + " is taken");
  if (!(moves >> cell & 1))
    throw InputError(where, "a disc on " + g_->cell_name(cell) + " brackets none of the other side's discs");
  return cell;
}

Position Game::parse_position(std::string_view text, const TextLocation& where) const {
  Position p = start();
  std::size_t i = 0;
  while (i < text.size()) {
    // A move is `pass` or a column letter and its row's digits.
    std::size_t end = i + 1;
    if (text.substr(i, 4) == "pass")
      end = i + 4;
    else
      while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    TextLocation at = where;
    at.column += static_cast<int>(i);
    p = play(p, parse_move(p, text.substr(i, end - i), at));
    i = end;
  }
  return p;
}

std::string Game::board_text(const Position& p) const {
  std::string out;
  for (int r = 0; r < n_; ++r) {
    out += std::to_string(r + 1);
    for (int c = 0; c < n_; ++c) {
      const std::uint64_t bit = g_->cell(r, c);
      out += (p.x & bit) ? " X" : (p.o & bit) ? " O" : " .";
    }
    out += '\n';
  }
  out += ' ';
  for (int c = 0; c < n_; ++c) out += std::string(" ") + static_cast<char>('a' + c);
  return out + '\n';
}

}  // namespace evalsynth::othello
