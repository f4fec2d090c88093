#pragma once
// Simplification: constant folding and identities that hold for every input
// under the language's wrapping semantics (x + 0 = x, x * 0 = 0, x - x = 0,
// if true then a else b = a, if c then a else a = a, not not b = b, lets whose
// name is unused or bound to a constant, sq off the board = 0, ...).
// The result computes the same value as the input on every position and is
// never larger.

#include "lang/program.hpp"

namespace evalsynth::lang {

Program simplify(const Program& program);

}  // namespace evalsynth::lang
