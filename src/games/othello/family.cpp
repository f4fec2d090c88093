#include "games/othello/family.hpp"

#include "games/grammar_text.hpp"
#include "support/text.hpp"

namespace evalsynth::othello {

const FamilyInfo& Family::info() {
  static const FamilyInfo info{
      "othello",
      "Othello",
      "othello(N)",
      "N: the board's side, 6 or 8",
      "place a disc that brackets the other side's discs and flip them; a side without a move passes; most discs "
      "wins",
      {8, 0, 0, 0},
      {"othello(8)", "d3c3b3d2e1d6d7e3f4", Status::XWon, "X flips O's last disc on the ninth move, and wins"},
      {}};
  return info;
}

GameParams Family::parse(const GameArguments& args, std::string_view text, const TextLocation& where) {
  if (args.size() != 1)
    throw InputError(where, "othello takes the board's side, 6 or 8: othello(8), not " + in_quotes(text));
  const int size = game_parameter(args[0], 6, 8, "N (the board's side)", where);
  if (size != 6 && size != 8)
    throw InputError(where, "othello is played on 6 x 6 or 8 x 8 boards, not " + args[0] + " x " + args[0]);
  return {size, 0, 0, 0};
}

std::string Family::text(const GameParams& a) { return "othello(" + std::to_string(a[0]) + ")"; }

std::string Family::default_grammar(const GameParams& a) {
  return grammar_text::heading(text(a), "the board's cells and\n# every Othello feature.") +
         std::string(grammar_text::kArithmetic) +
         "\nfeature ::= discs(player) | mobility(player) @ 3 | potential_mobility(player) @ 2\n"
         "          | frontier(player) @ 2 | corners(player) @ 3 | x_squares(player) @ 2 | c_squares(player)\n"
         "          | edges(player) | stable(player) @ 2 | empties() | moves() | to_move()\n" +
         std::string(grammar_text::kLogic) + grammar_text::cells(a[0], a[0]);
}

}  // namespace evalsynth::othello
