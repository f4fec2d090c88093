#include "games/connect4/feature_library.hpp"

#include <array>

#include "games/connect4/position.hpp"

namespace evalsynth::connect4 {
namespace {

constexpr std::array<FeatureInfo, 17> kFeatures = {{
    {"windows", true, 1, "windows of four with exactly 1 of p's stones and none of the opponent's"},
    {"windows", true, 2, "windows of four with exactly 2 of p's stones and none of the opponent's"},
    {"windows", true, 3, "windows of four with exactly 3 of p's stones and none of the opponent's"},
    {"threats", true, 0, "empty cells that would complete four for p"},
    {"odd_threats", true, 0, "p's threats on odd rows (1, 3, 5 from the bottom)"},
    {"even_threats", true, 0, "p's threats on even rows (2, 4, 6 from the bottom)"},
    {"playable_threats", true, 0, "p's threats that can be filled now"},
    {"stacked_threats", true, 0, "p's threats directly above another of p's threats"},
    {"centre", true, 0, "p's stones in the centre column"},
    {"stones", true, 0, "p's stones on the board"},
    {"moves", false, 0, "stones on the board"},
    {"to_move", false, 0, "+1 if X is to move, -1 if O is"},
    {"mobility", false, 0, "columns that are not full"},
    {"lowest_threats", true, 0, "columns whose lowest threat, of either side, is p's"},
    {"good_threats", true, 0, "p's threats on p's rows (X odd, O even) with no opponent threat below them"},
    {"ntuple", false, 0, "the built-in n-tuple network's estimate of X's prospects, -1000 (lost) .. 1000 (won)"},
    {"ntuple2", false, 0, "the second built-in n-tuple network's estimate, likewise (a program reads one network)"},
}};

}  // namespace

const FeatureLibrary& connect4_feature_library() {
  // The networks, ntuple() and ntuple2(), the last, are drawn only where a
  // grammar names them.
  static const FeatureLibrary library{"connect4", kFeatures, 15, true, true, kRows, kColumns};
  return library;
}

}  // namespace evalsynth::connect4
