#pragma once
// Labelled positions of any game but Connect4 (whose files are Pons's
// .analysis format, solver/labelled_positions.hpp): a position with the
// exact score of every legal move (solver/exact_solver.hpp's convention).
// The file names its game in its first line, then one position a line:
//
//   game mnk(3,3,3)
//   b2a1 a2:0 a3:0 b1:-9993 ...
//
// the position in the game's notation (`-` for the start position), then
// `MOVE:SCORE` for every legal move, in any order. '#' starts a comment line.
// Every error is an InputError at file:line:col.

#include <algorithm>
#include <charconv>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game/game.hpp"
#include "games/registry.hpp"
#include "solver/exact_solver.hpp"
#include "support/error.hpp"
#include "support/text.hpp"

namespace evalsynth {

// A bound on the plies left that no game reaches: a draw's, in labelled
// positions of games whose drawn lengths are not known.
inline constexpr int kNoMovesLeftBound = 1 << 20;

}  // namespace evalsynth

namespace evalsynth::solver {

template <Game G>
struct Labelled {
  typename G::Position position;
  std::string moves;                    // the position as it was written
  std::vector<typename G::Move> legal;  // the legal moves, in the game's order
  std::vector<int> scores;              // each one's score for the side to move
  int line = 0;                         // in its file, for messages
};

// True if `move` is worse than the best move: a lower value class (win >
// draw > loss).
template <Game G>
bool is_mistake(const Labelled<G>& p, const typename G::Move& move) {
  int best = -1, chosen = -2;
  for (std::size_t i = 0; i < p.legal.size(); ++i) {
    best = std::max(best, value_class(p.scores[i]));
    if (p.legal[i] == move) chosen = value_class(p.scores[i]);
  }
  return chosen < best;
}

// The value class of every legal move (1 win, 0 draw, -1 loss).
template <Game G>
std::vector<int> value_classes(const Labelled<G>& p) {
  std::vector<int> classes;
  for (int s : p.scores) classes.push_back(value_class(s));
  return classes;
}

// Every score the position carries, for fingerprints.
template <Game G>
std::span<const int> scores_of(const Labelled<G>& p) {
  return p.scores;
}

// How many more plies the game lasts under perfect play, kNoMovesLeftBound
// for a draw (its length is not known).
template <Game G>
int moves_left(const Labelled<G>& p) {
  const int best = *std::max_element(p.scores.begin(), p.scores.end());
  return best == 0 ? kNoMovesLeftBound : plies_to_end(best) + 1;
}

// The position a written move sequence names ("-": the start).
template <Game G>
typename G::Position parse_sequence(const G& game, std::string_view text, const TextLocation& where) {
  if (text == "-") return game.start();
  return game.parse_position(text, where);
}

// "POSITION m1:s1 m2:s2 ...", without a line break.
template <Game G>
std::string labelled_line(const G& game, const Labelled<G>& p) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on
  // "literal" + std::string chains.
  std::string line = p.moves.empty() ? "-" : p.moves;
  for (std::size_t i = 0; i < p.legal.size(); ++i)
    line.append(" ").append(game.move_text(p.position, p.legal[i])).append(":").append(std::to_string(p.scores[i]));
  return line;
}

// The game line and the labelled lines of a whole file.
template <Game G>
std::string labelled_text(const G& game, const std::vector<Labelled<G>>& positions) {
  std::string text = "game " + game.name() + "\n";
  for (const Labelled<G>& p : positions) text += labelled_line(game, p) + "\n";
  return text;
}

