#pragma once
// The features of the games other than Connect4 in an exported JavaScript
// evaluator (js_export.hpp): each feature's value in terms of the page's
// runtime for the game (export/play/play_grid_features.js for the
// k-in-a-row boards, export/play/play_modnim.js for ModNim).

#include <set>
#include <string>
#include <utility>

#include "lang/program.hpp"

namespace evalsynth::exporter {

// The evaluator's first statements for a program of a game other than
// Connect4 reading `features` (ids in its family's library, with their
// players): what the features share (the board's line counts), then one
// constant per feature, named by feature_local().
std::string js_game_feature_statements(const lang::Program& program, const std::set<std::pair<int, int>>& features);

// The names the evaluator of such a program uses itself, beside the runtime's
// declarations (a let with one of them is renamed).
bool is_js_game_local(const std::string& name);

}  // namespace evalsynth::exporter
