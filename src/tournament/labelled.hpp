#pragma once
// Labelled positions of a game, whichever format its files have: Connect4's
// are Pons's .analysis files (solver/labelled_positions.hpp), every other
// game's the generic format of solver/game_positions.hpp. A move is a
// mistake when another legal move has a better value class under perfect
// play (win > draw > loss).

#include <filesystem>
#include <string>
#include <vector>

#include "solver/game_positions.hpp"
#include "solver/labelled_positions.hpp"
#include "support/files.hpp"
#include "tournament/evaluators.hpp"

namespace evalsynth {

template <Game G>
struct LabelledKinds {
  using type = solver::Labelled<G>;
};
template <class Rules>
struct LabelledKinds<Connect4Game<Rules>> {
  using type = solver::LabelledPosition;
};
template <Game G>
using LabelledOf = typename LabelledKinds<G>::type;

using solver::is_mistake;
// True if playing `column` in a Connect4 position is a mistake.
bool is_mistake(const solver::LabelledPosition& p, int column);

// The command that makes a game's three labelled sets in the folder of
// `missing_file`, for the messages that name a missing set:
// "evalsynth positions --game 'mnk(4,4,4)' --sets pos".
inline std::string make_sets_command(const std::string& game_text, const std::string& missing_file) {
  std::string folder = std::filesystem::path(missing_file).parent_path().string();
  return "evalsynth positions --game '" + game_text + "' --sets " + (folder.empty() ? "." : folder);
}

// A file of labelled positions of `game`. Throws InputError with file:line:col.
template <Game G>
std::vector<LabelledOf<G>> read_labelled_positions(const G& game, const std::string& path) {
  if constexpr (Connect4Like<G>) {
    (void)game;
    return solver::read_analysis_file(path);
  } else {
    return solver::parse_labelled_text(game, read_text_file(path, "positions"), path);
  }
}

}  // namespace evalsynth