// Reads a file's text; its game line must name a game of `game`'s family.
template <Game G>
std::vector<Labelled<G>> parse_labelled_text(const G& game, std::string text, const std::string& source_name) {
  const std::optional<GameLine> named = take_game_line(text, source_name);
  if (!named)
    throw InputError(TextLocation{source_name, 1, 1}, "labelled positions of " + game.name() +
                                                          " begin with the line `game " + game.name() +
                                                          "` (a file without one is Connect4's)");
  require_game_fits(*named, game_named(game.name()), "these positions");
  std::vector<Labelled<G>> out;
  for_each_content_line(text, [&](const std::string& line, int line_number, std::size_t first) {
    std::vector<std::pair<std::size_t, std::string>> words;  // column, word
    for (std::size_t i = first; i < line.size();) {
      const std::size_t stop = std::min(line.find_first_of(" \t\r", i), line.size());
      words.emplace_back(i, line.substr(i, stop - i));
      i = line.find_first_not_of(" \t\r", stop);
      if (i == std::string::npos) break;
    }
    auto at = [&](std::size_t column) { return TextLocation{source_name, line_number, static_cast<int>(column) + 1}; };
    Labelled<G> p;
    p.line = line_number;
    p.moves = words[0].second == "-" ? "" : words[0].second;
    p.position = parse_sequence(game, words[0].second, at(words[0].first));
    if (game.status(p.position) != Status::Ongoing)
      throw InputError(at(words[0].first), "the game is over in this position: nothing to choose", line,
                       static_cast<int>(words[0].first));
    MovesOf<G> legal;
    game.legal_moves(p.position, legal);
    p.legal.assign(legal.begin(), legal.end());
    p.scores.assign(p.legal.size(), 0);
    std::vector<bool> seen(p.legal.size(), false);
    for (std::size_t w = 1; w < words.size(); ++w) {
      const auto& [column, word] = words[w];
      const std::size_t colon = word.rfind(':');
      if (colon == std::string::npos)
        throw InputError(at(column), "expected MOVE:SCORE, not '" + word + "'", line, static_cast<int>(column));
      const typename G::Move move = game.parse_move(p.position, std::string_view(word).substr(0, colon), at(column));
      const std::size_t index =
          static_cast<std::size_t>(std::find(p.legal.begin(), p.legal.end(), move) - p.legal.begin());
      if (index == p.legal.size())
        throw InputError(at(column), "move " + word.substr(0, colon) + " is not legal here", line,
                         static_cast<int>(column));
      if (seen[index])
        throw InputError(at(column), "move " + word.substr(0, colon) + " is scored twice", line,
                         static_cast<int>(column));
      int score = 0;
      const char* b = word.data() + colon + 1;
      const auto [e, error] = std::from_chars(b, word.data() + word.size(), score);
      if (error != std::errc() || e != word.data() + word.size() || score < -kExactWin || score > kExactWin)
        throw InputError(
            at(column + colon + 1),
            "a score is a whole number from " + std::to_string(-kExactWin) + " to " + std::to_string(kExactWin), line,
            static_cast<int>(column + colon + 1));
      seen[index] = true;
      p.scores[index] = score;
    }
    for (std::size_t i = 0; i < p.legal.size(); ++i)
      if (!seen[i])
        throw InputError(at(line.size()), "move " + game.move_text(p.position, p.legal[i]) + " has no score", line,
                         static_cast<int>(line.size()));
    out.push_back(std::move(p));
  });
  if (out.empty()) throw InputError(TextLocation{source_name, 1, 1}, "no positions in the file");
  return out;
}

// Whether a text of positions must name its game: a file must (a file of
// another board would otherwise be read as this one's), while lines typed on
// standard input for a game the command line names need not.
enum class GameLineRule { RequiredOutsideDefaultFamily, GameNamedByCommand };

// Positions a line (the first word; the rest of a line is ignored, so
// labelled files read as they are), for `solve`: each with its text and line.
// A game line must fit `game`. Finished positions are errors with
// file:line:col.
template <Game G>
using PositionLine = WrittenPosition<typename G::Position>;
template <Game G>
std::vector<PositionLine<G>> parse_position_lines(const G& game, std::string text, const std::string& source_name,
                                                  GameLineRule rule = GameLineRule::RequiredOutsideDefaultFamily) {
  if (const auto named = take_game_line(text, source_name))
    require_game_fits(*named, game_named(game.name()), "these positions");
  else if (G::kFamily != kDefaultFamily && rule == GameLineRule::RequiredOutsideDefaultFamily)
    throw InputError(TextLocation{source_name, 1, 1}, "positions of " + game.name() + " begin with the line `game " +
                                                          game.name() + "` (a file without one is " +
                                                          std::string(family_info(kDefaultFamily).title) + "'s)");
  std::vector<PositionLine<G>> out;
  for_each_content_line(text, [&](const std::string& line, int line_number, std::size_t first) {
    const std::size_t stop = std::min(line.find_first_of(" \t\r", first), line.size());
    const TextLocation where{source_name, line_number, static_cast<int>(first) + 1};
    PositionLine<G> p{line.substr(first, stop - first), {}, line_number};
    p.position = parse_sequence(game, p.moves, where);
    if (game.status(p.position) != Status::Ongoing)
      throw InputError(where, "the game is over in this position", line, static_cast<int>(first));
    out.push_back(std::move(p));
  });
  return out;
}

}  // namespace evalsynth::solver
