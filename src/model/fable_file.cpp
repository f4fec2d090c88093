#include "model/fable_file.hpp"

#include <algorithm>
#include <cereal/types/string.hpp>
#include <cmath>
#include <vector>

#include "games/minesweeper/minesweeper.hpp"
#include "games/registry.hpp"
#include "support/error.hpp"

namespace evalsynth::model {

// Transitions sorted by key, so the same model is the same file.
void save_fable(BinaryOutputArchive& a, const FableModel& m) {
  std::vector<std::pair<std::uint64_t, FableCounts>> sorted(m.transitions.begin(), m.transitions.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  if (m.values != FableValues::Wins) a(std::string(fable_values_word(m.values)));
  a(m.game, m.confidence, m.games, cereal::make_size_tag(static_cast<std::uint64_t>(sorted.size())));
  for (const auto& [key, c] : sorted) a(key, c.x_wins, c.o_wins, c.draws);
}

// `valued`: the file names its value rule ("fable-valued"); a "fable" file
// was learned with wins / (n + confidence), the only rule there was.
FableModel load_fable(BinaryInputArchive& a, bool valued) {
  FableModel m;
  m.values = FableValues::Wins;
  if (valued) {
    std::string word;
    a(word);
    if (!parse_fable_values(word, m.values) || m.values == FableValues::Wins)
      throw cereal::Exception("its value rule '" + word + "' is not signed or net");
  }
  std::uint64_t count = 0;
  a(m.game, m.confidence, m.games, cereal::make_size_tag(count));
  // An engine game, or minesweeper (evalsynth minesweeper --model).
  if (!minesweeper::is_game_name(m.game)) {
    try {
      (void)parse_game(m.game);
    } catch (const InputError&) {
      throw cereal::Exception("it names no game evalsynth knows ('" + m.game + "')");
    }
  }
  if (!std::isfinite(m.confidence) || m.confidence < 0 || m.confidence > 1e6)
    throw cereal::Exception("its confidence is not a number from 0 to 1000000");
  // 20 bytes a transition: checked before reserving.
  if (count > FableModel::kMaxTransitions || count > a.bytes_left() / 20)
    throw cereal::Exception(std::to_string(count) + " transitions with " + std::to_string(a.bytes_left()) +
                            " bytes left");
  m.transitions.reserve(static_cast<std::size_t>(count));
  std::uint64_t previous = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t key = 0;
    FableCounts c;
    a(key, c.x_wins, c.o_wins, c.draws);
    if (i > 0 && key <= previous) throw cereal::Exception("its transitions are not in order");
    previous = key;
    m.transitions.emplace(key, c);
  }
  return m;
}

}  // namespace evalsynth::model
