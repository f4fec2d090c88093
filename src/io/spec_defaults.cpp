// The defaults of a run spec that depend on its game (io/spec_interpreter.hpp):
// RunSpec's own defaults are Connect4's; a spec for another game that leaves
// a key out gets the game's instead, so `game = mnk(4,4,4)` alone runs.

#include <filesystem>

#include "games/registry.hpp"
#include "io/spec_interpreter.hpp"
#include "lang/default_grammar.hpp"

namespace evalsynth::spec_detail {
namespace {

// The game's reference players at depth 2 (Connect4's default is ibef@2).
std::vector<std::string> default_opponents(const GameDescriptor& game) {
  if (game.family == connect4::kFamily) return RunSpec{}.opponents;
  return with_game(game, [](const auto& g) {
    std::vector<std::string> opponents;
    if constexpr (requires { g.reference_programs(); })
      for (const ReferenceProgram& r : g.reference_programs()) opponents.push_back(std::string(r.name) + "@2");
    return opponents;
  });
}

}  // namespace

void RunSpecInterpreter::apply_game_defaults(const Seen& seen) const {
  const RunSpec defaults;
  // Connect4's default grammar is the repository's file; outside a clone the
  // same text is built in (lang/default_grammar.hpp keeps them equal).
  std::error_code ignored;
  if (!seen.count("grammar") &&
      (spec_.game.family != connect4::kFamily || !std::filesystem::exists(defaults.grammar, ignored)))
    spec_.grammar = lang::kBuiltinGrammar;
  if (spec_.game.family == connect4::kFamily) return;
  if (!seen.count("opponents")) {
    spec_.opponents = default_opponents(spec_.game);
    if (spec_.opponents.empty())
      SpecReader::complain(seen, "game",
                           spec_.game.text() +
                               " has no built-in reference player to play against: name opponents "
                               "(a program file NAME.eval@DEPTH, random or perfect)");
  }
  // Random boards suit every game; Connect4's `shallow` boards are its own.
  const TextLocation file{spec_.source + " (the default training-boards)", 1, 1};
  if (!seen.count("training-boards")) spec_.training = {{BoardSource::Kind::Random, 60, {}, 0, file}};
  if (!seen.count("validation-boards"))
    spec_.validation = {
        {BoardSource::Kind::Random, 150, {}, 0, {spec_.source + " (the default validation-boards)", 1, 1}}};
  // Draws are common outside Connect4: count them as half a point, and vary
  // the order of equal moves, as every game spec in specs/ does.
  if (!seen.count("scoring")) spec_.scoring.games = GameScoring::Points;
  if (!seen.count("move-order")) spec_.move_order = MoveOrder::Random;
}

}  // namespace evalsynth::spec_detail
