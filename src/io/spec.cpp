#include "io/spec.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <sstream>

#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/opening_book.hpp"
#include "games/registry.hpp"
#include "io/spec_interpreter.hpp"
#include "lang/default_grammar.hpp"
#include "lang/parse.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"
#include "support/suggest.hpp"
#include "support/x3_driver.hpp"
#include "tournament/labelled.hpp"
#include "tournament/player.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {
namespace spec_detail {

namespace x3 = boost::spirit::x3;

std::vector<BoardSource> RunSpecInterpreter::boards(const spec_ast::Entry& e) const {
  static const std::string kParts =
      "a board set is made of shallow, random(N), openings(N), balanced-openings(N, B) and file(\"path\") joined "
      "by '+'";
  std::vector<BoardSource> out;
  for (const auto& sum : e.values)
    for (const auto& term : sum.terms) {
      if (const auto* word = boost::get<spec_ast::Word>(&term.get())) {
        if (word->text != "shallow") locate_.fail(*word, kParts + ", not '" + word->text + "'");
        out.push_back({BoardSource::Kind::Shallow, 0, {}, 0, locate_.where(*word)});
        continue;
      }
      const spec_ast::Call& call = boost::get<x3::forward_ast<spec_ast::Call>>(term.get()).get();
      const std::string& f = call.name.text;
      const std::size_t arity = f == "balanced-openings" ? 2 : 1;
      if ((f != "random" && f != "file" && f != "openings" && f != "balanced-openings") ||
          call.arguments.size() != arity)
        locate_.fail(call.name, kParts);
      std::vector<const spec_ast::Word*> args;
      for (const auto& argument : call.arguments) {
        const auto* arg = argument.terms.size() == 1 ? boost::get<spec_ast::Word>(&argument.terms[0].get()) : nullptr;
        if (!arg) locate_.fail(call.name, "'" + f + "' takes plain values");
        args.push_back(arg);
      }
      if (f == "random")
        out.push_back({BoardSource::Kind::Random,
                       static_cast<int>(integer(*args[0], 1, 100000, e.key.text)),
                       {},
                       0,
                       locate_.where(call.name)});
      else if (f == "openings")
        out.push_back(
            {BoardSource::Kind::Openings, static_cast<int>(integer(*args[0], 0, kMaxOpeningPlies, "openings")), {}});
      else if (f == "balanced-openings")
        out.push_back(balanced_openings(*args[0], *args[1]));
      else
        out.push_back({BoardSource::Kind::File, 0, existing_file(*args[0], "board"), 0, locate_.where(call.name)});
    }
  return out;
}

std::string RunSpecInterpreter::positions_file(const spec_ast::Word& w) const {
  std::error_code ignored;
  if (!std::filesystem::exists(w.text, ignored)) {
    missing_positions_.push_back(&w);  // refused once the game is known, with the command that makes it
    return w.text;
  }
  positions_files_.push_back(existing_file(w, "positions"));
  return positions_files_.back();
}

void RunSpecInterpreter::check_missing_positions() const {
  // A set of another game, or of another board of the game's family, is
  // refused at its game line now, before any work.
  const GameDescriptor game = spec_.game_descriptor();
  for (const std::string& path : positions_files_) {
    std::string text = read_file_prefix(path, "positions", std::size_t{1} << 16);
    if (const auto named = take_game_line(text, path))
      require_game_fits(*named, game, "these positions");
    else if (game.family != kDefaultFamily)
      throw InputError(TextLocation{path, 1, 1},
                       "labelled positions of " + game.text() + " begin with the line `game " + game.text() +
                           "` (a file without one is " + std::string(family_info(kDefaultFamily).title) + "'s)");
  }
  for (const spec_ast::Word* w : missing_positions_)
    locate_.fail(*w, "positions file '" + w->text +
                         "' not found (paths are relative to the current folder); make the game's training, "
                         "validation and test sets with: " +
                         make_sets_command(spec_.game_descriptor().text(), w->text));
}

BoardSource RunSpecInterpreter::balanced_openings(const spec_ast::Word& plies_word,
                                                  const spec_ast::Word& within_word) const {
  BoardSource source{BoardSource::Kind::BalancedOpenings, 0, {}};
  source.count = static_cast<int>(integer(plies_word, 0, kMaxOpeningPlies, "balanced-openings"));
  source.where = locate_.where(plies_word);
  source.within = static_cast<int>(integer(within_word, 0, connect4::kMaxAbsScore, "B"));
  balanced_written_.push_back({source.count, source.within, &plies_word, &within_word});
  return source;
}

void RunSpecInterpreter::check_balanced_openings() const {
  for (const BalancedWritten& b : balanced_written_)
    with_game(spec_.game_descriptor(), [&](const auto& game) {
      using G = std::decay_t<decltype(game)>;
      // Openings are scored by the game's opening book where it has one
      // (HasOwnSolver: Connect4's); else the exact solver keeps the drawn ones.
      if constexpr (!HasOwnSolver<G>) {
        if (b.within != 0)
          locate_.fail(*b.within_word, "for " + spec_.game.text() +
                                           " balanced-openings(N, B) keeps the openings perfect play draws: B is 0");
      } else {
        if (b.plies > G::kOpeningBookPlies)
          locate_.fail(*b.plies_word, "balanced openings go up to " + std::to_string(G::kOpeningBookPlies) +
                                          " plies, the depth of the opening book built into evalsynth (openings(N) "
                                          "takes any N up to " +
                                          std::to_string(kMaxOpeningPlies) + ")");
        if (balanced_opening_boards(game, b.plies, b.within).empty()) {
          int closest = std::numeric_limits<int>::max();
          for (const auto& p : opening_boards(game, b.plies))
            closest = std::min(closest, std::abs(game.opening_score(p)));
          locate_.fail(*b.within_word, "no " + std::to_string(b.plies) + "-ply opening is scored within " +
                                           std::to_string(b.within) + " of a draw; the closest is " +
                                           std::to_string(closest));
        }
      }
    });
}

auto RunSpecInterpreter::handlers() -> std::map<std::string, Handler> {
  std::map<std::string, Handler> h;
  RunSpec& s = spec_;
  add_shared_handlers(h, s);
  h["grammar"] = [&](const auto& e) {
    const spec_ast::Word& w = one_word(e);
    s.grammar = w.text == lang::kBuiltinGrammar ? w.text : existing_file(w, "grammar");
  };
  h["seeds"] = [&](const auto& e) {
    s.seeds.clear();
    // `none`: a first population of random programs only, where the game's
    // default seeds its references (spec_defaults.cpp).
    if (words(e).size() == 1 && words(e)[0]->text == "none") return;
    // A plain name may be one of the game's built-in programs, checked once
    // the game is known (check_game).
    for (const auto* w : words(e)) s.seeds.push_back(is_builtin_seed(*w) ? w->text : existing_file(*w, "seed program"));
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
  h["candidate-depths"] = [&](const auto& e) { s.candidate_depths = depth_list(e); };
  h["depth-pairing"] = [&](const auto& e) {
    s.depth_pairing = choice<RunSpec::DepthPairing>(
        one_word(e), "depth-pairing", {{"all", RunSpec::DepthPairing::All}, {"equal", RunSpec::DepthPairing::Equal}});
  };
  h["training-boards"] = [&](const auto& e) { s.training = boards(e); };
  h["validation-boards"] = [&](const auto& e) { s.validation = boards(e); };
  h["perfect-training-boards"] = [&](const auto& e) { s.perfect_training = boards(e); };
  h["perfect-validation-boards"] = [&](const auto& e) { s.perfect_validation = boards(e); };
  h["strength-positions"] = [&](const auto& e) {
    s.strength_positions.clear();
    for (const auto* w : words(e)) s.strength_positions.push_back(positions_file(*w));
    check_distinct(words(e), s.strength_positions, "strength-positions");
  };
  for (auto [key, files] : {std::pair{"training-positions", &s.training_positions},
                            std::pair{"validation-positions", &s.validation_positions}})
    h[key] = [&, key, files](const auto& e) {
      files->clear();
      for (const auto* w : words(e)) files->push_back(positions_file(*w));
      check_distinct(words(e), *files, key);
    };
  h["position-depths"] = [&](const auto& e) { s.position_depths = depth_list(e); };
  h["racing"] = [&](const auto& e) { s.racing = choice<bool>(one_word(e), "racing", {{"on", true}, {"off", false}}); };
  h["race-batches"] = [&](const auto& e) { s.race_batches = static_cast<int>(whole(e)); };
  h["race-confidence"] = [&](const auto& e) {
    s.race_confidence = number(one_word(e), 0.5, 0.999999, "race-confidence");
  };
  h["mistake-cost"] = [&](const auto& e) { s.scoring.mistake_cost = number(one_word(e), 0.0, 1e6, "mistake-cost"); };
  h["strength-depth"] = [&](const auto& e) { s.strength_depth = static_cast<int>(whole(e)); };
  h["board-seed"] = [&](const auto& e) { s.board_seed = static_cast<std::uint64_t>(whole(e)); };
  h["scoring"] = [&](const auto& e) {
    s.scoring.games =
        choice<GameScoring>(one_word(e), "scoring", {{"thesis", GameScoring::Thesis}, {"points", GameScoring::Points}});
  };
  h["move-order"] = [&](const auto& e) {
    s.move_order = choice<MoveOrder>(one_word(e), "move-order",
                                     {{"left-to-right", MoveOrder::LeftToRight}, {"random", MoveOrder::Random}});
  };
  h["random-moves"] = [&](const auto& e) { s.random_move_percent = static_cast<int>(whole(e)); };
  h["rules"] = [&](const auto& e) {
    s.rules = choice<connect4::RuleSet>(
        one_word(e), "rules",
        {{"standard", connect4::RuleSet::Standard}, {"thesis-java", connect4::RuleSet::ThesisJava}});
  };
  h["population"] = [&](const auto& e) { s.population = static_cast<int>(whole(e)); };
  h["generations"] = [&](const auto& e) { s.generations = static_cast<int>(whole(e)); };
  h["time-budget"] = [&](const auto& e) { s.time_budget_seconds = duration(one_word(e), "time-budget"); };
  h["evaluations"] = [&](const auto& e) { s.evaluation_budget = whole(e); };
  for (evolve::OperatorId op = 0; op < evolve::operators().size(); ++op) {
    const std::string key(evolve::operator_info(op).name);
    h[key] = [&, op, key](const auto& e) { s.operator_rates[op] = number(one_word(e), 0.0, 1.0, key); };
  }
  h["algorithm"] = [&](const auto& e) {
    s.algorithm = choice<evolve::AlgorithmKind>(one_word(e), "algorithm",
                                                {{"generational", evolve::AlgorithmKind::Generational},
                                                 {"archive", evolve::AlgorithmKind::Archive},
                                                 {"islands", evolve::AlgorithmKind::Islands},
                                                 {"hillclimb", evolve::AlgorithmKind::HillClimb}});
  };
  h["islands"] = [&](const auto& e) { s.islands = static_cast<int>(whole(e)); };
  h["migration-every"] = [&](const auto& e) { s.migration_every = static_cast<int>(whole(e)); };
  h["migrants"] = [&](const auto& e) { s.migrants = static_cast<int>(whole(e)); };
  h["archive-per-size"] = [&](const auto& e) { s.archive_per_size = static_cast<int>(whole(e)); };
  h["compound"] = [&](const auto& e) { s.compound = static_cast<int>(whole(e)); };
  h["restart-every"] = [&](const auto& e) { s.restart_every = static_cast<int>(whole(e)); };
  h["tournament-size"] = [&](const auto& e) { s.tournament_size = static_cast<int>(whole(e)); };
  h["elitism"] = [&](const auto& e) { s.elitism = static_cast<int>(whole(e)); };
  h["max-size"] = [&](const auto& e) { s.limits.max_size = static_cast<std::size_t>(whole(e)); };
  // Programs are saved as text: deeper ones could exceed the parser's nesting limit.
  h["max-depth"] = [&](const auto& e) { s.limits.max_depth = static_cast<int>(whole(e)); };
  h["init-depth"] = [&](const auto& e) { s.init_depth = static_cast<int>(whole(e)); };
  h["validation-top"] = [&](const auto& e) { s.validation_top = static_cast<int>(whole(e)); };
  h["hall-of-fame"] = [&](const auto& e) { s.hall_of_fame = static_cast<int>(whole(e)); };
  h["checkpoint-keep"] = [&](const auto& e) { s.checkpoint_keep = static_cast<int>(whole(e)); };
  return h;
}

}  // namespace spec_detail

RunSpec parse_spec(const std::string& text, const std::string& source_name) {
  RunSpec spec;
  spec.source = source_name;
  spec.text = text;
  spec.name = std::filesystem::path(source_name).stem().string();
  read_spec_text(text, source_name, [&](const auto& handler, const SourceText& source, const auto& entries) {
    spec_detail::RunSpecInterpreter(handler, source, spec).run(entries);
  });
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
