// The checks of a run spec that relate its keys to one another and to its
// game, once every key is read (io/spec_interpreter.hpp).

#include <algorithm>
#include <filesystem>

#include "games/registry.hpp"
#include "io/spec_interpreter.hpp"
#include "tournament/player.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth::spec_detail {

void RunSpecInterpreter::check_relations(const Seen& seen) const {
  auto at = [&](const char* key) -> const spec_ast::Entry* {
    const auto it = seen.find(key);
    return it == seen.end() ? nullptr : it->second;
  };
  auto complain = [&](const char* key, const std::string& message) { SpecReader::complain(seen, key, message); };
  apply_game_defaults(seen);
  check_missing_positions();
  if (spec_.algorithm == evolve::AlgorithmKind::HillClimb) {
    check_hill_climb(seen);
  } else {
    if (spec_.population < 2)
      complain("population", "a population of one program takes algorithm = hillclimb; the others need 2 or more");
    if (spec_.elitism >= spec_.population) complain("elitism", "elitism must be smaller than the population");
    if (spec_.validation_top > spec_.population)
      complain("validation-top", "validation-top cannot exceed the population");
  }
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
        locate_.fail(*w, "'" + w->text + "' needs a hall of fame of at least " + std::to_string(entry.self_play_count) +
                             " programs, but hall-of-fame is " + std::to_string(spec_.hall_of_fame));
    }
  check_game(seen);
  check_balanced_openings();
  if (const auto* e = at("opponents")) check_perfect_boards(*e);
  bool perfect_opponent = false;
  for (const std::string& o : spec_.opponents)
    perfect_opponent = perfect_opponent || parse_player_entry(o, true).kind == PlayerEntry::Kind::Perfect;
  for (const char* key : {"perfect-training-boards", "perfect-validation-boards"})
    if (at(key) && !perfect_opponent)
      complain(key, std::string(key) + " applies to perfect opponents (perfect, perfect:EPS in opponents)");
  if (spec_.depth_pairing == RunSpec::DepthPairing::Equal) check_equal_depths(seen);
  if (!fixed_opponent)
    complain("opponents", "opponents need one besides answer@D and hallK@D: validation plays only the fixed opponents");
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
  check_islands(seen);
}

void RunSpecInterpreter::check_hill_climb(const Seen& seen) const {
  auto complain = [&](const char* key, const std::string& message) { SpecReader::complain(seen, key, message); };
  // One incumbent and its challenger: the population's other keys have
  // nothing to act on, and a silently ignored key would mislead.
  if (spec_.population != 1)
    complain(seen.count("population") ? "population" : "algorithm",
             "algorithm = hillclimb keeps one incumbent and compares one challenger with it each generation: write "
             "population = 1");
  for (const char* key : {"elitism", "tournament-size", "restart-every", "archive-per-size", "compound"})
    if (seen.count(key)) complain(key, std::string(key) + " does not apply to algorithm = hillclimb");
  if (spec_.racing) complain("racing", "racing does not apply to algorithm = hillclimb (one challenger a generation)");
  if (spec_.validation_top != 1)
    complain(seen.count("validation-top") ? "validation-top" : "algorithm",
             "algorithm = hillclimb validates its incumbent alone: write validation-top = 1");
  // It climbs from one program: the first seed would silently win over the others.
  if (spec_.seeds.size() > 1) complain("seeds", "algorithm = hillclimb starts from one program: give at most one seed");
  if (!spec_.seed_population.empty())
    complain("seed-population", "algorithm = hillclimb starts from one program: a seed population does not apply");
}

void RunSpecInterpreter::check_islands(const Seen& seen) const {
  auto complain = [&](const char* key, const std::string& message) { SpecReader::complain(seen, key, message); };
  if (spec_.algorithm != evolve::AlgorithmKind::Islands) {
    for (const char* key : {"islands", "migration-every", "migrants"})
      if (seen.count(key)) complain(key, std::string(key) + " applies to algorithm = islands");
    return;
  }
  if (spec_.restart_every > 0)
    complain("restart-every", "restart-every belongs to the generational algorithm; islands trade programs instead");
  if (spec_.population % spec_.islands != 0)
    complain("islands", "the population (" + std::to_string(spec_.population) + ") must split into " +
                            std::to_string(spec_.islands) + " equal islands");
  const int size = spec_.population / spec_.islands;
  if (spec_.elitism >= size)
    complain("elitism", "elitism (" + std::to_string(spec_.elitism) + ") must be smaller than an island (" +
                            std::to_string(size) + " programs)");
  if (spec_.migrants >= size)
    complain("migrants", "migrants (" + std::to_string(spec_.migrants) + ") must be fewer than an island's " +
                             std::to_string(size) + " programs");
}

