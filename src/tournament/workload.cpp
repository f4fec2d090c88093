#include "tournament/workload.hpp"

#include "tournament/start_boards.hpp"

namespace evalsynth {

std::vector<Position> thesis_sized_board_set(std::uint64_t seed) {
  std::vector<Position> boards = shallow_boards();
  const std::vector<Position> random = random_game_boards(711 - static_cast<int>(boards.size()), seed, boards);
  boards.insert(boards.end(), random.begin(), random.end());
  return boards;
}

FitnessTask thesis_workload(std::uint64_t seed) {
  FitnessTask task;
  task.boards = thesis_sized_board_set(seed);
  task.opponents = {{builtin_player("ibef", 2)}};
  task.configs = {{Side::X, 1, 0, 2}, {Side::O, 1, 0, 2}, {Side::X, 2, 0, 2}, {Side::O, 2, 0, 2}};
  task.game = {MoveOrder::LeftToRight, RuleSet::Standard};
  return task;
}

}  // namespace evalsynth
