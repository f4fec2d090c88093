#include "games/game_file.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

#include "games/registry.hpp"
#include "support/files.hpp"
#include "support/suggest.hpp"
#include "support/text.hpp"

namespace evalsynth {
namespace {

struct Field {
  std::string value;
  TextLocation at;   // where the value starts
  std::string line;  // the whole line, for the caret
  int column = 0;    // 0-based, in `line`
};

std::string trimmed(const std::string& s, std::size_t& begin) {
  std::size_t end = s.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(s[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(s[end - 1]))) --end;
  return s.substr(begin, end - begin);
}

[[noreturn]] void fail(const Field& f, const std::string& message) {
  throw InputError(f.at, message, f.line, f.column);
}
// At the word `word` of the value (a list's item), not at the value's start.
[[noreturn]] void fail_at_word(const Field& f, const std::string& word, const std::string& message) {
  const std::size_t at = lowercase(f.line).find(word, static_cast<std::size_t>(f.column));
  if (at == std::string::npos) fail(f, message);
  TextLocation where = f.at;
  where.column = static_cast<int>(at) + 1;
  throw InputError(where, message, f.line, static_cast<int>(at));
}

int number(const Field& f, const std::string& text, int min, int max, const std::string& what) {
  int v = 0;
  bool ok = !text.empty() && text.size() <= 4;
  for (char c : text) ok = ok && std::isdigit(static_cast<unsigned char>(c));
  if (ok) v = std::stoi(text);
  if (!ok || v < min || v > max)
    fail(f, what + " is a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", not '" + text +
                "'");
  return v;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

// The words of a comma-separated value, lowercased.
std::vector<std::string> words(const std::string& value) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= value.size()) {
    std::size_t comma = value.find(',', start);
    if (comma == std::string::npos) comma = value.size();
    std::size_t begin = 0;
    out.push_back(lowercase(trimmed(value.substr(start, comma - start), begin)));
    start = comma + 1;
  }
  return out;
}

}  // namespace

std::span<const GameFileKey> game_file_keys() {
  static constexpr GameFileKey kKeys[] = {
      {"board", "COLUMNS x ROWS", "(required)", "the board: at most 16 a side and 64 cells"},
      {"line", "K", "(required)", "stones in a row that win (or, with end = full-board, count)"},
      {"placement", "anywhere | drop | adjacent", "anywhere",
       "where a stone may go: any empty cell, the lowest free cell of a column, or next to a stone (the first "
       "anywhere)"},
      {"directions", "all | across, up, diagonal, antidiagonal", "all",
       "the directions a line may run in (comma-separated)"},
      {"end", "first-line | full-board", "first-line",
       "a line wins at once, or play on to a full board and more lines win"},
      {"first", "x", "x", "who moves first: evalsynth's first player is always X"},
  };
  return kKeys;
}

std::string game_file_keys_text() {
  std::string text;
  for (const GameFileKey& k : game_file_keys()) {
    std::string line = "  " + std::string(k.key);
    line.resize(14, ' ');
    text += line + std::string(k.values) + " (default " + std::string(k.default_value) + ")\n" + std::string(14, ' ') +
            std::string(k.about) + "\n";
  }
  return text;
}

