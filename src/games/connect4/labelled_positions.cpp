#include "games/connect4/labelled_positions.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "games/connect4/notation.hpp"
#include "games/registry.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"

namespace evalsynth::connect4 {

std::string without_game_line(const std::string& written, const std::string& source_name, std::string_view what) {
  // Files of other games name theirs first; Connect4's may (`game connect4`),
  // and serve both its win tests.
  std::string text = written;
  if (const auto game = take_game_line(text, source_name)) require_game_fits(*game, default_game(kFamily), what);
  return text;
}

std::vector<LabelledPosition> parse_analysis_text(const std::string& written, const std::string& source_name) {
  const std::string text = without_game_line(written, source_name, "these positions");
  const SourceText source(text, source_name);
  std::vector<LabelledPosition> positions;
  std::size_t line_start = 0;
  int line_number = 0;
  while (line_start < text.size()) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = text.size();
    ++line_number;
    const std::string line = text.substr(line_start, line_end - line_start);
    std::size_t i = 0;
    auto skip_space = [&] {
      while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    };
    skip_space();
    if (i == line.size() || line[i] == '#') {
      line_start = line_end + 1;
      continue;
    }
    const std::size_t moves_begin = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    LabelledPosition lp;
    lp.line = line_number;
    lp.moves = line.substr(moves_begin, i - moves_begin);
    lp.position = parse_moves(std::string_view(line).substr(moves_begin, i - moves_begin),
                              TextLocation{source_name, line_number, static_cast<int>(moves_begin) + 1});
    if (lp.position.is_game_over()) source.fail_at(line_start + moves_begin, "the position is already finished");
    for (int col = 0; col < kColumns; ++col) {
      skip_space();
      const std::size_t begin = i;
      if (i < line.size() && (line[i] == '-' || line[i] == '+')) ++i;
      while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
      if (i == begin || (i == begin + 1 && !std::isdigit(static_cast<unsigned char>(line[begin]))))
        source.fail_at(line_start + begin,
                       "expected the score of column " + std::to_string(col + 1) + " (7 scores follow the moves)");
      int score = 0;
      const auto [end, error] = std::from_chars(line.data() + begin + (line[begin] == '+'), line.data() + i, score);
      if (error != std::errc() || end != line.data() + i ||
          (score != kFullColumn && (score < -kMaxAbsScore || score > kMaxAbsScore)))
        source.fail_at(line_start + begin, "a score is a whole number from -" + std::to_string(kMaxAbsScore) + " to " +
                                               std::to_string(kMaxAbsScore) + ", or -1000 for a full column");
      const bool full = !lp.position.can_play(col);
      if (full != (score == kFullColumn))
        source.fail_at(line_start + begin,
                       full ? "column " + std::to_string(col + 1) + " is full, so its score must be -1000"
                            : "column " + std::to_string(col + 1) + " is playable but scored -1000");
      lp.move_scores[static_cast<std::size_t>(col)] = score;
    }
    skip_space();
    if (i != line.size()) source.fail_at(line_start + i, "unexpected text after the 7 scores");
    positions.push_back(lp);
    line_start = line_end + 1;
  }
  if (positions.empty()) throw InputError(TextLocation{source_name, 1, 1}, "no positions in the file");
  return positions;
}

std::vector<LabelledPosition> read_analysis_file(const std::string& path) {
  return parse_analysis_text(read_text_file(path, "analysis"), path);
}

std::vector<MovesLine> parse_move_lines(const std::string& written, const std::string& source_name) {
  const std::string text = without_game_line(written, source_name, "these positions");
  const SourceText source(text, source_name);
  std::vector<MovesLine> lines;
  std::size_t line_start = 0;
  for (int number = 1; line_start < text.size(); ++number) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = text.size();
    std::size_t begin = line_start;
    while (begin < line_end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
    std::size_t end = begin;
    while (end < line_end && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    if (begin < line_end && text[begin] != '#') {
      MovesLine entry;
      entry.moves = text.substr(begin, end - begin);
      entry.line = number;
      entry.rest = end;
      entry.line_end = line_end;
      entry.position =
          parse_moves(entry.moves, TextLocation{source_name, number, static_cast<int>(begin - line_start) + 1});
      if (entry.position.is_game_over())
        source.fail_at(begin, entry.position.is_full() ? "the board is full: there is nothing to solve"
                                                       : "the game is already won: there is nothing to solve");
      lines.push_back(std::move(entry));
    }
    line_start = line_end + 1;
  }
  return lines;
}

namespace {
int value_sign(int score) { return (score > 0) - (score < 0); }
}  // namespace

bool is_mistake(const LabelledPosition& p, int column) {
  const int chosen = value_sign(p.move_scores[static_cast<std::size_t>(column)]);
  for (int col = 0; col < kColumns; ++col) {
    const int s = p.move_scores[static_cast<std::size_t>(col)];
    if (s != kFullColumn && value_sign(s) > chosen) return true;
  }
  return false;
}

std::vector<int> value_classes(const LabelledPosition& p) {
  std::vector<int> classes;
  for (int s : p.move_scores)
    if (s != kFullColumn) classes.push_back(value_sign(s));
  return classes;
}

int moves_left(const LabelledPosition& p) {
  int best = -kMaxAbsScore - 1;
  for (const int score : p.move_scores)
    if (score != kFullColumn) best = std::max(best, score);
  assert(best >= -kMaxAbsScore && "a labelled position has a playable move");
  const int played = p.position.moves_played();
  if (best == 0) return kCells - played;
  const bool mover_is_first = played % 2 == 0;
  const bool winner_is_first = best > 0 ? mover_is_first : !mover_is_first;
  const int winner_stones = (kCells + 2) / 2 - std::abs(best);
  return (winner_is_first ? 2 * winner_stones - 1 : 2 * winner_stones) - played;
}

std::string analysis_line(const LabelledPosition& p) {
  std::string line = p.moves;
  for (int score : p.move_scores) {
    line += ' ';
    line += std::to_string(score);
  }
  return line;
}

}  // namespace evalsynth::connect4
