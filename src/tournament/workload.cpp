#include "tournament/workload.hpp"

#include "tournament/start_boards.hpp"

namespace evalsynth {

std::vector<Position> thesis_sized_board_set(std::uint64_t seed) {
  const Connect4 game;
  std::vector<Position> boards = shallow_boards(game);
  const std::vector<Position> random = random_game_boards(game, 711 - static_cast<int>(boards.size()), seed, boards);
  boards.insert(boards.end(), random.begin(), random.end());
  return boards;
}

FitnessTask<Connect4> thesis_workload(std::uint64_t seed) {
  FitnessTask<Connect4> task;
  task.boards = thesis_sized_board_set(seed);
  task.opponents = {{builtin_player(task.game, "ibef", 2)}};
  task.configs = {{Side::X, 1, 0, 2}, {Side::O, 1, 0, 2}, {Side::X, 2, 0, 2}, {Side::O, 2, 0, 2}};
  task.settings = {MoveOrder::LeftToRight};
  return task;
}

}  // namespace evalsynth
