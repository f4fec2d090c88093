#pragma once
// Simplification: constant folding and identities that hold for every input
// under the language's wrapping semantics (x + 0 = x, x * 0 = 0, x - x = 0,
// if true then a else b = a, if c then a else a = a, not not b = b, lets whose
// name is unused or bound to a constant, sq off the board = 0, ...), and
// restructuring: a sum's terms gathered with their coefficients (like terms
// merged, its constants added into one: `a + 2 + 3 * a + 5 * 6` is
// `4 * a + 32`), a let of an expression that mentions no variable and is used
// once written in place. The result computes the same value as the input on
// every position and is never larger. What programs run as, what best.eval
// shows and what export writes.

#include "lang/program.hpp"

namespace evalsynth::lang {

Program simplify(const Program& program);

// Only the local identities, no restructuring: what evolution applies to
// offspring, keeping them close to the shapes the grammar derives (and runs
// reproducing the results made before restructuring existed).
Program simplify_locally(const Program& program);

}  // namespace evalsynth::lang