GameDescriptor read_game_file(const std::string& path, const TextLocation& where) {
  std::string text;
  try {
    text = read_text_file(path, "game", std::size_t{1} << 16);
  } catch (const InputError& e) {
    throw InputError(where, e.message() + " (" + path + ")");
  }
  std::vector<std::string> kKeys;
  for (const GameFileKey& k : game_file_keys()) kKeys.emplace_back(k.key);
  std::map<std::string, Field> fields;
  for_each_line(text, [&](const std::string& line, int line_number) {
    const std::string content = line.substr(0, line.find('#'));
    std::size_t key_begin = 0;
    if (trimmed(content, key_begin).empty()) return;
    const std::size_t equals = content.find('=');
    const TextLocation at_key{path, line_number, static_cast<int>(key_begin) + 1};
    if (equals == std::string::npos)
      throw InputError(at_key, "a line of a game file is KEY = VALUE (keys: " + joined(kKeys) + ")", line,
                       static_cast<int>(key_begin));
    std::size_t ignored = 0;
    const std::string key = lowercase(trimmed(content.substr(0, equals), ignored));
    if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end()) {
      const std::string guess = closest_match(key, kKeys);
      throw InputError(at_key,
                       "unknown key '" + key + "'" + (guess.empty() ? "" : "; did you mean '" + guess + "'?") +
                           " (keys: " + joined(kKeys) + ")",
                       line, static_cast<int>(key_begin));
    }
    if (fields.count(key))
      throw InputError(at_key,
                       "'" + key + "' is given twice (first at line " + std::to_string(fields[key].at.line) + ")", line,
                       static_cast<int>(key_begin));
    std::size_t value_begin = equals + 1;
    Field f;
    f.value = trimmed(content, value_begin);
    f.column = static_cast<int>(value_begin);
    f.at = {path, line_number, f.column + 1};
    f.line = line;
    if (f.value.empty()) fail(f, "'" + key + "' has no value");
    fields[key] = f;
  });
  for (const char* required : {"board", "line"})
    if (!fields.count(required))
      throw InputError(TextLocation{path, 1, 1},
                       std::string("a game file needs '") + required + "' (board = COLUMNS x ROWS, line = K)");

  const Field& board = fields["board"];
  const std::size_t x = lowercase(board.value).find('x');
  if (x == std::string::npos) fail(board, "the board is COLUMNS x ROWS, such as 9 x 7, not '" + board.value + "'");
  std::size_t b = 0, c = 0;
  const int columns = number(board, trimmed(board.value.substr(0, x), b), 1, 16, "the number of columns");
  const int rows = number(board, trimmed(board.value.substr(x + 1), c), 1, 16, "the number of rows");
  if (columns * rows > 64) fail(board, "a board has at most 64 cells, not " + std::to_string(columns * rows));
  const Field& line = fields["line"];
  const int k = number(line, line.value, 1, std::min(8, std::max(columns, rows)), "the line");

  std::string name = "mnk(" + std::to_string(columns) + "," + std::to_string(rows) + "," + std::to_string(k);
  if (fields.count("end")) {
    const Field& f = fields["end"];
    const std::string v = lowercase(f.value);
    if (v != "first-line" && v != "full-board")
      fail(f,
           "'end' is first-line (a line wins at once) or full-board (play on to a full board, more lines win), "
           "not '" +
               f.value + "'");
    if (v == "full-board") name += ",fill";
  }
  if (fields.count("placement")) {
    const Field& f = fields["placement"];
    const std::string v = lowercase(f.value);
    if (v != "anywhere" && v != "drop" && v != "adjacent")
      fail(f,
           "'placement' is anywhere, drop (the lowest free cell of a column) or adjacent (next to a stone), "
           "not '" +
               f.value + "'");
    if (v != "anywhere") name += "," + v;
  }
  if (fields.count("directions")) {
    const Field& f = fields["directions"];
    const std::vector<std::string> given = words(f.value);
    if (!(given.size() == 1 && given[0] == "all"))
      for (const std::string& w : given) {
        if (w != "across" && w != "up" && w != "diagonal" && w != "antidiagonal")
          fail_at_word(f, w, "'directions' is all, or some of across, up, diagonal, antidiagonal, not '" + w + "'");
        name += "," + w;
      }
  }
  if (fields.count("first")) {
    const Field& f = fields["first"];
    if (lowercase(f.value) != "x")
      fail(f,
           "evalsynth's first player is X: write first = x (the rules treat both sides alike, so which side "
           "is called X is only a name)");
  }
  name += ")";
  try {
    return parse_game(name, where);
  } catch (const InputError& e) {  // what only the fields together get wrong (a line that fits no direction)
    const Field& f = fields.count("directions") ? fields["directions"] : line;
    fail(f, e.message());
  }
}

}  // namespace evalsynth
