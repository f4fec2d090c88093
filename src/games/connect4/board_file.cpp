#include "games/connect4/board_file.hpp"

#include <sstream>

#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/notation.hpp"
#include "support/files.hpp"
#include "support/text.hpp"

namespace evalsynth::connect4 {
namespace {

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
  const std::vector<std::string> lines = split_lines(without_game_line(text, source_name, "these boards"));
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

}  // namespace evalsynth::connect4
