#include "games/registry.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include "games/connect4/feature_library.hpp"
#include "games/game_file.hpp"
#include "support/suggest.hpp"
#include "support/text.hpp"

namespace evalsynth {
namespace {

struct FamilyRow {
  GameFamily family;
  std::string_view name;
  const FeatureLibrary& (*library)();
};

const std::vector<FamilyRow>& families() {
  static const std::vector<FamilyRow> rows = {
      {GameFamily::Connect4, "connect4", connect4_feature_library},
      {GameFamily::Mnk, "mnk", mnk::feature_library},
      {GameFamily::Adjacent4, "adjacent4", adjacent4::feature_library},
      {GameFamily::ModNim, "modnim", modnim::feature_library},
      {GameFamily::Checkers, "checkers", checkers::feature_library},
  };
  return rows;
}

const FamilyRow& row_of(GameFamily family) {
  for (const FamilyRow& r : families())
    if (r.family == family) return r;
  return families().front();
}

// "name" or "name(a, b, ...)": the name and the arguments as written.
struct WrittenName {
  std::string name;
  std::vector<std::string> arguments;
  bool bracketed = false;
};

WrittenName split_name(std::string_view text, const TextLocation& where) {
  WrittenName w;
  const std::size_t open = text.find('(');
  w.name = lowercase(text.substr(0, open));
  while (!w.name.empty() && std::isspace(static_cast<unsigned char>(w.name.back()))) w.name.pop_back();
  if (open == std::string_view::npos) return w;
  w.bracketed = true;
  if (text.back() != ')') throw InputError(where, "a game's parameters end with ')': " + in_quotes(text));
  std::string_view inside = text.substr(open + 1, text.size() - open - 2);
  std::size_t start = 0;
  while (start <= inside.size()) {
    const std::size_t comma = std::min(inside.find(',', start), inside.size());
    std::string item(inside.substr(start, comma - start));
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    w.arguments.push_back(lowercase(item));
    start = comma + 1;
  }
  return w;
}

int whole_number(const std::string& text, int min, int max, const std::string& what, const TextLocation& where) {
  int v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || v < min || v > max)
    throw InputError(where, what + " is a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                                ", not " + in_quotes(text));
  return v;
}

}  // namespace

std::string_view family_name(GameFamily family) { return row_of(family).name; }

std::optional<GameFamily> family_named(std::string_view name) {
  for (const FamilyRow& r : families())
    if (r.name == name) return r.family;
  return std::nullopt;
}

const FeatureLibrary& feature_library(GameFamily family) { return row_of(family).library(); }

std::string known_games() {
  return "connect4, tictactoe, mnk(M,N,K), mnk(M,N,K,fill), adjacent4(W,H), modnim(K,M), checkers(N), checkers(N,Q)";
}

std::vector<GameFamily> game_families() {
  std::vector<GameFamily> out;
  for (const FamilyRow& r : families()) out.push_back(r.family);
  return out;
}

FamilyHelp family_help(GameFamily family) {
  switch (family) {
    case GameFamily::Mnk:
      return {"mnk(M,N,K[,RULES])",
              "M columns, N rows (at most 64 cells), K in a line to win; RULES: fill (play to a full board, "
              "count the lines), drop (a stone falls to the lowest free cell of its column) or adjacent (next "
              "to a stone), across, up, diagonal, antidiagonal (lines run only so); tictactoe is mnk(3,3,3); "
              "a file.game describes one (specs/games/)",
              "stones placed on an M x N board"};
    case GameFamily::Adjacent4:
      return {"adjacent4(W,H)", "W columns, H rows (at most 64 cells)",
              "four in a row, every stone but the first next to one already placed"};
    case GameFamily::ModNim:
      return {"modnim(K,M)", "K sticks, a move takes 1 to M", "take sticks; who takes the last one wins"};
    case GameFamily::Checkers:
      return {"checkers(N[,Q])", "an N x N board (8, 6 or 4); Q quiet plies (no capture, no man moved) draw",
              "draughts with forced captures, men and kings"};
    case GameFamily::Connect4:
      break;
  }
  return {"connect4[(thesis-java)]", "the win test: standard, or the thesis's Java one",
          "the 7 x 6 board, stones drop to the lowest free cell"};
}

GameDescriptor default_game(GameFamily family) {
  GameDescriptor d;
  d.family = family;
  switch (family) {
    case GameFamily::Mnk:
      d.params = {3, 3, 3, 0};
      break;
    case GameFamily::Adjacent4:
      d.params = {8, 6, 0, 0};
      break;
    case GameFamily::ModNim:
      d.params = {100, 3, 0, 0};
      break;
    case GameFamily::Checkers:
      d.params = {8, checkers::kDrawQuietPlies, 0, 0};
      break;
    case GameFamily::Connect4:
      break;
  }
  return d;
}

std::string GameDescriptor::text() const {
  const auto number = [&](int i) { return std::to_string(params[static_cast<std::size_t>(i)]); };
  switch (family) {
    case GameFamily::Connect4:
      return params[0] == 1 ? "connect4(thesis-java)" : "connect4";
    case GameFamily::Mnk:
      return mnk::game_name(params[0], params[1], params[2], mnk::Rules::unpacked(params[3]));
    case GameFamily::Adjacent4:
      return "adjacent4(" + number(0) + "," + number(1) + ")";
    case GameFamily::ModNim:
      return "modnim(" + number(0) + "," + number(1) + ")";
    case GameFamily::Checkers:
      return std::string("checkers(")
          .append(number(0))
          .append(params[1] == checkers::kDrawQuietPlies ? "" : ",")
          .append(params[1] == checkers::kDrawQuietPlies ? "" : number(1))
          .append(")");
  }
  return "?";
}

namespace {

GameDescriptor parse_mnk(const std::vector<std::string>& args, std::string_view text, const TextLocation& where) {
  const std::string usage =
      "mnk takes M columns, N rows and K in a line, then any of: fill (play to a full board, count the lines), "
      "drop or adjacent (where a stone goes), across, up, diagonal, antidiagonal (the only directions lines run "
      "in): mnk(4,4,4), mnk(7,6,4,drop); not " +
      in_quotes(text);
  if (args.size() < 3) throw InputError(where, usage);
  const int m = whole_number(args[0], 1, grid::kMaxSide, "M (columns)", where);
  const int n = whole_number(args[1], 1, grid::kMaxSide, "N (rows)", where);
  if (m * n > grid::kMaxCells)
    throw InputError(
        where, "an mnk board has at most " + std::to_string(grid::kMaxCells) + " cells, not " + std::to_string(m * n));
  const int k = whole_number(args[2], 1, std::min(grid::kMaxLine, std::max(m, n)), "K (in a line)", where);
  mnk::Rules rules;
  std::uint8_t directions = 0;
  bool placed = false;
  for (std::size_t i = 3; i < args.size(); ++i) {
    const std::string word = lowercase(args[i]);
    bool known = false;
    if (word == "fill" && !rules.fill) known = rules.fill = true;
    for (int p = 0; p < 3; ++p)
      if (word == mnk::kPlacementWords[p] && !placed) {
        rules.placement = static_cast<mnk::Placement>(p);
        known = placed = true;
      }
    for (int bit = 0; bit < 4; ++bit)
      if (word == mnk::kDirectionWords[bit] && !(directions >> bit & 1)) {
        directions |= static_cast<std::uint8_t>(1 << bit);
        known = true;
      }
    if (!known) throw InputError(where, "'" + args[i] + "' is no rule of mnk, or is given twice: " + usage);
  }
  if (directions) rules.directions = directions;
  // A line must fit the board in some direction it may run in.
  const bool fits = ((rules.directions & grid::kAcross) && k <= m) || ((rules.directions & grid::kUp) && k <= n) ||
                    ((rules.directions & (grid::kDiagonal | grid::kAntidiagonal)) && k <= std::min(m, n));
  if (!fits)
    throw InputError(where, "no line of " + std::to_string(k) + " fits a " + std::to_string(m) + " x " +
                                std::to_string(n) + " board in the directions given: " + in_quotes(text));
  GameDescriptor d;
  d.family = GameFamily::Mnk;
  d.params = {m, n, k, rules.packed()};
  return d;
}

}  // namespace

GameDescriptor parse_game(std::string_view text, const TextLocation& where) {
  if (text.ends_with(".game")) return read_game_file(std::string(text), where);
  const WrittenName w = split_name(text, where);
  std::vector<std::string> names;
  for (const FamilyRow& r : families()) names.emplace_back(r.name);
  names.emplace_back("tictactoe");
  if (w.name == "tictactoe") {
    if (w.bracketed) throw InputError(where, "tictactoe is mnk(3,3,3); for other boards write mnk(M,N,K)");
    return default_game(GameFamily::Mnk);
  }
  const auto family = family_named(w.name);
  if (!family) {
    const std::string guess = closest_match(w.name, names);
    throw InputError(where, "unknown game " + in_quotes(text) + " (games: " + known_games() + ")" +
                                (guess.empty() ? "" : "; did you mean '" + guess + "'?"));
  }
  GameDescriptor d = default_game(*family);
  const auto& args = w.arguments;
  switch (*family) {
    case GameFamily::Connect4:
      if (w.bracketed) {
        if (args.size() != 1 || (args[0] != "standard" && args[0] != "thesis-java"))
          throw InputError(where,
                           "connect4 takes one parameter, its win test: connect4(standard) or "
                           "connect4(thesis-java), not " +
                               in_quotes(text));
        d.params[0] = args[0] == "thesis-java" ? 1 : 0;
      }
      break;
    case GameFamily::Mnk:
      if (w.bracketed) d = parse_mnk(args, text, where);
      break;
    case GameFamily::Adjacent4:
      if (w.bracketed) {
        if (args.size() != 2)
          throw InputError(where, "adjacent4 takes W columns and H rows: adjacent4(8,6), not " + in_quotes(text));
        const int columns = whole_number(args[0], 1, grid::kMaxSide, "W (columns)", where);
        const int rows = whole_number(args[1], 1, grid::kMaxSide, "H (rows)", where);
        if (columns * rows > grid::kMaxCells || std::max(columns, rows) < adjacent4::kLine)
          throw InputError(where, "an adjacent4 board has at most " + std::to_string(grid::kMaxCells) +
                                      " cells and room for four in a line, not " + std::to_string(columns) + " x " +
                                      std::to_string(rows));
        d.params = {columns, rows, 0, 0};
      }
      break;
    case GameFamily::ModNim:
      if (w.bracketed) {
        if (args.size() != 2)
          throw InputError(where,
                           "modnim takes K sticks and M, the most a move takes: modnim(100,3), not " + in_quotes(text));
        d.params = {whole_number(args[0], 1, modnim::kMaxSticks, "K (sticks)", where),
                    whole_number(args[1], 1, modnim::kMaxTake, "M (the most a move takes)", where), 0, 0};
      }
      break;
    case GameFamily::Checkers:
      if (w.bracketed) {
        if (args.size() > 2 || (args[0] != "8" && args[0] != "6" && args[0] != "4"))
          throw InputError(where, std::string("checkers takes the board's side, 8, 6 or 4, and optionally the plies "
                                              "without a capture or a man's move that draw (default ")
                                      .append(std::to_string(checkers::kDrawQuietPlies))
                                      .append("): checkers(6) or checkers(6,50), not ")
                                      .append(in_quotes(text)));
        d.params = {args[0][0] - '0', checkers::kDrawQuietPlies, 0, 0};
        if (args.size() == 2)
          d.params[1] = whole_number(args[1], 1, checkers::kMaxQuietPlies,
                                     "the plies without a capture or a man's move that draw", where);
      }
      break;
  }
  return d;
}

std::optional<GameLine> take_game_line(std::string& text, const std::string& source_name) {
  std::size_t line_start = 0;
  int line = 1;
  while (line_start < text.size()) {
    std::size_t end = text.find('\n', line_start);
    if (end == std::string::npos) end = text.size();
    std::size_t i = line_start;
    while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) ++i;
    if (i == end || text[i] == '#') {
      line_start = end + 1;
      ++line;
      continue;
    }
    // The first line with content: a game line, or not one at all.
    if (text.compare(i, 4, "game") != 0 || i + 4 >= end || (text[i + 4] != ' ' && text[i + 4] != '\t'))
      return std::nullopt;
    std::size_t name_begin = i + 4;
    while (name_begin < end && (text[name_begin] == ' ' || text[name_begin] == '\t')) ++name_begin;
    std::size_t name_end = text.find('#', name_begin);
    if (name_end == std::string::npos || name_end > end) name_end = end;
    while (name_end > name_begin && std::isspace(static_cast<unsigned char>(text[name_end - 1]))) --name_end;
    GameLine g;
    g.name = text.substr(name_begin, name_end - name_begin);
    g.where = {source_name, line, static_cast<int>(name_begin - line_start) + 1};
    const std::string line_text = text.substr(line_start, end - line_start);
    const int caret = static_cast<int>(name_begin - line_start);
    if (g.name.empty()) throw InputError(g.where, "'game' names a game: " + known_games(), line_text, caret);
    try {
      g.game = parse_game(g.name, g.where);
    } catch (const InputError& e) {
      throw InputError(g.where, e.message(), line_text, caret);
    }
    for (std::size_t k = i; k < end; ++k)
      if (text[k] != '\r') text[k] = ' ';
    return g;
  }
  return std::nullopt;
}

std::optional<std::string> reference_program(const GameDescriptor& game, std::string_view name) {
  return with_game(game, [&](const auto& g) -> std::optional<std::string> {
    if constexpr (requires { g.reference_programs(); })
      for (const ReferenceProgram& r : g.reference_programs())
        if (r.name == name) return std::string(r.text);
    return std::nullopt;
  });
}

std::string reference_program_names(const GameDescriptor& game) {
  return with_game(game, [&](const auto& g) {
    std::string names;
    if constexpr (requires { g.reference_programs(); })
      for (const ReferenceProgram& r : g.reference_programs())
        names += (names.empty() ? "" : ", ") + std::string(r.name);
    return names;
  });
}

}  // namespace evalsynth
