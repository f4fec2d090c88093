#pragma once
// The grammar a run uses when its spec names none (`grammar = builtin`, the
// default for every game but Connect4, whose default is the file
// grammar/adate.grammar): the game's whole feature language, with the cells
// `sq(row, col)` reads fitted to its board. Built in, so a spec of one line
// (`game = mnk(4,4,4)`) runs from any folder. Each family's record makes
// its text (games/<family>/family.hpp).

#include <string>

#include "games/registry.hpp"

namespace evalsynth::lang {

// The spec value that names the built-in grammar.
inline constexpr const char* kBuiltinGrammar = "builtin";

// Its text, first line `game NAME` included (for Connect4: the text of
// grammar/adate.grammar, which a test keeps equal).
using evalsynth::default_grammar_text;

}  // namespace evalsynth::lang
