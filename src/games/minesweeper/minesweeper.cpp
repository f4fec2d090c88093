#include "games/minesweeper/minesweeper.hpp"

#include <bit>
#include <cassert>

#include "support/error.hpp"

namespace evalsynth::minesweeper {

bool is_game_name(const std::string& name) {
  for (int size = 3; size <= 5; ++size)
    for (int mines = 1; mines < size * size; ++mines)
      if (name == Game(size, mines).name()) return true;
  return false;
}

Game::Game(int size, int mines) : size_(size), mines_(mines) {
  if (size < 3 || size > 5) throw UsageError("minesweeper boards are 3 x 3 to 5 x 5, not " + std::to_string(size));
  if (mines < 1 || mines >= size * size)
    throw UsageError("minesweeper(" + std::to_string(size) + ", M) takes 1 to " + std::to_string(size * size - 1) +
                     " mines, not " + std::to_string(mines));
  all_ = (std::uint32_t{1} << cells()) - 1;
  for (int c = 0; c < cells(); ++c) {
    const int r = c / size_, col = c % size_;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int nr = r + dr, nc = col + dc;
        if ((dr || dc) && nr >= 0 && nr < size_ && nc >= 0 && nc < size_)
          neighbours_[static_cast<std::size_t>(c)] |= std::uint32_t{1} << (nr * size_ + nc);
      }
  }
}

Position Game::deal(Rng& rng) const {
  Position p;
  for (int placed = 0; placed < mines_;) {
    const int cell = rng.below(cells());
    if (p.mines >> cell & 1) continue;
    p.mines |= std::uint32_t{1} << cell;
    ++placed;
  }
  return p;
}

void Game::legal_moves(const Position& p, MoveList<Move, kMaxMoves>& moves) const {
  moves.clear();
  for (std::uint32_t free = all_ & ~p.clicked; free; free &= free - 1) moves.push_back(std::countr_zero(free));
}

int Game::around(std::uint32_t mines, int cell) const { return std::popcount(mines & neighbours(cell)); }

Position Game::play(const Position& p, Move cell) const {
  assert(status(p) == Status::Ongoing && !(p.clicked >> cell & 1));
  Position next = p;
  const std::uint32_t bit = std::uint32_t{1} << cell;
  next.clicked |= bit;
  if (p.mines & bit) {
    next.exploded = true;
    return next;
  }
  // The cascade: a 0 clicks its neighbours, which cannot be mines.
  std::uint32_t to_open = around(p.mines, cell) == 0 ? neighbours(cell) & ~next.clicked : 0;
  while (to_open) {
    const int c = std::countr_zero(to_open);
    to_open &= to_open - 1;
    next.clicked |= std::uint32_t{1} << c;
    if (around(p.mines, c) == 0) to_open |= neighbours(c) & ~next.clicked;
  }
  return next;
}

Status Game::status(const Position& p) const {
  if (p.exploded) return Status::OWon;
  return (p.clicked | p.mines) == all_ ? Status::XWon : Status::Ongoing;
}

CellBoard Game::cell_board() const {
  CellBoard board;
  board.cells = cells();
  board.states = kUnclicked + 1;
  std::vector<std::uint8_t> identity;
  for (int c = 0; c < cells(); ++c) identity.push_back(static_cast<std::uint8_t>(c));
  board.symmetries = {identity};
  for (int c = 0; c < cells(); ++c) {
    std::vector<std::uint8_t> around_cell;
    for (std::uint32_t n = neighbours(c); n; n &= n - 1)
      around_cell.push_back(static_cast<std::uint8_t>(std::countr_zero(n)));
    board.neighbours.push_back(std::move(around_cell));
  }
  return board;
}

CellGrid Game::cell_grid() const {
  CellGrid grid{size_, size_, {}};
  for (int c = 0; c < cells(); ++c)
    grid.place.emplace_back(static_cast<std::uint8_t>(c / size_), static_cast<std::uint8_t>(c % size_));
  return grid;
}

int Game::cell_state(const Position& p, int cell) const {
  // A clicked mine ends the game; what the player saw is the board before.
  if (!(p.clicked >> cell & 1) || (p.mines >> cell & 1)) return kUnclicked;
  return around(p.mines, cell);
}

std::string Game::board_text(const Position& p) const {
  std::string text;
  for (int r = 0; r < size_; ++r) {
    for (int c = 0; c < size_; ++c) {
      const int cell = r * size_ + c;
      const bool clicked = p.clicked >> cell & 1;
      text += !clicked ? '.' : (p.mines >> cell & 1) ? '*' : static_cast<char>('0' + around(p.mines, cell));
    }
    text += '\n';
  }
  return text;
}

}  // namespace evalsynth::minesweeper
