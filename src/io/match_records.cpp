#include "io/match_records.hpp"

#include <charconv>
#include <cstdio>
#include <map>
#include <optional>
#include <type_traits>

#include "support/error.hpp"
#include "support/files.hpp"
#include "support/gzip.hpp"
#include "support/random.hpp"
#include "support/text.hpp"

namespace evalsynth {
namespace {

constexpr const char* kRecordColumns = "x\to\tboard\trepetition\tresult\tplies\tnodes\tmoves";
constexpr std::size_t kRecordFields = 8;

const char* result_text(Outcome o) { return o == Outcome::XWin ? "1-0" : o == Outcome::OWin ? "0-1" : "1/2-1/2"; }

// The fields of a tab-separated line, with the column each starts at.
struct Field {
  std::string text;
  int column;
};
std::vector<Field> split_tabs(const std::string& line) {
  std::vector<Field> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = line.find('\t', start);
    fields.push_back(
        {line.substr(start, tab == std::string::npos ? std::string::npos : tab - start), static_cast<int>(start) + 1});
    if (tab == std::string::npos) return fields;
    start = tab + 1;
  }
}

template <class Number>
Number number_at(const std::string& text, const TextLocation& at, const std::string& what, const std::string& line,
                 Number most) {
  Number v{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  bool negative = false;
  if constexpr (std::is_signed_v<Number>) negative = v < 0;
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || negative || v > most)
    throw InputError(at, what + " is a whole number from 0 to " + std::to_string(most) + ", not '" + text + "'", line,
                     at.column - 1);
  return v;
}

// "# end: N games, checksum HEX": the games' count and the FNV-1a hash of
// their lines, line breaks included.
std::string closing_line(std::size_t games, std::string_view lines) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash_text(lines)));
  return "# end: " + std::to_string(games) + " games, checksum " + hex;
}

}  // namespace

std::string match_records_text(const MatchRecordHeader& h, const std::vector<MatchGame>& games) {
  std::string out = "# evalsynth match records: one game a line\n";
  out += "# game: " + h.game + "\n";
  out += "# start boards: " + std::to_string(h.boards) + " (" + h.board_text + ")\n";
  out += "# move order: " + h.order + "\n";
  if (h.random_move_percent > 0) out += "# random moves: " + std::to_string(h.random_move_percent) + "\n";
  out += "# games per board: " + std::to_string(h.games_per_board) + "\n";
  out += "# seed: " + std::to_string(h.seed) + "\n";
  for (const std::string& player : h.players) out += "# player: " + player + "\n";
  if (!h.sprt.empty()) out += "# sprt: " + h.sprt + "\n";
  out += std::string(kRecordColumns) + "\n";
  std::string lines;
  for (const MatchGame& g : games) {
    lines += g.x + '\t' + g.o + '\t' + std::to_string(g.board) + '\t' + std::to_string(g.repetition) + '\t' +
             result_text(g.outcome) + '\t' + std::to_string(g.plies) + '\t' + std::to_string(g.nodes) + '\t' + g.moves +
             '\n';
  }
  return out + lines + closing_line(games.size(), lines) + "\n";
}

void write_match_records(const std::string& path, const MatchRecordHeader& header,
                         const std::vector<MatchGame>& games) {
  const std::string text = match_records_text(header, games);
  write_file_atomically(path, names_gzip_file(path) ? gzip_compress(text) : text);
}

