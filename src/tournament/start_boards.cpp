#include "tournament/start_boards.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_set>

#include "games/registry.hpp"
#include "solver/exact_solver.hpp"
#include "solver/game_positions.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/random.hpp"
#include "support/source_text.hpp"
#include "tournament/player.hpp"

namespace evalsynth {

namespace {

// The game whose rules make the start boards (HasBoardRules: Connect4's
// standard rules whatever a run plays, as the sets of every committed run
// were), else the game itself.
template <Game G>
auto board_game(const G& game) {
  if constexpr (HasBoardRules<G>)
    return game.board_game();
  else
    return game;
}

template <Game G>
void collect_openings(const G& game, const typename G::Position& p, std::string& moves, int plies_left,
                      std::unordered_set<std::uint64_t>& seen, std::vector<Opening<G>>& out) {
  if (plies_left == 0) {
    if (seen.insert(game.canonical_key(p)).second) out.push_back({moves, p});
    return;
  }
  MovesOf<G> legal;
  game.legal_moves(p, legal);
  for (const auto& m : legal) {
    const typename G::Position next = game.play(p, m);
    if (game.status(next) != Status::Ongoing) continue;  // a finished game is no start board
    const std::size_t length = moves.size();
    append_move_text(game, moves, p, m);
    collect_openings(game, next, moves, plies_left - 1, seen, out);
    moves.resize(length);
  }
}

}  // namespace

template <Game G>
std::vector<typename G::Position> read_game_boards(const G& game, const std::string& path) {
  if constexpr (HasOwnBoardFiles<G>) {
    return game.read_boards(path);
  } else {
    std::string text = read_text_file(path, "board");
    if (const auto named = take_game_line(text, path))
      require_game_fits(*named, game_named(game.name()), "these boards");
    else if (G::kFamily != kDefaultFamily)
      throw InputError(TextLocation{path, 1, 1}, "start boards of " + game.name() + " begin with the line `game " +
                                                     game.name() + "` (a file without one is " +
                                                     std::string(family_info(kDefaultFamily).title) + "'s)");
    std::vector<typename G::Position> boards;
    const std::vector<std::string> lines = split_lines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (is_blank_or_comment(lines[i])) continue;
      const std::size_t begin = first_non_space(lines[i]);
      std::size_t end = begin;
      while (end < lines[i].size() && !std::isspace(static_cast<unsigned char>(lines[i][end]))) ++end;
      const TextLocation where{path, static_cast<int>(i) + 1, static_cast<int>(begin) + 1};
      const typename G::Position p =
          solver::parse_sequence(game, std::string_view(lines[i]).substr(begin, end - begin), where);
      std::istringstream rest(lines[i].substr(end));
      std::string word;
      while (rest >> word)
        if (word.find(':') == std::string::npos) {
          TextLocation at = where;
          at.column = static_cast<int>(lines[i].find(word, end)) + 1;
          throw InputError(at, "unexpected '" + word + "' after the position (only MOVE:SCORE pairs may follow it)",
                           lines[i], at.column - 1);
        }
      if (game.status(p) != Status::Ongoing) throw InputError(where, "start board is already finished");
      boards.push_back(p);
    }
    if (boards.empty()) throw InputError(TextLocation{path, 1, 1}, "no start boards in the file");
    return boards;
  }
}

template <Game G>
std::vector<typename G::Position> shallow_boards(const G& game) {
  std::vector<typename G::Position> boards{game.start()};
  MovesOf<G> first;
  game.legal_moves(game.start(), first);
  for (const auto& a : first) boards.push_back(game.play(game.start(), a));
  for (const auto& a : first) {
    const typename G::Position after = game.play(game.start(), a);
    if (game.status(after) != Status::Ongoing) continue;
    MovesOf<G> second;
    game.legal_moves(after, second);
    for (const auto& b : second) {
      const typename G::Position board = game.play(after, b);
      if (game.status(board) == Status::Ongoing) boards.push_back(board);
    }
  }
  return boards;
}

template <Game G>
std::vector<Opening<G>> openings_with_moves(const G& game, int plies) {
  assert(plies >= 0 && plies <= kMaxOpeningPlies);
  std::unordered_set<std::uint64_t> seen;
  std::vector<Opening<G>> openings;
  std::string moves;
  collect_openings(game, game.start(), moves, plies, seen, openings);
  return openings;
}

template <Game G>
std::vector<typename G::Position> opening_boards(const G& game, int plies) {
  std::vector<typename G::Position> boards;
  for (const Opening<G>& o : openings_with_moves(game, plies)) boards.push_back(o.position);
  return boards;
}

template <Game G>
std::vector<typename G::Position> balanced_opening_boards(const G& game, int plies, int within) {
  assert(plies >= 0 && within >= 0);
  std::vector<typename G::Position> boards = opening_boards(game, plies);
  if constexpr (HasOwnSolver<G>) {
    assert(plies <= G::kOpeningBookPlies);
    std::erase_if(boards, [&](const typename G::Position& p) { return std::abs(game.opening_score(p)) > within; });
  } else {
    assert(within == 0);
    solver::ExactSolver<G> solver(game);
    std::erase_if(boards, [&](const typename G::Position& p) { return solver.outcome(p) != 0; });
  }
  return boards;
}

