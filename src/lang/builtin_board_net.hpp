#pragma once
// Learned features of games other than Connect4: a feature of a game's
// library that names a network built into the tool, whose value the
// language computes itself (the games layer reads no model files).
// Othello's two:
// - `tuples()`, the n-tuple network of grammar/models/othello_tuples.model:
//   Jaśkowski's systematic straight 3-tuples learned against the League's
//   heuristic (specs/othello/ntuple-straight-3-wpc.spec; results/othello/),
//   the best of the project's Othello networks in the League's protocol;
// - `wpc_td()`, grammar/models/othello_wpc_td.model: a weighted piece
//   counter (straight 1-tuples, a weight per square class and state) learned
//   by TD(0) in self-play (specs/othello/wpc-td.spec);
// - `tuples2()`, grammar/models/othello_tuples2.model: the straight
//   4-tuples learned against the League's heuristic
//   (specs/othello/ntuple-straight-4-wpc.spec), stronger than tuples().
// A value is X's prospects on the evaluation scale, exactly what the network
// plays with as a model (model_value.hpp's evaluation_from_tanh_sum), so the
// program `tuples()` is that player. Like ntuple(), each name keeps its
// network for good: a better one gets a new name.

#include <cstddef>
#include <string_view>
#include <vector>

#include "lang/program.hpp"
#include "model/board_ntuple_net.hpp"

namespace evalsynth::lang {

// How many there are (lang/builtin_board_net.cpp's table).
inline constexpr std::size_t kBuiltinBoardNets = 3;

struct BuiltinBoardNet {
  std::string_view family, feature;  // "othello", "tuples"
  std::string_view path;             // grammar/models/othello_tuples.model
};

// The network behind `feature` of `family`, or nullptr where it names none.
const BuiltinBoardNet* builtin_board_net(std::string_view family, std::string_view feature);

// Its model, decoded on first use (thread-safe).
const model::BoardNTupleNet& builtin_board_model(const BuiltinBoardNet& net);

// The networks `program` reads, each once, in the tool's order (export
// writes each in C++, export/board_net_export.hpp, and JavaScript,
// js_board_net.hpp).
std::vector<const BuiltinBoardNet*> builtin_board_nets_read(const Program& program);

}  // namespace evalsynth::lang
