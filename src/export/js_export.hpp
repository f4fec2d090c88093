#pragma once
// Export of evaluator programs as JavaScript, for the playable page of
// `evalsynth export --html`: a function computing exactly what evalsynth's
// interpreter computes (lang/semantics.hpp) for every position, over the
// integers of export/play/play_core.js and the board and features of the
// program's game: play_language.js (Connect4), play_grid.js and
// play_grid_features.js (mnk, adjacent4), play_modnim.js (ModNim).

#include <string>
#include <string_view>
#include <vector>

#include "lang/program.hpp"
#include "model/board_ntuple_net.hpp"
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

// The networks built into the language that `program` reads (Othello's
// tuples() and wpc_td(), lang/builtin_board_net.hpp), for its page (after
// the game's rules): play_board_net.js and each network's data as
// boardNets.FEATURE, read by the evaluator as boardNetValue(b,
// boardNets.FEATURE); "" where it reads none (js_board_net.cpp).
std::string js_board_nets(const lang::Program& program);

// Bytes, and float32 values as their little-endian bytes (what every
// browser's typed arrays use), in base64: how a page carries weights.
std::string base64(const std::string& bytes);
std::string float32_base64(const std::vector<float>& values);

}  // namespace evalsynth::exporter