MatchRecords read_match_records(const std::string& path) {
  // Uncompressed or gzip (a name ending .gz is written compressed, but a
  // file is recognised by its bytes, whatever it is called).
  constexpr std::size_t kMaxBytes = std::size_t{1} << 28;
  std::string text = read_text_file(path, "match records", kMaxBytes);
  if (is_gzip(text)) text = gzip_decompress(text, path, kMaxBytes);
  MatchRecords records;
  std::map<std::string, int> header_line;  // the fields given, and where
  bool columns_seen = false;
  int lines = 0;
  std::string game_lines;    // as written, for the closing line's checksum
  std::optional<int> ended;  // the closing line's number
  for_each_line(text, [&](const std::string& line, int line_number) {
    lines = line_number;
    const TextLocation where{path, line_number, 1};
    if (line.empty()) return;
    if (ended)
      throw InputError(where, "nothing follows the closing line (line " + std::to_string(*ended) + ")", line, 0);
    if (columns_seen && line.starts_with("# end: ")) {
      ended = line_number;
      const std::string expected = closing_line(records.games.size(), game_lines);
      if (line != expected)
        throw InputError(where,
                         "the closing line does not fit the games above it (" + std::to_string(records.games.size()) +
                             " of them, whose lines close as '" + expected + "'): a game was lost, added or changed",
                         line, 0);
      return;
    }
    if (line[0] == '#') {
      const std::size_t colon = line.find(": ");
      if (colon == std::string::npos) return;  // a comment
      const std::string key = line.substr(2, colon - 2), value = line.substr(colon + 2);
      TextLocation v = where;
      v.column = static_cast<int>(colon) + 3;
      if (key == "game") {
        records.header.game = value;
        records.game_at = v;
      } else if (key == "start boards") {
        const std::size_t space = value.find(' ');
        records.header.boards =
            number_at<std::size_t>(value.substr(0, space), v, "the number of start boards", line, 100'000'000);
        if (records.header.boards == 0) throw InputError(v, "a match has at least one start board", line, v.column - 1);
        if (space != std::string::npos && value.size() > space + 2)
          records.header.board_text = value.substr(space + 2, value.size() - space - 3);
      } else if (key == "move order") {
        if (value != "random" && value != "left-to-right")
          throw InputError(v, "the move order is random or left-to-right, not '" + value + "'", line, v.column - 1);
        records.header.order = value;
      } else if (key == "random moves") {
        records.header.random_move_percent = number_at<int>(value, v, "the percentage of random moves", line, 100);
      } else if (key == "games per board") {
        records.header.games_per_board = number_at<int>(value, v, "the games per board", line, 10'000'000);
        if (records.header.games_per_board == 0) throw InputError(v, "at least one game per board", line, v.column - 1);
      } else if (key == "seed") {
        records.header.seed = number_at<std::uint64_t>(value, v, "the seed", line, UINT64_MAX);
      } else if (key == "player") {
        records.header.players.push_back(value);
        return;  // one a player
      } else if (key == "sprt") {
        records.header.sprt = value;
      } else {
        return;
      }
      header_line[key] = line_number;
      return;
    }
    if (!columns_seen) {
      if (line != kRecordColumns)
        throw InputError(where, std::string("expected the column names: ") + kRecordColumns + " (tab-separated)", line,
                         0);
      for (const char* key : {"game", "start boards", "move order", "games per board", "seed"})
        if (!header_line.count(key))
          throw InputError(where, std::string("the records' header lacks '# ") + key + ": ...'", line, 0);
      columns_seen = true;
      return;
    }
    const std::vector<Field> f = split_tabs(line);
    if (f.size() != kRecordFields)
      throw InputError(where,
                       "a game's line has " + std::to_string(kRecordFields) + " tab-separated fields (" +
                           std::string(kRecordColumns) + "), not " + std::to_string(f.size()),
                       line, 0);
    const auto loc = [&](std::size_t i) { return TextLocation{path, line_number, f[i].column}; };
    MatchGame g;
    g.x = f[0].text;
    g.o = f[1].text;
    if (g.x.empty() || g.o.empty()) throw InputError(g.x.empty() ? loc(0) : loc(1), "a player without a name", line);
    g.board = number_at<std::size_t>(f[2].text, loc(2), "the start board", line, records.header.boards - 1);
    g.repetition = number_at<int>(f[3].text, loc(3), "the repetition", line, records.header.games_per_board - 1);
    // Not stored: match derives it (the column would double a file's size).
    g.seed = game_seed(records.header.seed, g.x, g.o, g.board, g.repetition);
    const std::string& result = f[4].text;
    if (result != "1-0" && result != "0-1" && result != "1/2-1/2")
      throw InputError(loc(4), "a result is 1-0, 0-1 or 1/2-1/2 (X's), not '" + result + "'", line, f[4].column - 1);
    g.outcome = result == "1-0" ? Outcome::XWin : result == "0-1" ? Outcome::OWin : Outcome::Draw;
    g.plies = number_at<int>(f[5].text, loc(5), "the plies", line, 1'000'000);
    g.nodes = number_at<std::uint64_t>(f[6].text, loc(6), "the nodes", line, UINT64_MAX);
    g.moves = f[7].text;
    records.games.push_back(std::move(g));
    game_lines.append(line).append("\n");
  });
  if (!columns_seen) throw InputError({path, lines + 1, 1}, "no game records here (the column names are missing)");
  if (!ended)
    throw InputError({path, lines + 1, 1},
                     "the records end without their closing line ('# end: N games, checksum ...'): the file was cut "
                     "short after " +
                         std::to_string(records.games.size()) + " game(s)");
  return records;
}

}  // namespace evalsynth
