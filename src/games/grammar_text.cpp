#include "games/grammar_text.hpp"

namespace evalsynth::grammar_text {

const std::string_view kArithmetic = R"(
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

const std::string_view kLogic = R"(
bool   ::= int < int | int <= int | int = int | int != int | int > int | int >= int
         | bool and bool | bool or bool | not bool | true | false

player ::= x | o
)";

std::string cells(int rows, int columns) {
  return "row    ::= const(0 .. " + std::to_string(rows - 1) + ")\ncol    ::= const(0 .. " +
         std::to_string(columns - 1) + ")\n";
}

std::string heading(const std::string& game, std::string_view holds) {
  return "game " + game + "\n# The built-in grammar of " + game + " (grammar/README.md): arithmetic, logic, lets, " +
         std::string(holds) + "\n\nstart int\n";
}

}  // namespace evalsynth::grammar_text
