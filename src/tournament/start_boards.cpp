#include "tournament/start_boards.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include "game/notation.hpp"
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

std::vector<Position> shallow_boards() {
  std::vector<Position> boards{Position{}};
  for (int a = 0; a < kColumns; ++a) boards.push_back(Position{}.played(a));
  for (int a = 0; a < kColumns; ++a)
    for (int b = 0; b < kColumns; ++b) boards.push_back(Position{}.played(a).played(b));
  return boards;
}

namespace {

void collect_openings(const Position& p, std::string& moves, int plies_left, std::unordered_set<std::uint64_t>& seen,
                      std::vector<Opening>& out) {
  if (plies_left == 0) {
    if (seen.insert(p.canonical_key()).second) out.push_back({moves, p});
    return;
  }
  for (int col = 0; col < kColumns; ++col) {
    if (!p.can_play(col)) continue;
    const Position next = p.played(col);
    if (next.is_game_over()) continue;  // a finished game is no start board
    moves.push_back(static_cast<char>('1' + col));
    collect_openings(next, moves, plies_left - 1, seen, out);
    moves.pop_back();
  }
}

}  // namespace

std::vector<Opening> openings_with_moves(int plies) {
  assert(plies >= 0 && plies <= kMaxOpeningPlies);
  std::unordered_set<std::uint64_t> seen;
  std::vector<Opening> openings;
  std::string moves;
  collect_openings(Position{}, moves, plies, seen, openings);
  return openings;
}

std::vector<Position> opening_boards(int plies) {
  std::vector<Position> boards;
  for (const Opening& o : openings_with_moves(plies)) boards.push_back(o.position);
  return boards;
}

std::vector<Position> balanced_opening_boards(int plies, int within) {
  assert(plies >= 0 && plies <= solver::kOpeningBookPlies && within >= 0);
  std::vector<Position> boards = opening_boards(plies);
  std::erase_if(boards, [&](const Position& p) { return std::abs(solver::opening_score(p)) > within; });
  return boards;
}

std::vector<Position> random_game_boards(int count, std::uint64_t seed, const std::vector<Position>& exclude) {
  std::unordered_set<std::uint64_t> seen;
  for (const Position& p : exclude) seen.insert(p.key());
  std::vector<Position> boards;
  Rng rng(seed);
  while (static_cast<int>(boards.size()) < count) {
    // Play a whole random game, then take one of its unfinished positions.
    std::vector<Position> game{Position{}};
    while (!game.back().is_game_over()) {
      game.push_back(game.back().played(random_column(game.back(), rng)));
    }
    const Position pick = game[static_cast<std::size_t>(rng.below(static_cast<int>(game.size()) - 1))];
    if (seen.insert(pick.key()).second) boards.push_back(pick);
  }
  return boards;
}

int fewest_stones(const std::vector<BoardSource>& sources) {
  int fewest = kCells;
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
        fewest = std::min(fewest, fewest_stones(read_board_file(source.path)));
        break;
    }
  }
  return fewest;
}

int fewest_stones(const std::vector<Position>& boards) {
  int fewest = kCells;
  for (const Position& p : boards) fewest = std::min(fewest, p.moves_played());
  return fewest;
}

std::vector<Position> build_boards(const std::vector<BoardSource>& sources, std::uint64_t seed,
                                   const std::vector<Position>& exclude) {
  std::vector<Position> boards;
  std::vector<Position> taken = exclude;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    std::vector<Position> part;
    switch (sources[i].kind) {
      case BoardSource::Kind::Shallow:
        part = shallow_boards();
        break;
      case BoardSource::Kind::Random:
        part = random_game_boards(sources[i].count, mix_seed({seed, i, exclude.size()}), taken);
        break;
      case BoardSource::Kind::File:
        part = read_board_file(sources[i].path);
        break;
      case BoardSource::Kind::Openings:
        part = opening_boards(sources[i].count);
        break;
      case BoardSource::Kind::BalancedOpenings:
        part = balanced_opening_boards(sources[i].count, sources[i].within);
        break;
    }
    boards.insert(boards.end(), part.begin(), part.end());
    taken.insert(taken.end(), part.begin(), part.end());
  }
  return boards;
}

}  // namespace evalsynth
