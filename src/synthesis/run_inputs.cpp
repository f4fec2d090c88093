#include "synthesis/run_inputs.hpp"

#include <cassert>
#include <unordered_set>

#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "model/model_file.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/player_syntax.hpp"

namespace evalsynth {
namespace {

// Accumulates a fingerprint hash.
struct Fingerprint {
  std::uint64_t value = 0x6A09E667F3BCC908ULL;
  void add(std::uint64_t part) { value = mix_seed({value, part}); }
  void add(std::string_view text) { add(hash_text(text)); }
  void add(const std::vector<Position>& boards) {
    for (const Position& b : boards) add(b.key());
  }
};

// `perfect_boards`: where perfect opponents start instead (empty: `boards`).
FitnessTask make_task(const RunSpec& spec, std::vector<Position> boards, std::uint64_t seed,
                      const std::vector<Opponent>& opponents, const std::vector<Position>& perfect_boards) {
  FitnessTask task;
  task.boards = std::move(boards);
  task.game = {spec.move_order, spec.rules};
  task.scoring = spec.scoring;
  task.seed = seed;
  task.opponents = opponents;
  for (Opponent& o : task.opponents)
    if (o.player.is_perfect()) o.boards = perfect_boards;
  for (std::size_t o = 0; o < task.opponents.size(); ++o)
    for (int depth : spec.candidate_depths) {
      const int opponent_depth = task.opponents[o].player.depth;
      if (!spec.pairs(depth, opponent_depth)) continue;
      for (Side side : spec.colours) task.configs.push_back({side, depth, static_cast<int>(o), opponent_depth});
    }
  return task;
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text.append(text.empty() ? "" : ", ").append(item);
  return text;
}

// The positions of .analysis files, in order, added to `fingerprint`. Those
// in `apart_from` (canonical keys: mirror images count) are an error at
// their line: validation must not measure on what training has seen.
std::vector<LabelledPosition> read_position_sets(const std::vector<std::string>& paths, Fingerprint& fingerprint,
                                                 const std::vector<LabelledPosition>& apart_from = {},
                                                 const std::vector<std::string>& apart_files = {}) {
  std::unordered_set<std::uint64_t> taken;
  for (const LabelledPosition& p : apart_from) taken.insert(p.position.canonical_key());
  std::vector<LabelledPosition> all;
  for (const std::string& path : paths) {
    for (LabelledPosition& p : read_analysis_file(path)) {
      if (taken.count(p.position.canonical_key()))
        throw InputError(TextLocation{path, p.line, 1},
                         "position " + p.moves + " (or its mirror image) is also in the training positions (" +
                             joined(apart_files) + "): validation must measure on positions training has not seen");
      fingerprint.add(p.position.key());
      for (int score : p.move_scores) fingerprint.add(static_cast<std::uint64_t>(score));
      all.push_back(std::move(p));
    }
  }
  return all;
}

}  // namespace

RunInputs load_run_inputs(const RunSpec& spec, const evolve::Variation& variation) {
  RunInputs in;
  Fingerprint grammar, seeds, opponents, training, validation, strength, seed_population, training_positions,
      validation_positions;
  grammar.add(read_text_file(spec.grammar, "grammar"));
  const lang::Grammar& g = variation.grammar();

  for (const std::string& path : spec.seeds) {
    lang::Program seed = lang::read_program_file(path);
    if (const auto why = g.why_not_derived(seed))
      throw InputError(TextLocation{path, 1, 1}, "seed program is not in the search space: " + *why);
    if (seed.size() > spec.limits.max_size)
      throw InputError(TextLocation{path, 1, 1}, "seed program has " + std::to_string(seed.size()) +
                                                     " nodes, more than the spec's max-size " +
                                                     std::to_string(spec.limits.max_size) + " (raise max-size)");
    if (seed.depth() > spec.limits.max_depth)
      throw InputError(TextLocation{path, 1, 1}, "seed program is " + std::to_string(seed.depth()) +
                                                     " deep, more than the spec's max-depth " +
                                                     std::to_string(spec.limits.max_depth) +
                                                     " (raise max-depth; a chain a + b + c is a level per operator)");
    assert(variation.acceptable(seed));
    seeds.add(lang::to_text(seed));
    in.seeds.push_back(std::move(seed));
  }
  if (!spec.seed_population.empty()) {
    for (lang::Program& p : read_population_programs(spec.seed_population)) {
      if (g.why_not_derived(p) || !variation.acceptable(p)) {
        ++in.seed_population_skipped;
        continue;
      }
      seed_population.add(lang::to_text(p));
      in.seed_population.push_back(std::move(p));
    }
  }

  // Opponents read from files or checkpoints enter the fingerprint by their
  // program text, so a resumed run notices when one has changed.
  const ProgramReader read_opponent = [&](const std::string& path) {
    lang::Program p = read_evaluator_program(path);
    opponents.add(lang::to_text(p));
    return p;
  };
  // Self-play opponents (`answer@D`, `hallK@D`: the run's own best programs)
  // play in training only: validation must measure every generation by one
  // yardstick. Until the run has programs of its own they play IBEF.
  std::vector<Opponent> fixed, self_play;
  std::vector<int> self_play_ranks;
  for (const std::string& text : spec.opponents) {
    opponents.add(text);
    const PlayerEntry entry = parse_player_entry(text, true);
    if (entry.kind == PlayerEntry::Kind::SelfPlay) {
      for (int depth = entry.first_depth; depth <= entry.last_depth; ++depth)
        for (int rank = 0; rank < entry.self_play_count; ++rank) {
          Player p = builtin_player("ibef", depth);
          p.name = entry.self_play_count == 1 ? std::string("ANSWER") : "HALL" + std::to_string(rank + 1);
          p.from_file = true;
          self_play.push_back({std::move(p)});
          self_play_ranks.push_back(rank);
        }
      continue;
    }
    // A model opponent enters by its weights (models are not programs).
    if (entry.kind == PlayerEntry::Kind::File && model::is_model_file(entry.name))
      opponents.add(model::encode_model(model::read_model(entry.name)));
    for (Player& p : parse_player_list(text, read_opponent)) fixed.push_back({std::move(p)});
  }
  std::vector<Opponent> all = fixed;
  for (std::size_t i = 0; i < self_play.size(); ++i) {
    in.self_play.push_back({all.size(), self_play_ranks[i]});
    all.push_back(self_play[i]);
  }
  // Perfect opponents' own boards, if the spec gives them: random ones are
  // seeded apart from the others, and validation's never repeat training's.
  std::vector<Position> training_boards = build_boards(spec.training, spec.board_seed, {});
  std::vector<Position> perfect_training, perfect_validation;
  if (!spec.perfect_training.empty())
    perfect_training = build_boards(spec.perfect_training, mix_seed({spec.board_seed, 3}), {});
  if (!spec.perfect_validation.empty())
    perfect_validation = build_boards(spec.perfect_validation, mix_seed({spec.board_seed, 4}),
                                      perfect_training.empty() ? training_boards : perfect_training);
  std::vector<Position> validation_boards =
      build_boards(spec.validation, mix_seed({spec.board_seed, 2}), training_boards);
  in.training = make_task(spec, std::move(training_boards), mix_seed({spec.seed, 1}), all, perfect_training);
  in.validation = make_task(spec, std::move(validation_boards), mix_seed({spec.seed, 2}), fixed, perfect_validation);
  training.add(in.training.boards);
  validation.add(in.validation.boards);
  // Only when given, so the fingerprints of earlier runs stay what they were.
  if (!perfect_training.empty()) training.add(perfect_training);
  if (!perfect_validation.empty()) validation.add(perfect_validation);
  in.strength_positions = read_position_sets(spec.strength_positions, strength);
  in.training.positions = read_position_sets(spec.training_positions, training_positions);
  in.validation.positions = read_position_sets(spec.validation_positions, validation_positions, in.training.positions,
                                               spec.training_positions);
  in.training.position_depths = in.validation.position_depths = spec.resolved_position_depths();
  in.fingerprints = {grammar.value,
                     seeds.value,
                     opponents.value,
                     training.value,
                     validation.value,
                     strength.value,
                     seed_population.value,
                     training_positions.value,
                     validation_positions.value};
  return in;
}

}  // namespace evalsynth
