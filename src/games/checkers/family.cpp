#include "games/checkers/family.hpp"

#include "games/grammar_text.hpp"
#include "support/text.hpp"

namespace evalsynth::checkers {

const FamilyInfo& Family::info() {
  static const FamilyInfo info{
      "checkers",
      "checkers",
      "checkers(N[,Q][,blocked-draws])",
      "an N x N board (8, 6 or 4); Q quiet plies (no capture, no man moved) draw; blocked-draws: a side that "
      "has pieces but cannot move draws (FABLE's reading) instead of losing",
      "draughts with forced captures, men and kings; a side that cannot move loses (by default)",
      {8, kDrawQuietPlies, 0, 0},
      {"checkers(4)", "1-3,8-5,3x8,7-5,8x3", Status::XWon, "O is left without a piece and loses"},
      {}};
  return info;
}

GameParams Family::parse(const GameArguments& args, std::string_view text, const TextLocation& where) {
  // The rule's word is last; a number before it is Q.
  const bool blocked_draws = args.size() >= 2 && args.back() == kBlockedDrawsWord;
  const std::size_t numbers = args.size() - (blocked_draws ? 1 : 0);
  const bool a_word = numbers == 2 && args[1].find_first_not_of("0123456789") != std::string::npos;
  if (numbers > 2 || a_word || (args[0] != "8" && args[0] != "6" && args[0] != "4"))
    throw InputError(where, std::string("checkers takes the board's side, 8, 6 or 4, optionally the plies "
                                        "without a capture or a man's move that draw (default ")
                                .append(std::to_string(kDrawQuietPlies))
                                .append("), and optionally the word blocked-draws: checkers(6), checkers(6,50) or "
                                        "checkers(6,blocked-draws), not ")
                                .append(in_quotes(text)));
  GameParams params = {args[0][0] - '0', kDrawQuietPlies, blocked_draws ? 1 : 0, 0};
  if (numbers == 2)
    params[1] =
        game_parameter(args[1], 1, kMaxQuietPlies, "the plies without a capture or a man's move that draw", where);
  return params;
}

std::string Family::text(const GameParams& a) { return Game(a[0], a[1], a[2] != 0).name(); }

std::string Family::default_grammar(const GameParams& a) {
  std::string arithmetic(grammar_text::kArithmetic);
  arithmetic.replace(arithmetic.find("@ 1\n"), 3, "@ 0.5");
  return grammar_text::heading(text(a), "the squares and\n# every checkers feature.") + arithmetic +
         "\nfeature ::= men(player) @ 3 | kings(player) @ 3 | back_rank(player) @ 2 | advance(player)\n"
         "          | centre(player) @ 2 | edge(player) | mobility(player) @ 2 | jumpers(player) @ 2\n"
         "          | exposed(player) @ 2 | moves() | to_move() | quiet()\n" +
         std::string(grammar_text::kLogic) + grammar_text::cells(a[0], a[0]);
}

}  // namespace evalsynth::checkers
