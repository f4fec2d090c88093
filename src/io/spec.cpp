#include "io/spec.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>

#include "io/spec_parser.hpp"
#include "lang/parse.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"
#include "support/suggest.hpp"
#include "support/x3_driver.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth {
namespace {

namespace x3 = boost::spirit::x3;

std::string short_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

class Interpreter {
 public:
  Interpreter(const parsing::error_handler_type& handler, const SourceText& source, RunSpec& spec)
      : locate_(handler, source), source_(source), spec_(spec) {}

  void run(const std::vector<spec_ast::Entry>& entries) {
    const auto table = handlers();
    std::vector<std::string> keys;
    for (const auto& [key, handler] : table) keys.push_back(key);
    std::map<std::string, const spec_ast::Entry*> seen;
    for (const auto& entry : entries)
      for (const auto& sum : entry.values) check_printable(sum);
    for (const auto& entry : entries) {
      const std::string& key = entry.key.text;
      const auto it = table.find(key);
      if (it == table.end()) {
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

 private:
  using Handler = std::function<void(const spec_ast::Entry&)>;

  // Quoted values may hold any byte but a quote and a line end; a control
  // byte (NUL above all, which would cut a path short) is never meant.
  void check_printable(const spec_ast::Word& w) const {
    for (const char c : w.text)
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) {
        char code[8];
        std::snprintf(code, sizeof code, "0x%02x", static_cast<unsigned char>(c));
        locate_.fail(w, std::string("a value cannot contain the control byte ") + code);
      }
  }
  void check_printable(const spec_ast::Sum& sum) const {
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

  // A list whose order matters but whose values must differ: a repeat is a
  // slip (colours = x, x) or doubles work without saying so.
  template <class T>
  void check_distinct(const std::vector<const spec_ast::Word*>& list, const std::vector<T>& values,
                      const std::string& key) const {
    for (std::size_t i = 0; i < values.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (values[i] == values[j])
          locate_.fail(*list[i], "'" + key + "' lists '" + list[j]->text + "' twice (each value once)");
  }

  // All the words of a value that must be a plain list (no '+', no calls).
  std::vector<const spec_ast::Word*> words(const spec_ast::Entry& e) const {
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
  const spec_ast::Word& one_word(const spec_ast::Entry& e) const {
    const auto list = words(e);
    if (list.size() != 1) locate_.fail(e.key, "'" + e.key.text + "' takes one value");
    return *list[0];
  }

  std::int64_t integer(const spec_ast::Word& w, std::int64_t min, std::int64_t max, const std::string& key) const {
    std::int64_t v = 0;
    const auto [end, error] = std::from_chars(w.text.data(), w.text.data() + w.text.size(), v);
    if (error != std::errc() || end != w.text.data() + w.text.size() || v < min || v > max)
      locate_.fail(w, "'" + key + "' wants a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                          ", not '" + w.text + "'");
    return v;
  }
  double number(const spec_ast::Word& w, double min, double max, const std::string& key) const {
    double v = 0;
    std::istringstream in(w.text);
    in >> v;
    if (!in || !in.eof() || !(v >= min && v <= max))
      locate_.fail(w, "'" + key + "' wants a number from " + short_number(min) + " to " + short_number(max) +
                          ", not '" + w.text + "'");
    return v;
  }
  double duration(const spec_ast::Word& w, const std::string& key) const {
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
  template <class T>
  T choice(const spec_ast::Word& w, const std::string& key,
           const std::vector<std::pair<std::string, T>>& options) const {
    std::string known;
    for (const auto& [word, value] : options) {
      if (w.text == word) return value;
      known += (known.empty() ? "" : ", ") + word;
    }
    locate_.fail(w, "'" + key + "' is one of " + known + ", not '" + w.text + "'");
  }
  std::string existing_file(const spec_ast::Word& w, const std::string& what) const {
    std::error_code ignored;
    if (!std::filesystem::is_regular_file(w.text, ignored))
      locate_.fail(w, what + " file '" + w.text + "' not found (paths are relative to the current folder)");
    return w.text;
  }
  std::string existing_path(const spec_ast::Word& w, const std::string& what) const {
    std::error_code ignored;
    if (!std::filesystem::exists(w.text, ignored))
      locate_.fail(w, what + " '" + w.text + "' not found (paths are relative to the current folder)");
    return w.text;
  }

  // A folder the run writes into (created if missing).
  std::string folder(const spec_ast::Word& w, const std::string& key) const {
    if (w.text.empty()) locate_.fail(w, "'" + key + "' names a folder; it cannot be empty (use . for this folder)");
    std::error_code ignored;
    if (std::filesystem::exists(w.text, ignored) && !std::filesystem::is_directory(w.text, ignored))
      locate_.fail(w, "'" + key + "' names a folder, but '" + w.text + "' is a file");
    return w.text;
  }

  std::vector<BoardSource> boards(const spec_ast::Entry& e) const {
    static const std::string kParts =
        "a board set is made of shallow, random(N), openings(N) and file(\"path\") joined by '+'";
    std::vector<BoardSource> out;
    for (const auto& sum : e.values)
      for (const auto& term : sum.terms) {
        if (const auto* word = boost::get<spec_ast::Word>(&term.get())) {
          if (word->text != "shallow") locate_.fail(*word, kParts + ", not '" + word->text + "'");
          out.push_back({BoardSource::Kind::Shallow, 0, {}});
          continue;
        }
        const spec_ast::Call& call = boost::get<x3::forward_ast<spec_ast::Call>>(term.get()).get();
        const std::string& f = call.name.text;
        if ((f != "random" && f != "file" && f != "openings") || call.arguments.size() != 1 ||
            call.arguments[0].terms.size() != 1)
          locate_.fail(call.name, kParts);
        const auto* arg = boost::get<spec_ast::Word>(&call.arguments[0].terms[0].get());
        if (!arg) locate_.fail(call.name, "'" + f + "' takes a plain value");
        if (f == "random")
          out.push_back({BoardSource::Kind::Random, static_cast<int>(integer(*arg, 1, 100000, e.key.text)), {}});
        else if (f == "openings")
          out.push_back(
              {BoardSource::Kind::Openings, static_cast<int>(integer(*arg, 0, kMaxOpeningPlies, "openings")), {}});
        else
          out.push_back({BoardSource::Kind::File, 0, existing_file(*arg, "board")});
      }
    return out;
  }

  std::map<std::string, Handler> handlers() {
    std::map<std::string, Handler> h;
    RunSpec& s = spec_;
    // The name becomes a folder in the results and checkpoint folders.
    h["name"] = [&](const auto& e) {
      const auto& w = one_word(e);
      if (w.text.empty()) locate_.fail(w, "a run name cannot be empty (it names the run's folders)");
      if (w.text.find_first_of("/\\") != std::string::npos || w.text.front() == '.')
        locate_.fail(w, "a run name is a plain folder name: no '/' or '\\', not starting with '.'");
      if (w.text.size() > 100) locate_.fail(w, "a run name has at most 100 characters");
      s.name = w.text;
    };
    h["grammar"] = [&](const auto& e) { s.grammar = existing_file(one_word(e), "grammar"); };
    h["seeds"] = [&](const auto& e) {
      s.seeds.clear();
      for (const auto* w : words(e)) s.seeds.push_back(existing_file(*w, "seed program"));
      check_distinct(words(e), s.seeds, "seeds");
    };
    h["seed-population"] = [&](const auto& e) { s.seed_population = existing_path(one_word(e), "seed population"); };
    h["opponents"] = [&](const auto& e) {
      s.opponents.clear();
      for (const auto* w : words(e)) {
        PlayerEntry entry;
        try {
          entry = parse_player_entry(w->text, true);
        } catch (const UsageError& error) {
          locate_.fail(*w, std::string(error.what()) +
                               " (an opponent is NAME@DEPTH: ibef@2, adate@2, file.eval@3, population/run@2, answer@2, "
                               "hall3@2; or random)");
        }
        std::error_code ignored;
        if (entry.kind == PlayerEntry::Kind::File && !std::filesystem::exists(entry.name, ignored))
          locate_.fail(*w, "opponent program '" + entry.name + "' not found");
        s.opponents.push_back(w->text);
      }
      check_distinct(words(e), s.opponents, "opponents");
    };
    h["colours"] = [&](const auto& e) {
      s.colours.clear();
      for (const auto* w : words(e)) s.colours.push_back(choice<Side>(*w, "colours", {{"x", Side::X}, {"o", Side::O}}));
      check_distinct(words(e), s.colours, "colours");
    };
    h["candidate-depths"] = [&](const auto& e) {
      s.candidate_depths.clear();
      for (const auto* w : words(e))
        s.candidate_depths.push_back(static_cast<int>(integer(*w, 1, 12, "candidate-depths")));
      check_distinct(words(e), s.candidate_depths, "candidate-depths");
    };
    h["training-boards"] = [&](const auto& e) { s.training = boards(e); };
    h["validation-boards"] = [&](const auto& e) { s.validation = boards(e); };
    h["strength-positions"] = [&](const auto& e) {
      s.strength_positions.clear();
      for (const auto* w : words(e)) s.strength_positions.push_back(existing_file(*w, "analysis"));
      check_distinct(words(e), s.strength_positions, "strength-positions");
    };
    for (auto [key, files] : {std::pair{"training-positions", &s.training_positions},
                              std::pair{"validation-positions", &s.validation_positions}})
      h[key] = [&, key, files](const auto& e) {
        files->clear();
        for (const auto* w : words(e)) files->push_back(existing_file(*w, "analysis"));
        check_distinct(words(e), *files, key);
      };
    h["position-depths"] = [&](const auto& e) {
      s.position_depths.clear();
      for (const auto* w : words(e))
        s.position_depths.push_back(static_cast<int>(integer(*w, 1, 12, "position-depths")));
      check_distinct(words(e), s.position_depths, "position-depths");
    };
    h["racing"] = [&](const auto& e) {
      s.racing = choice<bool>(one_word(e), "racing", {{"on", true}, {"off", false}});
    };
    h["race-batches"] = [&](const auto& e) {
      s.race_batches = static_cast<int>(integer(one_word(e), 2, 64, "race-batches"));
    };
    h["race-confidence"] = [&](const auto& e) {
      s.race_confidence = number(one_word(e), 0.5, 0.999999, "race-confidence");
    };
    h["mistake-cost"] = [&](const auto& e) { s.scoring.mistake_cost = number(one_word(e), 0.0, 1e6, "mistake-cost"); };
    h["strength-depth"] = [&](const auto& e) {
      s.strength_depth = static_cast<int>(integer(one_word(e), 1, 12, "strength-depth"));
    };
    h["board-seed"] = [&](const auto& e) {
      s.board_seed = static_cast<std::uint64_t>(integer(one_word(e), 0, INT64_MAX, "board-seed"));
    };
    h["scoring"] = [&](const auto& e) {
      s.scoring.games = choice<GameScoring>(one_word(e), "scoring",
                                            {{"thesis", GameScoring::Thesis}, {"points", GameScoring::Points}});
    };
    h["move-order"] = [&](const auto& e) {
      s.move_order = choice<MoveOrder>(one_word(e), "move-order",
                                       {{"left-to-right", MoveOrder::LeftToRight}, {"random", MoveOrder::Random}});
    };
    h["rules"] = [&](const auto& e) {
      s.rules = choice<RuleSet>(one_word(e), "rules",
                                {{"standard", RuleSet::Standard}, {"thesis-java", RuleSet::ThesisJava}});
    };
    h["population"] = [&](const auto& e) {
      s.population = static_cast<int>(integer(one_word(e), 2, 100000, "population"));
    };
    h["generations"] = [&](const auto& e) {
      s.generations = static_cast<int>(integer(one_word(e), 1, 1000000, "generations"));
    };
    h["time-budget"] = [&](const auto& e) { s.time_budget_seconds = duration(one_word(e), "time-budget"); };
    h["evaluations"] = [&](const auto& e) { s.evaluation_budget = integer(one_word(e), 0, INT64_MAX, "evaluations"); };
    for (evolve::OperatorId op = 0; op < evolve::operators().size(); ++op) {
      const std::string key(evolve::operator_info(op).name);
      h[key] = [&, op, key](const auto& e) { s.operator_rates[op] = number(one_word(e), 0.0, 1.0, key); };
    }
    h["algorithm"] = [&](const auto& e) {
      s.algorithm = choice<evolve::AlgorithmKind>(
          one_word(e), "algorithm",
          {{"generational", evolve::AlgorithmKind::Generational}, {"archive", evolve::AlgorithmKind::Archive}});
    };
    h["archive-per-size"] = [&](const auto& e) {
      s.archive_per_size = static_cast<int>(integer(one_word(e), 1, 1000, "archive-per-size"));
    };
    h["compound"] = [&](const auto& e) { s.compound = static_cast<int>(integer(one_word(e), 1, 20, "compound")); };
    h["restart-every"] = [&](const auto& e) {
      s.restart_every = static_cast<int>(integer(one_word(e), 0, 1000000, "restart-every"));
    };
    h["tournament-size"] = [&](const auto& e) {
      s.tournament_size = static_cast<int>(integer(one_word(e), 1, 1000, "tournament-size"));
    };
    h["elitism"] = [&](const auto& e) { s.elitism = static_cast<int>(integer(one_word(e), 0, 100000, "elitism")); };
    h["max-size"] = [&](const auto& e) {
      s.limits.max_size = static_cast<std::size_t>(integer(one_word(e), 1, 20000, "max-size"));
    };
    // Programs are saved as text: deeper ones could exceed the parser's nesting limit.
    h["max-depth"] = [&](const auto& e) {
      s.limits.max_depth = static_cast<int>(integer(one_word(e), 1, lang::kMaxProgramDepth, "max-depth"));
    };
    h["init-depth"] = [&](const auto& e) {
      s.init_depth = static_cast<int>(integer(one_word(e), 1, 30, "init-depth"));
    };
    h["validation-top"] = [&](const auto& e) {
      s.validation_top = static_cast<int>(integer(one_word(e), 1, 100000, "validation-top"));
    };
    h["hall-of-fame"] = [&](const auto& e) {
      s.hall_of_fame = static_cast<int>(integer(one_word(e), 1, 10000, "hall-of-fame"));
    };
    h["seed"] = [&](const auto& e) { s.seed = static_cast<std::uint64_t>(integer(one_word(e), 0, INT64_MAX, "seed")); };
    h["threads"] = [&](const auto& e) { s.threads = static_cast<int>(integer(one_word(e), 0, 1024, "threads")); };
    h["output"] = [&](const auto& e) { s.output = folder(one_word(e), "output"); };
    h["checkpoints"] = [&](const auto& e) { s.checkpoints = folder(one_word(e), "checkpoints"); };
    h["checkpoint-every"] = [&](const auto& e) {
      s.checkpoint_every = static_cast<int>(integer(one_word(e), 0, 1000000, "checkpoint-every"));
    };
    h["checkpoint-seconds"] = [&](const auto& e) {
      s.checkpoint_seconds = duration(one_word(e), "checkpoint-seconds");
    };
    h["checkpoint-keep"] = [&](const auto& e) {
      s.checkpoint_keep = static_cast<int>(integer(one_word(e), 1, 1000, "checkpoint-keep"));
    };
    return h;
  }

  void check_relations(const std::map<std::string, const spec_ast::Entry*>& seen) const {
    auto at = [&](const char* key) -> const spec_ast::Entry* {
      const auto it = seen.find(key);
      return it == seen.end() ? nullptr : it->second;
    };
    auto complain = [&](const char* key, const std::string& message) {
      if (const auto* e = at(key)) locate_.fail(e->key, message);
      source_.fail_at(0, message);
    };
    if (spec_.elitism >= spec_.population) complain("elitism", "elitism must be smaller than the population");
    if (spec_.validation_top > spec_.population)
      complain("validation-top", "validation-top cannot exceed the population");
    double total = 0;
    for (double r : spec_.operator_rates) total += r;
    if (total <= 0) complain("crossover", "at least one operator rate must be above 0");
    if (spec_.init_depth > spec_.limits.max_depth) complain("init-depth", "init-depth cannot exceed max-depth");
    bool fixed_opponent = false;
    for (const std::string& o : spec_.opponents)
      fixed_opponent = fixed_opponent || parse_player_entry(o, true).kind != PlayerEntry::Kind::SelfPlay;
    // hallK plays the K-th best so far: a hall of fame shorter than K never
    // has one, and the opponent would silently stay a stand-in.
    if (const auto* e = at("opponents"))
      for (const auto* w : words(*e)) {
        const PlayerEntry entry = parse_player_entry(w->text, true);
        if (entry.kind == PlayerEntry::Kind::SelfPlay && entry.self_play_count > spec_.hall_of_fame)
          locate_.fail(*w, "'" + w->text + "' needs a hall of fame of at least " +
                               std::to_string(entry.self_play_count) + " programs, but hall-of-fame is " +
                               std::to_string(spec_.hall_of_fame));
      }
    if (!fixed_opponent)
      complain("opponents",
               "opponents need one besides answer@D and hallK@D: validation plays only the fixed opponents");
    for (const char* key : {"race-batches", "race-confidence"})
      if (at(key) && !spec_.racing) complain(key, std::string(key) + " applies with racing = on");
    for (const char* key : {"position-depths", "mistake-cost"})
      if (at(key) && !spec_.uses_positions())
        complain(key, std::string(key) +
                          " applies to the position term: name training-positions or "
                          "validation-positions (.analysis files) too");
    for (const std::string& file : spec_.training_positions)
      if (std::find(spec_.validation_positions.begin(), spec_.validation_positions.end(), file) !=
          spec_.validation_positions.end())
        complain("validation-positions", "'" + file +
                                             "' is both training and validation positions: validation must "
                                             "measure on positions the run does not train on");
    if (spec_.algorithm == evolve::AlgorithmKind::Archive && spec_.restart_every > 0)
      complain("restart-every", "restart-every belongs to the generational algorithm; the archive keeps its programs");
  }

  parsing::NodeLocator locate_;
  const SourceText& source_;
  RunSpec& spec_;
};

}  // namespace

RunSpec parse_spec(const std::string& text, const std::string& source_name) {
  parsing::SourceParse parse(text, source_name);
  std::vector<spec_ast::Entry> entries;
  // Calls such as random(40) nest a level or two; the bound keeps a hostile
  // spec from exhausting the parser's stack.
  constexpr int kMaxSpecNesting = 32;
  parse.whole(spec_parser::spec_file(), entries,
              {"an entry (key = value), or ',' or '+' continuing a value", "an entry (key = value)", "",
               kMaxSpecNesting, "values nested more than " + std::to_string(kMaxSpecNesting) + " deep"});
  RunSpec spec;
  spec.source = source_name;
  spec.text = text;
  spec.name = std::filesystem::path(source_name).stem().string();
  Interpreter(parse.handler, parse.source, spec).run(entries);
  return spec;
}

RunSpec read_spec_file(const std::string& path) { return parse_spec(read_text_file(path, "spec", 1 << 20), path); }

}  // namespace evalsynth

namespace evalsynth {

RunSpec checkpoint_spec(const Checkpoint& checkpoint, const std::string& checkpoint_path) {
  try {
    return parse_spec(checkpoint.spec_text, checkpoint.spec_source);
  } catch (const InputError& e) {
    throw InputError(TextLocation{checkpoint_path, 1, 1},
                     "the spec saved in this checkpoint no longer reads here:\n" + std::string(e.what()));
  }
}

}  // namespace evalsynth