template <Game G>
std::vector<typename G::Position> random_game_boards(const G& rules, int count, std::uint64_t seed,
                                                     const std::vector<typename G::Position>& exclude) {
  const auto game = board_game(rules);
  std::unordered_set<std::uint64_t> seen;
  for (const auto& p : exclude) seen.insert(game.key(p));
  std::vector<typename G::Position> boards;
  Rng rng(seed);
  // A small game has few positions: past this many games without a new one,
  // what there is is all there is (the caller says so).
  const std::size_t give_up = 10000 + 100 * static_cast<std::size_t>(count);
  for (std::size_t games = 0, last_new = 0; static_cast<int>(boards.size()) < count && games - last_new < give_up;
       ++games) {
    // Play a whole random game, then take one of its unfinished positions.
    std::vector<typename G::Position> played{game.start()};
    while (game.status(played.back()) == Status::Ongoing)
      played.push_back(game.play(played.back(), random_move(game, played.back(), rng)));
    const auto pick = played[static_cast<std::size_t>(rng.below(static_cast<int>(played.size()) - 1))];
    if (seen.insert(game.key(pick)).second) {
      boards.push_back(pick);
      last_new = games;
    }
  }
  return boards;
}

template <Game G>
int fewest_plies(const G& game, const std::vector<BoardSource>& sources) {
  int fewest = std::numeric_limits<int>::max();
  for (const BoardSource& source : sources) {
    switch (source.kind) {
      case BoardSource::Kind::Shallow:
      case BoardSource::Kind::Random:
        return 0;
      case BoardSource::Kind::Openings:
      case BoardSource::Kind::BalancedOpenings:
        fewest = std::min(fewest, source.count);
        break;
      case BoardSource::Kind::File:
        fewest = std::min(fewest, fewest_plies(game, read_game_boards(game, source.path)));
        break;
    }
  }
  return fewest;
}

template <Game G>
int fewest_plies(const G& game, const std::vector<typename G::Position>& boards) {
  int fewest = std::numeric_limits<int>::max();
  for (const auto& p : boards) fewest = std::min(fewest, game.plies(p));
  return fewest;
}

template <Game G>
std::vector<typename G::Position> build_boards(const G& rules, const std::vector<BoardSource>& sources,
                                               std::uint64_t seed, const std::vector<typename G::Position>& exclude) {
  const auto game = board_game(rules);
  std::vector<typename G::Position> boards;
  std::vector<typename G::Position> taken = exclude;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    std::vector<typename G::Position> part;
    switch (sources[i].kind) {
      case BoardSource::Kind::Shallow:
        part = shallow_boards(game);
        break;
      case BoardSource::Kind::Random:
        part = random_game_boards(game, sources[i].count, mix_seed({seed, i, exclude.size()}), taken);
        if (static_cast<int>(part.size()) < sources[i].count)
          throw InputError(sources[i].where, "random(" + std::to_string(sources[i].count) +
                                                 ") asks for that many distinct start positions besides the other "
                                                 "boards, and random games of " +
                                                 rules.name() + " reach only " + std::to_string(part.size()) +
                                                 " more: ask for fewer, or use shallow, openings(N) or file(...)");
        break;
      case BoardSource::Kind::File:
        part = read_game_boards(game, sources[i].path);
        break;
      case BoardSource::Kind::Openings:
        part = opening_boards(game, sources[i].count);
        break;
      case BoardSource::Kind::BalancedOpenings:
        part = balanced_opening_boards(game, sources[i].count, sources[i].within);
        break;
    }
    boards.insert(boards.end(), part.begin(), part.end());
    taken.insert(taken.end(), part.begin(), part.end());
  }
  return boards;
}

#define EVALSYNTH_INSTANTIATE(G)                                                                              \
  template std::vector<G::Position> read_game_boards<G>(const G&, const std::string&);                        \
  template std::vector<G::Position> shallow_boards<G>(const G&);                                              \
  template std::vector<Opening<G>> openings_with_moves<G>(const G&, int);                                     \
  template std::vector<G::Position> opening_boards<G>(const G&, int);                                         \
  template std::vector<G::Position> balanced_opening_boards<G>(const G&, int, int);                           \
  template std::vector<G::Position> build_boards<G>(const G&, const std::vector<BoardSource>&, std::uint64_t, \
                                                    const std::vector<G::Position>&);                         \
  template int fewest_plies<G>(const G&, const std::vector<BoardSource>&);                                    \
  template int fewest_plies<G>(const G&, const std::vector<G::Position>&);                                    \
  template std::vector<G::Position> random_game_boards<G>(const G&, int, std::uint64_t,                       \
                                                          const std::vector<G::Position>&);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
