#pragma once
// Export of evaluator programs as JavaScript, for the playable page of
// `evalsynth export --html`: a function computing exactly what evalsynth's
// interpreter computes (lang/semantics.hpp) for every position, over the
// integers of export/play/play_core.js and the board and features of the
// program's game: play_language.js (Connect4), play_grid.js and
// play_grid_features.js (mnk, adjacent4), play_modnim.js (ModNim).

#include <string>

#include "lang/program.hpp"
#include "model/ntuple_net.hpp"

namespace evalsynth::exporter {

// `function NAME(b) { ... }`: the program's value for the board `b` (a Board
// of its game's runtime), from X's view. Lets become constants, arithmetic the
// runtime's wrapping operations (add, mul, div, ...), features locals
// computed first. NAME must be a JavaScript identifier the runtime does not
// use (the page uses `evaluate`).
std::string js_evaluator(const lang::Program& program, const std::string& name);

// The runtime a Connect4 evaluator needs (board, integer operations,
// features), as JavaScript text for a page's script.
std::string js_language_runtime();

// The built-in network behind ntuple() or ntuple2() as `ntupleValue(b)`, for
// pages whose program reads it (after the language runtime): about 5 MB (10
// for ntuple2()'s two stages), the weights in base64.
std::string js_ntuple_runtime(lang::BuiltinNetwork network);
// The same for any Connect4 n-tuple network (tests: one split by stage),
// `origin` its first comment line.
std::string js_ntuple_runtime(const model::NTupleNet& net, const std::string& origin = "An n-tuple network.");

}  // namespace evalsynth::exporter
