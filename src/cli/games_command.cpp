// `evalsynth games` and `evalsynth players`: what a user can name in a spec
// or on a command line, with what each game brings (players, solver,
// defaults), so no one has to read the sources to find out.

#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "games/game_file.hpp"
#include "io/spec.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "tournament/player.hpp"

namespace evalsynth {

namespace {
const std::string kGamesHelpText =
    "usage: evalsynth games [GAME | --game GAME]\n"
    "\n"
    "Lists every game: how its name takes parameters, what it is, its built-in\n"
    "players and whether perfect play (the exact solver) is within reach. Given\n"
    "a GAME (mnk(4,4,4)), shows that game and the spec that `game = GAME` alone\n"
    "runs: every default resolved, as `evalsynth run --dry-run` prints it.\n"
    "\n"
    "A game of stones on a board is also a file, FILE.game, named wherever a\n"
    "game is (--game FILE.game, game = FILE.game): lines of KEY = VALUE, '#'\n"
    "comments (specs/games/ has examples). Its keys:\n" +
    game_file_keys_text();
}  // namespace
const char* const kGamesHelp = kGamesHelpText.c_str();

const char* const kPlayersHelp =
    "usage: evalsynth players [--game NAME] [--program]\n"
    "\n"
    "Lists the game's built-in players, the names opponents, seeds, match and\n"
    "play take (as NAME@DEPTH: threat-lines@2).\n"
    "\n"
    "Options:\n" EVALSYNTH_GAME_OPTION_HELP
    "  --program     also print each reference player's program in the\n"
    "                language (a seed or a file to start from)\n";

namespace {

// What perfect play costs in `game`, from the exact solver's reach.
template <Game G>
std::string solver_line(const G& game) {
  if constexpr (HasOwnSolver<G>) {
    return game.solver_about();
  } else {
    const int least = perfect_play_min_plies(game);
    if (least == 0) return "the exact solver: whole games, from the start";
    if (least >= game.max_plies())
      return "none within reach on this board (no perfect player, strength or labelled positions)";
    return "the exact solver: positions of " + std::to_string(least) + " plies or more";
  }
}

void describe(const GameDescriptor& game, bool with_spec) {
  const FamilyInfo& info = family_info(game.family);
  if (with_spec) std::printf("%s, of the family ", game.text().c_str());
  std::printf("%s\n  %s\n  parameters:   %s (the name alone: %s)\n", std::string(info.syntax).c_str(),
              std::string(info.about).c_str(), std::string(info.parameters).c_str(),
              default_game(game.family).text().c_str());
  std::printf("  for example:  %s from the start of %s: %s\n", std::string(info.example.moves).c_str(),
              std::string(info.example.game).c_str(), std::string(info.example.says).c_str());
  with_game(game, [&](const auto& g) {
    std::printf("  players:      %s\n", builtin_player_names(g).c_str());
    std::printf("  perfect play: %s\n", solver_line(g).c_str());
  });
  if (!with_spec) return;
  // A spec's run is named by its file (connect3.spec runs as connect3), as
  // this one is by the file it would be.
  const std::string file = game_folder_name(game) + ".spec";
  const std::string text = "game = " + game.text() + "\n";
  std::printf(
      "\nA spec file %s of the one line\n\n%s\nruns as (a spec is named by its file: NAME.spec runs as NAME):\n\n%s",
      file.c_str(), text.c_str(), parse_spec(text, file).resolved_text().c_str());
}

}  // namespace

int games_command(const Args& args) {
  std::vector<std::string> names;
  std::string game_name;
  CommandLine command;
  command.positionals(names, 0, 1, "give at most one game");
  command.text("game", game_name);  // as every other command names a game
  command.parse(args);
  if (!names.empty() && !game_name.empty())
    throw UsageError("give the game once: evalsynth games GAME, or evalsynth games --game GAME");
  if (!names.empty()) {
    describe(command_game(names[0], {}, "the game " + in_quotes(names[0])), true);
    return 0;
  }
  if (!game_name.empty()) {
    describe(command_game(game_name, {}), true);
    return 0;
  }
  for (const GameFamily family : game_families()) {
    describe(default_game(family), false);
    std::printf("\n");
  }
  std::printf(
      "A spec needs only `game = NAME` (evalsynth games NAME shows what it runs); a game in a file\n"
      "is named by its first line (game NAME), which commands follow when --game is not given.\n");
  return 0;
}

int players_command(const Args& args) {
  std::string game_name;
  bool program = false;
  CommandLine command;
  command.text("game", game_name);
  command.flag("program", program);
  command.parse(args);
  const GameDescriptor game = command_game(game_name, {});
  std::printf("built-in players of %s (NAME@DEPTH searches DEPTH plies):\n", game.text().c_str());
  with_game(game, [&](const auto& g) {
    using G = std::decay_t<decltype(g)>;
    if constexpr (HasNativeEvaluators<G>)
      for (const auto& r : g.native_evaluators())
        std::printf("  %-13s %s\n", std::string(r.key).c_str(), std::string(r.about).c_str());
    if constexpr (HasReferencePrograms<G>) {
      for (const ReferenceProgram& r : g.reference_programs()) {
        std::printf("  %-13s a reference program of the language\n", std::string(r.name).c_str());
        if (!program) continue;
        lang::Program text = lang::parse_program(std::string(r.text), "<built-in " + std::string(r.name) + ">");
        text.game = game;
        std::printf("\n%s\n\n", lang::to_text(text).c_str());
      }
    }
    std::printf("  random        a random legal move (no depth)\n");
    std::printf("  perfect       perfect play, %s\n", solver_line(g).c_str());
  });
  return 0;
}

}  // namespace evalsynth