void RunSpecInterpreter::check_game(const Seen& seen) const {
  const auto it = seen.find("opponents");
  with_game(spec_.game, [&](const auto& game) {
    if (it == seen.end()) return;
    for (const auto* w : words(*it->second)) {
      const PlayerEntry entry = parse_player_entry(w->text, true);
      if (entry.kind != PlayerEntry::Kind::Builtin) continue;
      try {
        (void)builtin_player(game, entry.name, entry.first_depth);
      } catch (const UsageError& error) {
        locate_.fail(*w, std::string(error.what()) + "; a run's own programs are answer@D and hallK@D");
      }
    }
  });
  if (const auto it = seen.find("seeds"); it != seen.end() && !spec_.seeds.empty())  // empty: seeds = none
    for (const auto* w : words(*it->second)) {
      if (!is_builtin_seed(*w)) continue;
      if (!reference_program(spec_.game, w->text)) {
        const std::string names = reference_program_names(spec_.game);
        locate_.fail(*w, "seed program '" + w->text + "' not found: a seed is a program file" +
                             (names.empty() ? std::string()
                                            : " or a built-in program of " + spec_.game.text() + " (" + names + ")"));
      }
    }
  if (spec_.game.family != connect4::kFamily && spec_.rules != connect4::RuleSet::Standard)
    SpecReader::complain(seen, "rules", "rules choose Connect4's win test; " + spec_.game.text() + " has its own");
  if (spec_.rules == connect4::RuleSet::ThesisJava && (spec_.uses_positions() || !spec_.strength_positions.empty()))
    SpecReader::complain(seen, "rules",
                         "labelled positions are perfect play under the standard rules: they cannot measure "
                         "play under the thesis's Java win test (use rules = standard, or no positions)");
}

bool RunSpecInterpreter::is_builtin_seed(const spec_ast::Word& w) {
  std::error_code ignored;
  return w.text.find_first_of("/.") == std::string::npos && !std::filesystem::exists(w.text, ignored);
}

void RunSpecInterpreter::check_perfect_boards(const spec_ast::Entry& opponents) const {
  with_game(spec_.game_descriptor(), [&](const auto& game) {
    const int least = perfect_play_min_plies(game);
    for (const auto* w : words(opponents)) {
      if (parse_player_entry(w->text, true).kind != PlayerEntry::Kind::Perfect) continue;
      for (const auto& [key, sources] :
           {std::pair{spec_.perfect_training.empty() ? "training-boards" : "perfect-training-boards",
                      &spec_.perfect_training_boards()},
            std::pair{spec_.perfect_validation.empty() ? "validation-boards" : "perfect-validation-boards",
                      &spec_.perfect_validation_boards()}}) {
        const int stones = fewest_plies(game, *sources);
        if (stones < least)
          locate_.fail(*w, "'" + w->text + "' would play from " + key + " of " + std::to_string(stones) +
                               " stones, where perfect play costs seconds to minutes a move: give perfect "
                               "opponents boards of at least " +
                               std::to_string(least) +
                               " stones with perfect-training-boards and perfect-validation-boards (the other "
                               "opponents keep theirs), e.g. file(\"boards.analysis\") made by evalsynth "
                               "positions --plies 24-38");
      }
    }
  });
}

void RunSpecInterpreter::check_equal_depths(const Seen& seen) const {
  const auto is_candidate_depth = [&](int depth) {
    return std::find(spec_.candidate_depths.begin(), spec_.candidate_depths.end(), depth) !=
           spec_.candidate_depths.end();
  };
  std::vector<int> met;
  bool depthless = false;  // random meets every depth
  for (const std::string& text : spec_.opponents) {
    const PlayerEntry entry = parse_player_entry(text, true);
    depthless = depthless || entry.first_depth == 0;
    for (int depth = entry.first_depth; entry.first_depth > 0 && depth <= entry.last_depth; ++depth) {
      if (!is_candidate_depth(depth)) {
        const std::string message = "'" + text + "' would search at depth " + std::to_string(depth) +
                                    ", not a candidate depth: with depth-pairing = equal it would never play";
        if (const auto it = seen.find("opponents"); it != seen.end())
          for (const auto* w : words(*it->second))
            if (w->text == text) locate_.fail(*w, message);
        SpecReader::complain(seen, "depth-pairing", message);
      }
      if (entry.kind != PlayerEntry::Kind::SelfPlay) met.push_back(depth);
    }
  }
  for (int depth : spec_.candidate_depths)
    if (!depthless && std::find(met.begin(), met.end(), depth) == met.end())
      SpecReader::complain(seen, "candidate-depths",
                           "with depth-pairing = equal, candidate depth " + std::to_string(depth) +
                               " needs a fixed opponent at that depth (e.g. ibef@" + std::to_string(depth) + ")");
}

}  // namespace evalsynth::spec_detail
