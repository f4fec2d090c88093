#include "io/spec_reader.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "io/spec_parser.hpp"
#include "support/suggest.hpp"
#include "support/text.hpp"

namespace evalsynth {

namespace x3 = boost::spirit::x3;

void SpecReader::check_declared(const std::map<std::string, Handler>& table) const {
  for (const auto& [key, handler] : table)
    if (!find_spec_key(key, kind_))
      throw std::logic_error("spec key '" + key + "' is read but not declared in support/spec_keys.cpp");
  for (const SpecKey& key : spec_keys())
    if (key.in(kind_) && !table.count(std::string(key.name)))
      throw std::logic_error("spec key '" + std::string(key.name) + "' is declared but not read");
}

const SpecKey& SpecReader::declared(const spec_ast::Entry& e) const {
  const SpecKey* key = find_spec_key(e.key.text, kind_);
  assert(key && "run() hands an entry only to a declared key's handler");
  return *key;
}

void SpecReader::run(const std::vector<spec_ast::Entry>& entries) {
  const auto table = handlers();
  check_declared(table);
  std::vector<std::string> keys;
  for (const auto& [key, handler] : table) keys.push_back(key);
  std::map<std::string, const spec_ast::Entry*> seen;
  for (const auto& entry : entries)
    for (const auto& sum : entry.values) check_printable(sum);
  for (const auto& entry : entries) {
    const std::string& key = entry.key.text;
    const auto it = table.find(key);
    if (it == table.end()) {
      const SpecKind other = kind_ == SpecKind::Run ? SpecKind::Learn : SpecKind::Run;
      if (find_spec_key(key, other)) locate_.fail(entry.key, "'" + key + "' belongs in " + spec_kind_text(other));
      const std::string guess = closest_match(key, keys);
      locate_.fail(entry.key, "unknown key '" + key + "'" +
                                  (guess.empty() ? " (see specs/README.md)" : "; did you mean '" + guess + "'?"));
    }
    if (const auto previous = seen.find(key); previous != seen.end())
      locate_.fail(entry.key, "'" + key + "' is given twice (first at line " +
                                  std::to_string(locate_.where(previous->second->key).line) + ")");
    seen[key] = &entry;
    it->second(entry);
  }
  check_relations(seen);
}

void SpecReader::check_printable(const spec_ast::Word& w) const {
  for (const char c : w.text)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02x", static_cast<unsigned char>(c));
      locate_.fail(w, std::string("a value cannot contain the control byte ") + code);
    }
}
void SpecReader::check_printable(const spec_ast::Sum& sum) const {
  for (const auto& term : sum.terms) {
    if (const auto* word = boost::get<spec_ast::Word>(&term.get())) {
      check_printable(*word);
      continue;
    }
    const spec_ast::Call& call = boost::get<x3::forward_ast<spec_ast::Call>>(term.get()).get();
    check_printable(call.name);
    for (const auto& argument : call.arguments) check_printable(argument);
  }
}

std::vector<const spec_ast::Word*> SpecReader::words(const spec_ast::Entry& e) const {
  std::vector<const spec_ast::Word*> out;
  for (const auto& sum : e.values) {
    if (sum.terms.size() != 1)
      locate_.fail(sum, "'" + e.key.text + "' takes a list separated by ',', not a sum with '+'");
    const auto* word = boost::get<spec_ast::Word>(&sum.terms[0].get());
    if (!word) locate_.fail(sum, "'" + e.key.text + "' takes plain values, not calls");
    out.push_back(word);
  }
  return out;
}
const spec_ast::Word& SpecReader::one_word(const spec_ast::Entry& e) const {
  const auto list = words(e);
  if (list.size() != 1) locate_.fail(e.key, "'" + e.key.text + "' takes one value");
  return *list[0];
}

