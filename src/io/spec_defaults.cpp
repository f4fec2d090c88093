// The defaults of a run spec that depend on its game (io/spec_interpreter.hpp):
// RunSpec's own defaults are Connect4's; a spec for another game that leaves
// a key out gets the game's instead, so `game = mnk(4,4,4)` alone runs.

#include <filesystem>

#include "games/registry.hpp"
#include "io/spec_interpreter.hpp"
#include "lang/default_grammar.hpp"
#include "lang/grammar.hpp"
#include "lang/parse.hpp"

namespace evalsynth::spec_detail {
namespace {

// The game's reference programs, by name.
std::vector<std::string> reference_names(const GameDescriptor& game) {
  return with_game(game, [](const auto& g) {
    std::vector<std::string> names;
    if constexpr (requires { g.reference_programs(); })
      for (const ReferenceProgram& r : g.reference_programs()) names.emplace_back(r.name);
    return names;
  });
}

// The game's reference players at depth 2 (Connect4's default is ibef@2).
std::vector<std::string> default_opponents(const GameDescriptor& game) {
  if (game.family == connect4::kFamily) return RunSpec{}.opponents;
  std::vector<std::string> opponents = reference_names(game);
  for (std::string& o : opponents) o += "@2";
  return opponents;
}

// The reference programs the game's built-in grammar derives within the
// spec's limits: the seeds a run can start from (ModNim's `strategy` needs
// a constant the grammar does not have; a large one may break max-size).
std::vector<std::string> default_seeds(const RunSpec& spec) {
  const lang::Grammar grammar =
      lang::parse_grammar(lang::default_grammar_text(spec.game_descriptor()), lang::kBuiltinGrammar);
  std::vector<std::string> seeds;
  for (const std::string& name : reference_names(spec.game)) {
    const lang::Program program = lang::parse_program(*reference_program(spec.game, name), name);
    if (!grammar.why_not_derived(program) && program.size() <= spec.limits.max_size &&
        program.depth() <= spec.limits.max_depth)
      seeds.push_back(name);
  }
  return seeds;
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
  // The first population holds the game's reference programs (those its
  // grammar derives) beside the random ones, so a run starts from what the game already knows: from
  // random programs alone, checkers(6)'s answers lost to both references at
  // depths 2-3 (results/every-game). Not with a grammar of the user's own,
  // which may not derive them, a seed population, or the hill-climber,
  // which climbs from one program.
  if (!seen.count("seeds") && !seen.count("grammar") && spec_.seed_population.empty() &&
      spec_.algorithm != evolve::AlgorithmKind::HillClimb)
    spec_.seeds = default_seeds(spec_);
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
