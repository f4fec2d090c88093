#include "tournament/workload.hpp"

#include "tournament/start_boards.hpp"

namespace evalsynth {

std::vector<connect4::Position> thesis_sized_board_set(std::uint64_t seed) {
  const connect4::Game game;
  std::vector<connect4::Position> boards = shallow_boards(game);
  const std::vector<connect4::Position> random =
      random_game_boards(game, 711 - static_cast<int>(boards.size()), seed, boards);
  boards.insert(boards.end(), random.begin(), random.end());
  return boards;
}

FitnessTask<connect4::Game> thesis_workload(std::uint64_t seed) {
  FitnessTask<connect4::Game> task;
  task.boards = thesis_sized_board_set(seed);
  task.opponents = {{builtin_player(task.game, "ibef", 2)}};
  task.configs = {{Side::X, 1, 0, 2}, {Side::O, 1, 0, 2}, {Side::X, 2, 0, 2}, {Side::O, 2, 0, 2}};
  task.settings = {MoveOrder::LeftToRight};
  return task;
}

}  // namespace evalsynth
