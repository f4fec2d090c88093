#pragma once
// Labelled positions of a game, whichever format its files have: a game's
// own (Connect4's Pons's .analysis files, games/connect4/labelled_positions.hpp),
// every other the generic format of solver/game_positions.hpp. A move is a
// mistake when another legal move has a better value class under perfect
// play (win > draw > loss).

#include <filesystem>
#include <string>
#include <vector>

#include "solver/game_positions.hpp"
#include "support/files.hpp"
#include "tournament/evaluators.hpp"

namespace evalsynth {

// A game's labelled positions: its own (HasOwnSolver: Connect4's .analysis
// positions), else the generic ones of solver/game_positions.hpp.
template <Game G>
struct LabelledKinds {
  using type = solver::Labelled<G>;
};
template <HasOwnSolver G>
struct LabelledKinds<G> {
  using type = typename G::Labelled;
};
template <Game G>
using LabelledOf = typename LabelledKinds<G>::type;

// Beside each kind of labelled position: is_mistake(p, move),
// value_classes(p), moves_left(p) and scores_of(p) (found by
// argument-dependent lookup).
using solver::is_mistake;

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
  if constexpr (HasOwnSolver<G>) {
    return game.read_labelled(path);
  } else {
    return solver::parse_labelled_text(game, read_text_file(path, "positions"), path);
  }
}

}  // namespace evalsynth
