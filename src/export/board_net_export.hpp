#pragma once
// The C++ form of a network built into the language for a game other than
// Connect4 (lang/builtin_board_net.hpp): Othello's tuples() and wpc_td(),
// for the exported header of an Othello program (game_cpp_export.cpp).

#include <string>
#include <string_view>

#include "model/board_ntuple_net.hpp"

namespace evalsynth::exporter {

// A double as text that C++ and JavaScript read back as the same double.
std::string exact(double v);

// The namespace that holds feature's network: "tuples_net".
std::string board_net_namespace(std::string_view feature);

// Definitions, for the header's detail namespace, of
//   int FEATURE_net::value(std::uint64_t x, std::uint64_t o, bool o_to_move)
// computing exactly the language's value of `net` on an Othello board of
// bitboards (cell c = bit c; a cell's state 0 empty, 1 X, 2 O, as
// othello::Game::cell_state): the same weights added in the same order in
// double, and model_value.hpp's evaluation_from_tanh_sum. `origin` names the
// network's file, for the comment. Needs <cmath>.
std::string othello_board_net_definitions(const model::BoardNTupleNet& net, std::string_view feature,
                                          std::string_view origin);

}  // namespace evalsynth::exporter
