#include "tournament/workload.hpp"

#include "tournament/start_boards.hpp"

namespace evalsynth {

std::vector<Position> thesis_sized_board_set(std::uint64_t seed) {
  std::vector<Position> boards = shallow_boards();
  const std::vector<Position> random = random_game_boards(711 - static_cast<int>(boards.size()), seed, boards);
  boards.insert(boards.end(), random.begin(), random.end());
  return boards;
}

}  // namespace evalsynth