std::int64_t SpecReader::integer(const spec_ast::Word& w, std::int64_t min, std::int64_t max,
                                 const std::string& key) const {
  std::int64_t v = 0;
  const auto [end, error] = std::from_chars(w.text.data(), w.text.data() + w.text.size(), v);
  if (error != std::errc() || end != w.text.data() + w.text.size() || v < min || v > max)
    locate_.fail(w, "'" + key + "' wants a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                        ", not '" + w.text + "'");
  return v;
}
std::int64_t SpecReader::whole(const spec_ast::Entry& e) const {
  const SpecKey& key = declared(e);
  assert(key.whole_number());
  return integer(one_word(e), key.min, key.max, e.key.text);
}

std::vector<int> SpecReader::depth_list(const spec_ast::Entry& e) const {
  const SpecKey& declared_key = declared(e);
  assert(declared_key.whole_number());
  const int max_depth = static_cast<int>(declared_key.max);
  const std::string& key = e.key.text;
  std::vector<int> depths;
  for (const spec_ast::Word* w : words(e)) {
    const auto range = parse_int_range(w->text, 1, max_depth);
    if (!range && w->text.find('-', 1) == std::string::npos) integer(*w, 1, max_depth, key);  // says why
    if (!range)
      locate_.fail(*w, "'" + key + "' wants depths from 1 to " + std::to_string(max_depth) +
                           " (one, or a range such as 1-4), not '" + w->text + "'");
    const int first = range->first, last = range->last;
    if (last < first) locate_.fail(*w, "'" + key + "' has an empty range '" + w->text + "' (write it low-high)");
    for (int d = first; d <= last; ++d) {
      if (std::find(depths.begin(), depths.end(), d) != depths.end())
        locate_.fail(*w, "'" + key + "' lists " + (first == last ? "'" + w->text + "'" : "depth " + std::to_string(d)) +
                             " twice (each depth once)");
      depths.push_back(d);
    }
  }
  return depths;
}

double SpecReader::number(const spec_ast::Word& w, double min, double max, const std::string& key) const {
  double v = 0;
  std::istringstream in(w.text);
  in >> v;
  if (!in || !in.eof() || !(v >= min && v <= max))
    locate_.fail(w, "'" + key + "' wants a number from " + short_number(min) + " to " + short_number(max) + ", not '" +
                        w.text + "'");
  return v;
}
double SpecReader::duration(const spec_ast::Word& w, const std::string& key) const {
  std::string digits = w.text;
  double unit = 1;
  if (!digits.empty() && (digits.back() == 's' || digits.back() == 'm' || digits.back() == 'h')) {
    unit = digits.back() == 's' ? 1 : digits.back() == 'm' ? 60 : 3600;
    digits.pop_back();
  }
  double v = 0;
  std::istringstream in(digits);
  in >> v;
  if (digits.empty() || !in || !in.eof() || !(v >= 0) || v * unit > 1e7)
    locate_.fail(w, "'" + key + "' wants a duration such as 90s, 30m or 2h (0 for none), not '" + w.text + "'");
  return v * unit;
}

std::string SpecReader::existing_file(const spec_ast::Word& w, const std::string& what) const {
  std::error_code ignored;
  if (!std::filesystem::is_regular_file(w.text, ignored))
    locate_.fail(w, what + " file '" + w.text + "' not found (paths are relative to the current folder)");
  return w.text;
}
std::string SpecReader::existing_path(const spec_ast::Word& w, const std::string& what) const {
  std::error_code ignored;
  if (!std::filesystem::exists(w.text, ignored))
    locate_.fail(w, what + " '" + w.text + "' not found (paths are relative to the current folder)");
  return w.text;
}

std::string SpecReader::folder(const spec_ast::Word& w, const std::string& key) const {
  if (w.text.empty()) locate_.fail(w, "'" + key + "' names a folder; it cannot be empty (use . for this folder)");
  std::error_code ignored;
  if (std::filesystem::exists(w.text, ignored) && !std::filesystem::is_directory(w.text, ignored))
    locate_.fail(w, "'" + key + "' names a folder, but '" + w.text + "' is a file");
  return w.text;
}

std::string SpecReader::run_name(const spec_ast::Entry& e) const {
  const auto& w = one_word(e);
  if (w.text.empty()) locate_.fail(w, "a run name cannot be empty (it names the run's folders)");
  if (w.text.find_first_of("/\\") != std::string::npos || w.text.front() == '.')
    locate_.fail(w, "a run name is a plain folder name: no '/' or '\\', not starting with '.'");
  if (w.text.size() > 100) locate_.fail(w, "a run name has at most 100 characters");
  return w.text;
}

GameDescriptor SpecReader::game(const spec_ast::Entry& e) const {
  static const std::string kHelp = "'game' takes one game: " + known_games();
  if (e.values.size() != 1 || e.values[0].terms.size() != 1) locate_.fail(e.key, kHelp);
  const auto& term = e.values[0].terms[0].get();
  std::string text;
  const spec_ast::Word* at = boost::get<spec_ast::Word>(&term);
  if (at) {
    text = at->text;
  } else {
    const spec_ast::Call& call = boost::get<boost::spirit::x3::forward_ast<spec_ast::Call>>(term).get();
    at = &call.name;
    text = call.name.text + "(";
    for (std::size_t i = 0; i < call.arguments.size(); ++i) {
      const auto& argument = call.arguments[i];
      const auto* word = argument.terms.size() == 1 ? boost::get<spec_ast::Word>(&argument.terms[0].get()) : nullptr;
      if (!word) locate_.fail(call.name, "a game's parameters are plain values: " + kHelp);
      text += (i ? "," : "") + word->text;
    }
    text += ")";
  }
  try {
    return parse_game(text, {"--game"});
  } catch (const InputError& error) {
    // A mistake inside a game file is at its own line; the spec's line
    // that named the file is a note.
    if (error.where().source != "--game") throw InputError(error, locate_.where(*at), "the game file named here");
    locate_.fail(*at, error.message());
  }
}

void SpecReader::complain(const Seen& seen, const char* key, const std::string& message) const {
  if (const auto it = seen.find(key); it != seen.end()) locate_.fail(it->second->key, message);
  source_.fail_at(0, message);
}

void read_spec_text(const std::string& text, const std::string& source_name,
                    const std::function<void(const parsing::error_handler_type&, const SourceText&,
                                             const std::vector<spec_ast::Entry>&)>& interpret) {
  parsing::SourceParse parse(text, source_name);
  std::vector<spec_ast::Entry> entries;
  // Calls such as random(40) nest a level or two; the bound keeps a hostile
  // spec from exhausting the parser's stack.
  constexpr int kMaxSpecNesting = 32;
  parse.whole(spec_parser::spec_file(), entries,
              {"an entry (key = value), or ',' or '+' continuing a value", "an entry (key = value)", "",
               kMaxSpecNesting, "values nested more than " + std::to_string(kMaxSpecNesting) + " deep"});
  interpret(parse.handler, parse.source, entries);
}

}  // namespace evalsynth
