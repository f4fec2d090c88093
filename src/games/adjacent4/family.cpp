#include "games/adjacent4/family.hpp"

#include <algorithm>

#include "games/grid/line_grammar.hpp"
#include "support/text.hpp"

namespace evalsynth::adjacent4 {

const FamilyInfo& Family::info() {
  static const FamilyInfo info{
      "adjacent4",
      "adjacent four in a row",
      "adjacent4(W,H)",
      "W columns, H rows (at most 64 cells)",
      "four in a row, every stone but the first next to one already placed; a full board draws",
      {8, 6, 0, 0},
      {"adjacent4(8,6)", "a1b1a2b2a3b3a4", Status::XWon, "X's line a1 to a4 wins"},
      {}};
  return info;
}

GameParams Family::parse(const GameArguments& args, std::string_view text, const TextLocation& where) {
  if (args.size() != 2)
    throw InputError(where, "adjacent4 takes W columns and H rows: adjacent4(8,6), not " + in_quotes(text));
  const int columns = game_parameter(args[0], 1, grid::kMaxSide, "W (columns)", where);
  const int rows = game_parameter(args[1], 1, grid::kMaxSide, "H (rows)", where);
  if (columns * rows > grid::kMaxCells || std::max(columns, rows) < kLine)
    throw InputError(where, "an adjacent4 board has at most " + std::to_string(grid::kMaxCells) +
                                " cells and room for four in a line, not " + std::to_string(columns) + " x " +
                                std::to_string(rows));
  return {columns, rows, 0, 0};
}

std::string Family::text(const GameParams& a) {
  return "adjacent4(" + std::to_string(a[0]) + "," + std::to_string(a[1]) + ")";
}

std::string Family::default_grammar(const GameParams& a) { return grid::line_grammar(text(a), a[0], a[1], kLine); }

}  // namespace evalsynth::adjacent4
