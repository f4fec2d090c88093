#include "games/registry.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include "games/game_file.hpp"
#include "support/suggest.hpp"
#include "support/text.hpp"

namespace evalsynth {
namespace {

// What the registry keeps of each record, by family number.
struct FamilyRow {
  const FamilyInfo* info;
  GameParams (*parse)(const GameArguments&, std::string_view, const TextLocation&);
  std::string (*text)(const GameParams&);
  const FeatureLibrary& (*features)();
  std::string (*default_grammar)(const GameParams&);
};

const std::vector<FamilyRow>& families() {
  static const std::vector<FamilyRow> rows = [] {
    std::vector<FamilyRow> out;
    for_each_family_record([&]<class Record>() {
      out.push_back({&Record::info(), Record::parse, Record::text, Record::features, Record::default_grammar});
    });
    return out;
  }();
  return rows;
}

const FamilyRow& row_of(GameFamily family) {
  const auto i = static_cast<std::size_t>(family);
  assert(i < families().size());
  return families()[i];
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

}  // namespace

int game_parameter(const std::string& text, int min, int max, const std::string& what, const TextLocation& where) {
  int v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || v < min || v > max)
    throw InputError(where, what + " is a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                                ", not " + in_quotes(text));
  return v;
}

const FamilyInfo& family_info(GameFamily family) { return *row_of(family).info; }

std::string_view family_name(GameFamily family) { return row_of(family).info->name; }

std::optional<GameFamily> family_named(std::string_view name) {
  for (std::size_t i = 0; i < families().size(); ++i)
    if (families()[i].info->name == name) return static_cast<GameFamily>(i);
  return std::nullopt;
}

const FeatureLibrary& feature_library(GameFamily family) { return row_of(family).features(); }

std::string known_games() {
  std::string out;
  for (const FamilyRow& r : families()) {
    for (const GameAlias& alias : r.info->aliases) out += std::string(alias.name) + ", ";
    out += std::string(r.info->syntax) + ", ";
  }
  return out + "or a FILE.game";
}

std::vector<GameFamily> game_families() {
  std::vector<GameFamily> out;
  for (std::size_t i = 0; i < families().size(); ++i) out.push_back(static_cast<GameFamily>(i));
  return out;
}

GameDescriptor default_game(GameFamily family) { return {family, row_of(family).info->defaults}; }

std::string GameDescriptor::text() const { return row_of(family).text(params); }

std::string default_grammar_text(const GameDescriptor& game) {
  return row_of(game.family).default_grammar(game.params);
}

GameDescriptor parse_game(std::string_view text, const TextLocation& where) {
  if (text.ends_with(".game")) return read_game_file(std::string(text), where);
  const WrittenName w = split_name(text, where);
  std::vector<std::string> names;
  for (std::size_t i = 0; i < families().size(); ++i) {
    const FamilyInfo& info = *families()[i].info;
    names.emplace_back(info.name);
    for (const GameAlias& alias : info.aliases) {
      names.emplace_back(alias.name);
      if (w.name != alias.name) continue;
      const GameDescriptor d{static_cast<GameFamily>(i), alias.params};
      if (w.bracketed)
        throw InputError(
            where, std::string(alias.name) + " is " + d.text() + "; for other games write " + std::string(info.syntax));
      return d;
    }
  }
  const auto family = family_named(w.name);
  if (!family) {
    const std::string guess = closest_match(w.name, names);
    throw InputError(where, "unknown game " + in_quotes(text) + " (games: " + known_games() + ")" +
                                (guess.empty() ? "" : "; did you mean '" + guess + "'?"));
  }
  if (!w.bracketed) return default_game(*family);
  return {*family, row_of(*family).parse(w.arguments, text, where)};
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
    const std::string bare = lowercase(g.name);
    g.whole = bare.find('(') != std::string::npos || bare.ends_with(".game") || !family_named(bare);
    g.line = line_text;
    for (std::size_t k = i; k < end; ++k)
      if (text[k] != '\r') text[k] = ' ';
    return g;
  }
  return std::nullopt;
}

bool game_fits(const GameDescriptor& named, bool whole, const GameDescriptor& game) {
  return named.family == game.family && (!whole || named == game);
}

void require_game_fits(const GameLine& named, const GameDescriptor& game, std::string_view what) {
  if (game_fits(named.game, named.whole, game)) return;
  const std::string of = named.whole ? named.game.text() : std::string(family_name(named.game.family));
  throw InputError(named.where, std::string(what) + " are of " + of + ", and the game is " + game.text(), named.line,
                   named.where.column - 1);
}

GameDescriptor game_named(const std::string& name) { return parse_game(name, {"<game>"}); }

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
