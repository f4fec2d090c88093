#include "synthesis/run_inputs.hpp"

#include <cassert>
#include <filesystem>

#include "games/registry.hpp"
#include "lang/default_grammar.hpp"
#include "lang/grammar.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "support/files.hpp"
#include "synthesis/saved_programs.hpp"

namespace evalsynth {

std::string run_grammar_text(const RunSpec& spec) {
  if (spec.grammar == lang::kBuiltinGrammar) return lang::default_grammar_text(spec.game_descriptor());
  return read_text_file(spec.grammar, "grammar", std::size_t{1} << 20);
}

lang::Grammar read_run_grammar(const RunSpec& spec) {
  const GameDescriptor game = spec.game_descriptor();
  lang::Grammar g = lang::parse_grammar(run_grammar_text(spec), spec.grammar);
  if (g.family != game.family)
    throw InputError(TextLocation{spec.grammar, 1, 1},
                     "the grammar is for " + std::string(family_name(g.family)) + " and the spec's game is " +
                         game.text() + " (a grammar names its game in its first line: game NAME; none: connect4)");
  if (g.whole_game_line != 0 && g.game != game)
    throw InputError(TextLocation{spec.grammar, g.whole_game_line, g.whole_game_column},
                     "the grammar is for " + g.game.text() + " and the spec's game is " + game.text() +
                         " (a grammar naming only its family, `game " + std::string(family_name(game.family)) +
                         "`, serves any of its games)");
  g.game = game;  // the programs it grows are for the run's game, not the line's
  return g;
}

RunInputs load_run_inputs(const RunSpec& spec, const evolve::Variation& variation) {
  RunInputs in;
  Fingerprint grammar, seeds, seed_population;
  const GameDescriptor game = spec.game_descriptor();
  grammar.add(run_grammar_text(spec));
  const lang::Grammar& g = variation.grammar();
  assert(g.family == game.family && g.game == game);  // read_run_grammar

  for (const std::string& path : spec.seeds) {
    // A seed is a program file or one of the game's built-in programs.
    const std::optional<std::string> builtin =
        std::filesystem::exists(path) ? std::nullopt : reference_program(game, path);
    lang::Program seed = builtin ? lang::parse_program(*builtin, path) : lang::read_program_file(path);
    lang::require_program_game(seed, game, path);
    if (const auto why = g.why_not_derived(seed))
      throw InputError(TextLocation{path, 1, 1}, "seed program is not in the search space: " + *why);
    if (seed.size() > spec.limits.max_size)
      throw InputError(TextLocation{path, 1, 1}, "seed program has " + std::to_string(seed.size()) +
                                                     " nodes, more than the spec's max-size " +
                                                     std::to_string(spec.limits.max_size) + " (raise max-size)");
    if (seed.depth() > spec.limits.max_depth)
      throw InputError(TextLocation{path, 1, 1}, "seed program is " + std::to_string(seed.depth()) +
                                                     " deep, more than the spec's max-depth " +
                                                     std::to_string(spec.limits.max_depth) +
                                                     " (raise max-depth; a chain a + b + c is a level per operator)");
    assert(variation.acceptable(seed));
    seed.game = game;  // the run's programs carry its game
    seeds.add(lang::to_text(seed));
    in.seeds.push_back(std::move(seed));
  }
  if (!spec.seed_population.empty()) {
    for (lang::Program& p : read_population_programs(spec.seed_population)) {
      lang::require_program_game(p, game, spec.seed_population);
      if (g.why_not_derived(p) || !variation.acceptable(p)) {
        ++in.seed_population_skipped;
        continue;
      }
      p.game = game;
      seed_population.add(lang::to_text(p));
      in.seed_population.push_back(std::move(p));
    }
  }
  in.fingerprints.grammar = grammar.value;
  in.fingerprints.seeds = seeds.value;
  in.fingerprints.seed_population = seed_population.value;
  in.game = with_game(game, [&](const auto& played) { return load_game_inputs(played, spec, in); });
  return in;
}

}  // namespace evalsynth
