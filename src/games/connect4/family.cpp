#include "games/connect4/family.hpp"

#include "games/connect4/feature_library.hpp"
#include "support/text.hpp"

namespace evalsynth::connect4 {

const FamilyInfo& Family::info() {
  static const FamilyInfo info{
      "connect4",
      "Connect4",
      "connect4[(thesis-java)]",
      "the win test: standard, or the thesis's Java one",
      "the 7 x 6 board, stones drop to the lowest free cell; four in a line wins, a full board draws",
      {0, 0, 0, 0},
      {"connect4", "1212121", Status::XWon, "X's four stones up column 1 win"},
      {}};
  return info;
}

GameParams Family::parse(const GameArguments& args, std::string_view text, const TextLocation& where) {
  if (args.size() != 1 || (args[0] != "standard" && args[0] != "thesis-java"))
    throw InputError(where,
                     "connect4 takes one parameter, its win test: connect4(standard) or connect4(thesis-java), not " +
                         in_quotes(text));
  return {args[0] == "thesis-java" ? 1 : 0, 0, 0, 0};
}

std::string Family::text(const GameParams& params) { return params[0] == 1 ? "connect4(thesis-java)" : "connect4"; }

const FeatureLibrary& Family::features() { return connect4_feature_library(); }

std::string Family::default_grammar(const GameParams&) {
  return R"(# Stenmark's primitive set for the ADATE run (2005, §4.1, "Funs_to_use"):
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
}

}  // namespace evalsynth::connect4
