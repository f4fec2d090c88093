#include "model/fable_file.hpp"

#include <algorithm>
#include <cereal/types/string.hpp>
#include <cmath>
#include <vector>

#include "games/minesweeper/minesweeper.hpp"
#include "games/registry.hpp"
#include "support/error.hpp"

namespace evalsynth::model {

FableFileRules fable_file_rules(const FableModel& m) {
  if (m.localities != FableLocalities::Placed) return FableFileRules::ValuesAndLocalities;
  return m.values == FableValues::Wins ? FableFileRules::None : FableFileRules::Values;
}

const char* fable_file_word(FableFileRules rules) {
  return rules == FableFileRules::None ? "fable" : rules == FableFileRules::Values ? "fable-valued" : "fable-keyed";
}

// Transitions sorted by key, so the same model is the same file. Models of
// the older layouts keep them, byte for byte.
void save_fable(BinaryOutputArchive& a, const FableModel& m) {
  std::vector<std::pair<std::uint64_t, FableCounts>> sorted(m.transitions.begin(), m.transitions.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  const FableFileRules rules = fable_file_rules(m);
  if (rules != FableFileRules::None) a(std::string(fable_values_word(m.values)));
  if (rules == FableFileRules::ValuesAndLocalities) a(std::string(fable_localities_word(m.localities)));
  a(m.game, m.confidence, m.games, cereal::make_size_tag(static_cast<std::uint64_t>(sorted.size())));
  for (const auto& [key, c] : sorted) a(key, c.x_wins, c.o_wins, c.draws);
}

FableModel load_fable(BinaryInputArchive& a, FableFileRules rules) {
  FableModel m;
  m.values = FableValues::Wins;
  m.localities = FableLocalities::Placed;
  if (rules != FableFileRules::None) {
    std::string word;
    a(word);
    if (!parse_fable_values(word, m.values) || (rules == FableFileRules::Values && m.values == FableValues::Wins))
      throw cereal::Exception("its value rule '" + word + "' is not one evalsynth knows");
  }
  if (rules == FableFileRules::ValuesAndLocalities) {
    std::string word;
    a(word);
    if (!parse_fable_localities(word, m.localities) || m.localities == FableLocalities::Placed)
      throw cereal::Exception("its localities '" + word + "' are not keyed by contents");
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
