#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "games/connect4/notation.hpp"
#include "lang/compiled.hpp"
#include "lang/grammar.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/simplify.hpp"
#include "support/error.hpp"

namespace evalsynth {

const char* const kCheckHelp =
    "usage: evalsynth check FILE.eval [--position POSITION] [--grammar FILE.grammar]\n"
    "\n"
    "Parses an evaluator program, type-checks it and prints its canonical form,\n"
    "size, depth and hash, how it compiles (a weight table, native code or the\n"
    "interpreter),\n"
    "and its value (from X's view) on a position.\n"
    "\n"
    "Options:\n"
    "  --position P   a move string (\"4453\"), default the empty board\n"
    "  --grammar G    also check that the grammar G derives the program\n"
    "\n"
    "Errors are reported as file:line:col with the line and a caret; the exit\n"
    "code is 1 for a bad program, 2 for a bad command line.\n";

int check_command(const Args& args) {
  std::vector<std::string> files;
  std::string position_text, grammar_file;
  CommandLine command;
  command.positionals(files, 1, 1, "give exactly one program file");
  command.text("position", position_text);
  command.text("grammar", grammar_file);
  command.parse(args);
  const std::string& path = files[0];
  const lang::Program program = lang::read_program_file(path);
  const Position position = parse_position(position_text, TextLocation{"--position", 1, 1});
  std::string grammar_line;
  if (command.given("grammar")) {
    const lang::Grammar grammar = lang::read_grammar_file(grammar_file);
    if (const auto why = grammar.why_not_derived(program)) throw InputError(TextLocation{path, 1, 1}, *why);
    grammar_line = grammar.source + " derives the program";
  }

  const lang::Program simple = lang::simplify(program);
  const lang::CompiledProgram compiled(program);
  std::printf("program    %s\n", path.c_str());
  std::printf("canonical  %s\n", lang::to_text(program).c_str());
  std::printf("size       %zu nodes, depth %d\n", program.size(), program.depth());
  std::printf("hash       %016llx\n", static_cast<unsigned long long>(program.canonical_hash()));
  if (simple.size() != program.size())
    std::printf("simplified %s  (%zu nodes)\n", lang::to_text(simple).c_str(), simple.size());
  if (compiled.is_linear())
    std::printf("compiled   weight table (linear in the squares)\n");
  else
    std::printf("compiled   %s, %zu bytecode instructions\n",
                compiled.is_native() ? "native code (x86-64)" : "interpreter", compiled.instruction_count());
  if (!grammar_line.empty()) std::printf("grammar    %s\n", grammar_line.c_str());
  std::printf("position   %d stones, %s to move\n%s", position.moves_played(),
              position.side_to_move() == Side::X ? "X" : "O", to_ascii(position).c_str());
  std::printf("value      %d\n", compiled(position));
  return 0;
}

}  // namespace evalsynth
