#include "lang/default_grammar.hpp"

#include <algorithm>

namespace evalsynth::lang {
namespace {

// Stenmark's primitive set (grammar/adate.grammar, kept equal by a test).
constexpr const char* kConnect4Grammar = R"(# Stenmark's primitive set for the ADATE run (2005, §4.1, "Funs_to_use"):
# sub (here sq), false, true, <, =, +, -, constants -1..6, and ML's `case ... of`
# binding a name (here let). Weights (after @) bias how often the evolver picks
# an alternative; the default is 1.

start int

int  ::= const(-1 .. 6)              @ 2
       | sq(row, col)                @ 6
       | int + int                   @ 4
       | int - int                   @ 3
       | if bool then int else int
       | let int in int              # binds a new name, usable as `var` in the body
       | var                         @ 2

bool ::= int < int
       | int = int
       | true
       | false

row  ::= const(0 .. 5)
col  ::= const(0 .. 6)
)";

// Arithmetic, logic and lets, as every feature grammar of grammar/ has them.
constexpr const char* kArithmetic = R"(
int    ::= const(-16 .. 16)               @ 3
         | sq(row, col)                   @ 1
         | feature                        @ 8
         | int + int                      @ 6
         | int - int                      @ 4
         | int * int                      @ 4
         | int / int                      @ 0.5
         | min(int, int)                  @ 0.5
         | max(int, int)                  @ 0.5
         | abs(int)                       @ 0.5
         | - int                          @ 0.5
         | if bool then int else int      @ 2
         | let int in int                 @ 1
         | var                            @ 2
)";

constexpr const char* kLogic = R"(
bool   ::= int < int | int <= int | int = int | int != int | int > int | int >= int
         | bool and bool | bool or bool | not bool | true | false

player ::= x | o
)";

std::string cells(int rows, int columns) {
  return "row    ::= const(0 .. " + std::to_string(rows - 1) + ")\ncol    ::= const(0 .. " +
         std::to_string(columns - 1) + ")\n";
}

// The line features of a stone-placement board: windows of 1 to K-1 stones
// (K in a row ends the game, so a window of K never counts on a live board).
std::string grid_grammar(const GameDescriptor& game, int columns, int rows, int line) {
  std::string windows;
  for (int k = 1; k < std::max(line, 2); ++k)
    windows += (k == 1 ? "windows(player, 1)" : " | windows(player, " + std::to_string(k) + ") @ 2");
  return "game " + game.text() + "\n# The built-in grammar of " + game.text() +
         " (grammar/README.md): arithmetic, logic, lets, the board's cells and\n# every line feature.\n\nstart int\n" +
         kArithmetic + "\nfeature ::= " + windows +
         "\n          | threats(player) @ 3 | forks(player) @ 2 | open_lines(player) @ 2 | lines(player)\n"
         "          | stones(player) | centre(player) | corners(player) | edges(player) | neighbours(player)\n"
         "          | moves() | to_move() | mobility()\n" +
         kLogic + cells(rows, columns);
}

std::string checkers_grammar(const GameDescriptor& game) {
  std::string arithmetic = kArithmetic;
  arithmetic.replace(arithmetic.find("@ 1\n"), 3, "@ 0.5");
  return "game " + game.text() + "\n# The built-in grammar of " + game.text() +
         " (grammar/README.md): arithmetic, logic, lets, the squares and\n# every checkers feature.\n\nstart int\n" +
         arithmetic +
         "\nfeature ::= men(player) @ 3 | kings(player) @ 3 | back_rank(player) @ 2 | advance(player)\n"
         "          | centre(player) @ 2 | edge(player) | mobility(player) @ 2 | jumpers(player) @ 2\n"
         "          | exposed(player) @ 2 | moves() | to_move() | quiet()\n" +
         kLogic + cells(game.params[0], game.params[0]);
}

std::string modnim_grammar(const GameDescriptor& game) {
  return "game " + game.text() + "\n# The built-in grammar of " + game.text() +
         " (grammar/README.md): arithmetic, logic, lets, the sticks and\n# their residues.\n\nstart int\n" +
         R"(
int    ::= const(-16 .. 16)               @ 3
         | feature                        @ 6
         | residue                        @ 3
         | int + int                      @ 4
         | int - int                      @ 3
         | int * int                      @ 3
         | int / int                      @ 0.5
         | int % int                      @ 2
         | min(int, int)                  @ 0.5
         | max(int, int)                  @ 0.5
         | abs(int)                       @ 0.5
         | - int                          @ 0.5
         | if bool then int else int      @ 3
         | let int in int                 @ 1
         | var                            @ 2

feature ::= sticks() @ 3 | limit() | moves() | to_move() @ 2

residue ::= left % modulus
left    ::= sticks()
modulus ::= const(2 .. 8) | most + one
most    ::= limit()
one     ::= const(1 .. 1)

bool   ::= int < int | int <= int | int = int | int != int | int > int | int >= int
         | bool and bool | bool or bool | not bool | true | false
)";
}

}  // namespace

std::string default_grammar_text(const GameDescriptor& game) {
  const auto& a = game.params;
  switch (game.family) {
    case GameFamily::Mnk:
      return grid_grammar(game, a[0], a[1], a[2]);
    case GameFamily::Adjacent4:
      return grid_grammar(game, a[0], a[1], 4);
    case GameFamily::Checkers:
      return checkers_grammar(game);
    case GameFamily::ModNim:
      return modnim_grammar(game);
    case GameFamily::Connect4:
      break;
  }
  return kConnect4Grammar;
}

}  // namespace evalsynth::lang
