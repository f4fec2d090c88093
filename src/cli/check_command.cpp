#include <cstdio>
#include <filesystem>
#include <optional>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "lang/compiled.hpp"
#include "lang/grammar.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/simplify.hpp"
#include "solver/game_positions.hpp"
#include "support/error.hpp"
#include "tournament/player.hpp"

namespace evalsynth {

const char* const kCheckHelp =
    "usage: evalsynth check PROGRAM [--position POSITION] [--grammar FILE.grammar] [--game NAME]\n"
    "\n"
    "PROGRAM is a program file (.eval) or the name of one of the game's built-in\n"
    "programs (check threat-lines --game mnk(4,4,4); evalsynth players lists them).\n"
    "Parses an evaluator program, type-checks it and prints its canonical form,\n"
    "size, depth and hash, how it compiles (a weight table, native code or the\n"
    "interpreter),\n"
    "and its value (from X's view) on a position.\n"
    "\n"
    "Options:\n"
    "  --position P   a position in the game's notation (Connect4: a move string\n"
    "                 \"4453\"; tic-tac-toe: cells \"b2a1\"), default the start\n"
    "  --grammar G    also check that the grammar G derives the program\n"
    "  --game NAME    the game to evaluate it in (default: the one its first line\n"
    "                 names, or Connect4; a program is for one game family)\n"
    "\n"
    "Errors are reported as file:line:col with the line and a caret; the exit\n"
    "code is 1 for a bad program, 2 for a bad command line.\n";

namespace {

template <Game G>
std::string position_lines(const G& game, const typename G::Position& p) {
  const int plies = game.plies(p);
  const GameWords words = words_of(game);
  const std::string unit(plies == 1 ? words.ply : words.plies);
  return "position   " + std::to_string(plies) + " " + unit + ", " + (game.side_to_move(p) == Side::X ? "X" : "O") +
         " to move\n" + game.board_text(p);
}

// How the program runs in `game` and its value on a position: the lines
// `check` prints after the program's own (every error found before any).
template <Game G>
std::string value_lines(const G& game, const lang::Program& program, const std::string& path,
                        const std::string& position_text) {
  require_game(game, program, path);
  const TextLocation where{"--position", 1, 1};
  const typename G::Position position =
      position_text.empty() ? game.start() : solver::parse_sequence(game, position_text, where);
  if constexpr (NativeProgramGame<G>) {
    const lang::Connect4Program compiled(program);
    const std::string how = compiled.is_linear()
                                ? "weight table (linear in the squares)"
                                : std::string(compiled.is_native() ? "native code (x86-64)" : "interpreter") + ", " +
                                      std::to_string(compiled.instruction_count()) + " bytecode instructions";
    return "compiled   " + how + "\n" + position_lines(game, position) + "value      " +
           std::to_string(compiled(position)) + "\n";
  } else {
    const lang::GameProgram<G> compiled(game, program);
    return "compiled   interpreter, " + std::to_string(compiled.instruction_count()) + " bytecode instructions\n" +
           position_lines(game, position) + "value      " + std::to_string(compiled(position)) + "\n";
  }
}

}  // namespace

int check_command(const Args& args) {
  std::vector<std::string> files;
  std::string position_text, grammar_file, game_name;
  CommandLine command;
  command.positionals(files, 1, 1, "give exactly one program file");
  command.text("position", position_text);
  command.text("grammar", grammar_file);
  command.text("game", game_name);
  command.parse(args);
  const std::string& path = files[0];
  const GameDescriptor game = command_game(game_name, {path});
  // A name that is no file may be one of the game's built-in programs.
  std::error_code ignored;
  const std::optional<std::string> builtin =
      std::filesystem::exists(path, ignored) ? std::nullopt : reference_program(game, path);
  lang::Program program =
      builtin ? lang::parse_program(*builtin, "<built-in " + path + ">") : lang::read_program_file(path);
  if (builtin) program.game = game;
  std::string grammar_line;
  if (command.given("grammar")) {
    const lang::Grammar grammar = lang::read_grammar_file(grammar_file);
    if (const auto why = grammar.why_not_derived(program)) throw InputError(TextLocation{path, 1, 1}, *why);
    grammar_line = grammar.source + " derives the program";
  }

  const std::string value =
      with_game(game, [&](const auto& g) { return value_lines(g, program, path, position_text); });

  const lang::Program simple = lang::simplify(program);
  std::printf("program    %s\n", path.c_str());
  if (program.family() != kDefaultFamily) std::printf("game       %s\n", game.text().c_str());
  std::printf("canonical  %s\n", lang::expression_text(program).c_str());
  std::printf("size       %zu nodes, depth %d\n", program.size(), program.depth());
  std::printf("hash       %016llx\n", static_cast<unsigned long long>(program.canonical_hash()));
  if (simple.size() != program.size())
    std::printf("simplified %s  (%zu nodes)\n", lang::expression_text(simple).c_str(), simple.size());
  if (!grammar_line.empty()) std::printf("grammar    %s\n", grammar_line.c_str());
  std::fputs(value.c_str(), stdout);
  return 0;
}

}  // namespace evalsynth
