#include "games/mnk/family.hpp"

#include <algorithm>

#include "games/grid/line_grammar.hpp"
#include "support/text.hpp"

namespace evalsynth::mnk {

const FamilyInfo& Family::info() {
  static constexpr GameAlias kAliases[] = {{"tictactoe", {3, 3, 3, 0}}};
  static const FamilyInfo info{
      "mnk",
      "the m,n,k-game",
      "mnk(M,N,K[,RULES])",
      "M columns, N rows (at most 64 cells), K in a line to win; RULES: fill (play to a full board, count the "
      "lines), drop (a stone falls to the lowest free cell of its column) or adjacent (next to a stone), across, "
      "up, diagonal, antidiagonal (lines run only so); tictactoe is mnk(3,3,3); a file.game describes one "
      "(specs/games/)",
      "stones placed on an M x N board; K of one's own in a line wins, a full board draws",
      {3, 3, 3, 0},
      {"tictactoe", "a1b1a2b2a3", Status::XWon, "X's line a1, a2, a3 wins"},
      kAliases};
  return info;
}

GameParams Family::parse(const GameArguments& args, std::string_view text, const TextLocation& where) {
  const std::string usage =
      "mnk takes M columns, N rows and K in a line, then any of: fill (play to a full board, count the lines), "
      "drop or adjacent (where a stone goes), across, up, diagonal, antidiagonal (the only directions lines run "
      "in): mnk(4,4,4), mnk(7,6,4,drop); not " +
      in_quotes(text);
  if (args.size() < 3) throw InputError(where, usage);
  const int m = game_parameter(args[0], 1, grid::kMaxSide, "M (columns)", where);
  const int n = game_parameter(args[1], 1, grid::kMaxSide, "N (rows)", where);
  if (m * n > grid::kMaxCells)
    throw InputError(
        where, "an mnk board has at most " + std::to_string(grid::kMaxCells) + " cells, not " + std::to_string(m * n));
  const int k = game_parameter(args[2], 1, std::min(grid::kMaxLine, std::max(m, n)), "K (in a line)", where);
  Rules rules;
  std::uint8_t directions = 0;
  bool placed = false;
  for (std::size_t i = 3; i < args.size(); ++i) {
    const std::string& word = args[i];
    bool known = false;
    if (word == "fill" && !rules.fill) known = rules.fill = true;
    for (int p = 0; p < 3; ++p)
      if (word == kPlacementWords[p] && !placed) {
        rules.placement = static_cast<Placement>(p);
        known = placed = true;
      }
    for (int bit = 0; bit < 4; ++bit)
      if (word == kDirectionWords[bit] && !(directions >> bit & 1)) {
        directions |= static_cast<std::uint8_t>(1 << bit);
        known = true;
      }
    if (!known) throw InputError(where, "'" + args[i] + "' is no rule of mnk, or is given twice: " + usage);
  }
  if (directions) rules.directions = directions;
  // A line must fit the board in some direction it may run in.
  const bool fits = ((rules.directions & grid::kAcross) && k <= m) || ((rules.directions & grid::kUp) && k <= n) ||
                    ((rules.directions & (grid::kDiagonal | grid::kAntidiagonal)) && k <= std::min(m, n));
  if (!fits)
    throw InputError(where, "no line of " + std::to_string(k) + " fits a " + std::to_string(m) + " x " +
                                std::to_string(n) + " board in the directions given: " + in_quotes(text));
  return {m, n, k, rules.packed()};
}

std::string Family::text(const GameParams& a) { return game_name(a[0], a[1], a[2], Rules::unpacked(a[3])); }

std::string Family::default_grammar(const GameParams& a) { return grid::line_grammar(text(a), a[0], a[1], a[2]); }

}  // namespace evalsynth::mnk
