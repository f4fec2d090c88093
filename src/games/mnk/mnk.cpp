#include "games/mnk/mnk.hpp"

#include <array>

namespace evalsynth::mnk {
namespace {

constexpr std::array<ReferenceProgram, 2> kReferences = {{
    {"open-lines",
     "each side's open lines (lines of k holding some of its stones and none of the other's), X's minus O's",
     "game mnk\n"
     "# Each side's open lines: lines of k cells holding some of its stones and\n"
     "# none of the other's. X's minus O's.\n"
     "open_lines(x) - open_lines(o)\n"},
    {"threat-lines", "threats (cells that complete a line) first, then open lines",
     "game mnk\n"
     "# Threats (empty cells that complete a line of k) weigh most, then open lines.\n"
     "16 * (threats(x) - threats(o)) + open_lines(x) - open_lines(o)\n"},
}};

}  // namespace

const FeatureLibrary& feature_library() {
  static const FeatureLibrary library = grid::line_feature_library("mnk");
  return library;
}

std::span<const ReferenceProgram> reference_programs() { return kReferences; }

std::string game_name(int columns, int rows, int line, const Rules& rules) {
  std::string name = "mnk(" + std::to_string(columns) + "," + std::to_string(rows) + "," + std::to_string(line);
  if (rules.fill) name += ",fill";
  if (rules.placement != Placement::Anywhere)
    name.append(",").append(kPlacementWords[static_cast<int>(rules.placement)]);
  if (rules.directions != grid::kAllDirections)
    for (int bit = 0; bit < 4; ++bit)
      if (rules.directions >> bit & 1) name.append(",").append(kDirectionWords[bit]);
  return name + ")";
}

template <bool Fill>
std::string MnkGame<Fill>::name() const {
  return game_name(g_->columns(), g_->rows(), g_->line(), {Fill, placement_, g_->direction_mask()});
}

template <bool Fill>
std::string MnkGame<Fill>::move_help() const {
  switch (placement_) {
    case Placement::Drop:
      return "the lowest free cell of a column, such as c1";
    case Placement::Adjacent:
      return "an empty cell next to a stone, such as d3";
    case Placement::Anywhere:
      break;
  }
  return "a cell such as b2";
}

template <bool Fill>
void MnkGame<Fill>::require_placement(int cell, const TextLocation& where) const {
  throw InputError(where, "cell " + g_->cell_name(cell) +
                              (placement_ == Placement::Drop
                                   ? " is not the lowest free cell of its column (stones drop)"
                                   : " touches no stone (after the first move, every stone goes next to one "
                                     "already on the board)"));
}

template class MnkGame<false>;
template class MnkGame<true>;

}  // namespace evalsynth::mnk
