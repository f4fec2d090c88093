#include "model/board_ntuple_net.hpp"

#include <algorithm>

#include "support/random.hpp"

namespace evalsynth::model {

BoardNTupleNet::BoardNTupleNet(std::string game, CellBoard board, std::vector<std::vector<std::uint8_t>> tuples,
                               bool per_side_tables)
    : game_(std::move(game)), board_(std::move(board)), sides_(per_side_tables ? 2 : 1), tuples_(std::move(tuples)) {
  assert(cell_board_problem(board_).empty());
  assert(!tuples_.empty() && tuples_.size() <= kMaxTuples);
  length_ = static_cast<int>(tuples_.front().size());
  assert(length_ >= 1 && length_ <= kMaxLength && length_ <= board_.cells);
  assert(weight_count(board_, tuples_.size(), length_, per_side_tables) <= kMaxWeights);
  symmetry_count_ = board_.symmetries.size();
  table_size_ = 1;
  for (int k = 0; k < length_; ++k) table_size_ *= static_cast<std::uint32_t>(board_.states);
  for (const auto& tuple : tuples_) {
    assert(tuple.size() == static_cast<std::size_t>(length_));
    for (const auto& image : board_.symmetries)
      for (const std::uint8_t cell : tuple) {
        assert(cell < board_.cells);
        instance_cells_.push_back(image[cell]);
      }
  }
  weights_.assign(tuples_.size() * static_cast<std::size_t>(sides_) * table_size_, 0.0F);
}

double BoardNTupleNet::weight_count(const CellBoard& board, std::size_t tuples, int length, bool per_side_tables) {
  double count = static_cast<double>(tuples) * (per_side_tables ? 2 : 1);
  for (int k = 0; k < length; ++k) count *= board.states;
  return count;
}

std::string cell_board_problem(const CellBoard& board) {
  if (board.cells < 1 || board.cells > CellBoard::kMaxCells)
    return std::to_string(board.cells) + " cells (1 to " + std::to_string(CellBoard::kMaxCells) + ")";
  if (board.states < 2 || board.states > CellBoard::kMaxStates)
    return std::to_string(board.states) + " cell states (2 to " + std::to_string(CellBoard::kMaxStates) + ")";
  if (board.symmetries.empty() || board.symmetries.size() > 8)
    return std::to_string(board.symmetries.size()) + " symmetries (1 to 8)";
  const auto cells = static_cast<std::size_t>(board.cells);
  for (std::size_t s = 0; s < board.symmetries.size(); ++s) {
    const auto& image = board.symmetries[s];
    std::vector<bool> hit(cells);
    if (image.size() != cells) return "a symmetry of " + std::to_string(image.size()) + " cells";
    for (std::size_t c = 0; c < cells; ++c) {
      if (image[c] >= cells || hit[image[c]]) return "a symmetry that is not a permutation of the cells";
      if (s == 0 && image[c] != c) return "the first symmetry is not the identity";
      hit[image[c]] = true;
    }
  }
  if (board.neighbours.size() != cells) return "neighbours for " + std::to_string(board.neighbours.size()) + " cells";
  for (const auto& around : board.neighbours)
    for (const std::uint8_t n : around)
      if (n >= cells) return "a neighbour off the board";
  return "";
}

std::vector<std::vector<std::uint8_t>> straight_tuples(const CellBoard& board, const CellGrid& grid, int length) {
  assert(length >= 1 && static_cast<int>(grid.place.size()) == board.cells);
  std::vector<int> cell_at(static_cast<std::size_t>(grid.rows * grid.columns), -1);
  for (int c = 0; c < board.cells; ++c) {
    const auto [row, column] = grid.place[static_cast<std::size_t>(c)];
    cell_at[static_cast<std::size_t>(row * grid.columns + column)] = c;
  }
  // A line's class: the least of its images' sorted cells.
  auto canonical = [&](const std::vector<std::uint8_t>& line) {
    std::vector<std::uint8_t> least;
    for (const auto& symmetry : board.symmetries) {
      std::vector<std::uint8_t> image;
      for (const std::uint8_t c : line) image.push_back(symmetry[c]);
      std::sort(image.begin(), image.end());
      if (least.empty() || image < least) least = image;
    }
    return least;
  };
  std::vector<std::vector<std::uint8_t>> tuples, classes;
  const int directions[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (const auto& [down, across] : directions)
    for (int row = 0; row < grid.rows; ++row)
      for (int column = 0; column < grid.columns; ++column) {
        std::vector<std::uint8_t> line;
        for (int k = 0; k < length; ++k) {
          const int r = row + k * down, c = column + k * across;
          if (r < 0 || r >= grid.rows || c < 0 || c >= grid.columns) break;
          const int cell = cell_at[static_cast<std::size_t>(r * grid.columns + c)];
          if (cell < 0) break;
          line.push_back(static_cast<std::uint8_t>(cell));
        }
        // A one-cell line is the same in every direction: the first only.
        if (static_cast<int>(line.size()) != length || (length == 1 && (down != 0 || across != 1))) continue;
        auto key = canonical(line);
        if (std::find(classes.begin(), classes.end(), key) != classes.end()) continue;
        classes.push_back(std::move(key));
        tuples.push_back(std::move(line));
      }
  return tuples;
}

std::vector<std::vector<std::uint8_t>> random_walk_tuples(const CellBoard& board, int count, int length,
                                                          std::uint64_t seed) {
  assert(length >= 1 && length <= board.cells);
  Rng rng(seed);
  std::vector<std::vector<std::uint8_t>> tuples;
  while (static_cast<int>(tuples.size()) < count) {
    std::vector<std::uint8_t> tuple;
    auto cell = static_cast<std::uint8_t>(rng.below(board.cells));
    tuple.push_back(cell);
    // A walk may run into a corner it has filled: then it starts again.
    for (int steps = 0; static_cast<int>(tuple.size()) < length && steps < 1000; ++steps) {
      const auto& around = board.neighbours[cell];
      if (around.empty()) break;
      cell = around[static_cast<std::size_t>(rng.below(static_cast<int>(around.size())))];
      if (std::find(tuple.begin(), tuple.end(), cell) == tuple.end()) tuple.push_back(cell);
    }
    if (static_cast<int>(tuple.size()) == length) tuples.push_back(std::move(tuple));
  }
  return tuples;
}

}  // namespace evalsynth::model
