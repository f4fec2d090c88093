#include "tournament/start_boards.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_set>

#include "games/connect4/notation.hpp"
#include "games/registry.hpp"
#include "solver/exact_solver.hpp"
#include "solver/game_positions.hpp"
#include "solver/opening_book.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/random.hpp"
#include "support/source_text.hpp"
#include "tournament/player.hpp"

namespace evalsynth {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

std::size_t first_non_space(const std::string& line) {
  std::size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  return i;
}

bool is_blank_or_comment(const std::string& line) {
  const std::size_t i = first_non_space(line);
  return i == line.size() || line[i] == '#';
}

// A move string with optional trailing integers (a score or per-move values).
Position parse_move_line(const std::string& line, const TextLocation& where) {
  const std::size_t begin = first_non_space(line);
  std::size_t end = begin;
  while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
  TextLocation at = where;
  at.column = static_cast<int>(begin) + 1;
  const Position p = parse_moves(std::string_view(line).substr(begin, end - begin), at);
  std::istringstream rest(line.substr(end));
  std::string token;
  while (rest >> token) {
    const std::size_t i = token[0] == '-' ? 1 : 0;
    if (i == token.size() || token.find_first_not_of("0123456789", i) != std::string::npos) {
      TextLocation t = where;
      t.column = static_cast<int>(line.find(token, end)) + 1;
      throw InputError(t, "unexpected '" + token + "' after the move string (only integers may follow it)", line,
                       t.column - 1);
    }
  }
  return p;
}

}  // namespace

std::vector<Position> parse_board_text(const std::string& text, const std::string& source_name) {
  const std::vector<std::string> lines = split_lines(text);
  std::vector<Position> boards;
  std::size_t i = 0;
  while (i < lines.size()) {
    if (is_blank_or_comment(lines[i])) {
      ++i;
      continue;
    }
    const TextLocation where{source_name, static_cast<int>(i) + 1, static_cast<int>(first_non_space(lines[i])) + 1};
    const char first = lines[i][first_non_space(lines[i])];
    Position p;
    if (first == '[') {
      // Collect lines until the brackets balance.
      std::string block;
      int depth = 0;
      std::size_t j = i;
      do {
        for (char c : lines[j]) depth += c == '[' ? 1 : c == ']' ? -1 : 0;
        block += lines[j] + "\n";
        ++j;
      } while (depth > 0 && j < lines.size());
      TextLocation origin{source_name, static_cast<int>(i) + 1, 1};
      p = parse_stenmark_list(block, origin);
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(first))) {
      p = parse_move_line(lines[i], where);
      ++i;
    } else {
      std::string block;
      std::size_t j = i;
      while (j < lines.size() && !is_blank_or_comment(lines[j])) block += lines[j++] + "\n";
      p = parse_grid(block, TextLocation{source_name, static_cast<int>(i) + 1, 1});
      i = j;
    }
    if (p.is_game_over())
      throw InputError(
          where, "start board is already finished (" + std::string(p.is_full() ? "board full" : "somebody won") + ")");
    boards.push_back(p);
  }
  if (boards.empty()) throw InputError(TextLocation{source_name, 1, 1}, "no start boards in the file");
  return boards;
}

std::vector<Position> read_board_file(const std::string& path) {
  return parse_board_text(read_text_file(path, "board"), path);
}

namespace {

// Connect4's boards are made under the standard rules whatever a run plays
// (as the sets of every committed run were).
template <Game G>
auto board_game(const G& game) {
  if constexpr (Connect4Like<G>) {
    (void)game;
    return Connect4{};
  } else {
    return game;
  }
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
  if constexpr (Connect4Like<G>) {
    (void)game;
    return read_board_file(path);
  } else {
    std::string text = read_text_file(path, "board");
    if (const auto named = take_game_line(text, path); named && named->game.family != G::kFamily)
      throw InputError(named->where, "these boards are of " + named->name + ", and the game is " + game.name());
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
  if constexpr (Connect4Like<G>) {
    assert(plies <= solver::kOpeningBookPlies);
    std::erase_if(boards, [&](const Position& p) { return std::abs(solver::opening_score(p)) > within; });
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
  while (static_cast<int>(boards.size()) < count) {
    // Play a whole random game, then take one of its unfinished positions.
    std::vector<typename G::Position> played{game.start()};
    while (game.status(played.back()) == Status::Ongoing)
      played.push_back(game.play(played.back(), random_move(game, played.back(), rng)));
    const auto pick = played[static_cast<std::size_t>(rng.below(static_cast<int>(played.size()) - 1))];
    if (seen.insert(game.key(pick)).second) boards.push_back(pick);
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
