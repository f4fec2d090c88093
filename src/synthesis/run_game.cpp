#include "synthesis/run_game.hpp"

#include <cassert>
#include <map>
#include <optional>
#include <unordered_set>

#include "games/registry.hpp"
#include "lang/printer.hpp"
#include "model/model_file.hpp"
#include "synthesis/lazy_candidates.hpp"
#include "synthesis/run_inputs.hpp"
#include "synthesis/saved_programs.hpp"
#include "tournament/player_syntax.hpp"
#include "tournament/start_boards.hpp"
#include "tournament/strength.hpp"

namespace evalsynth {

template <Game G>
class RunGameFor : public RunGame {
 public:
  RunGameFor(const G& game, FitnessTask<G> training, FitnessTask<G> validation, std::vector<LabelledOf<G>> strength)
      : game_(game),
        training_(std::move(training)),
        validation_(std::move(validation)),
        strength_(std::move(strength)) {}

  std::vector<Fitness> evaluate(const std::vector<const lang::Program*>& programs, Task task, int threads,
                                const RaceSettings* race, const std::vector<double>* known,
                                RaceStats* stats) const override {
    const LazyCandidates<G> lazy(game_, programs);
    const FitnessTask<G>& t = task_of(task);
    const UnitBatch batch{.kind = task == Task::Training ? UnitBatch::Kind::Training : UnitBatch::Kind::Validation,
                          .programs = programs};
    const RemoteUnits remote = remote_units(batch);
    const RemoteUnits* where = distributor_ ? &remote : nullptr;
    if (race) return race_fitness(lazy.candidates, t, threads, *race, *known, *stats, where, &lazy.prepare);
    return evaluate_fitness(lazy.candidates, t, threads, {}, where, &lazy.prepare);
  }

  std::vector<Fitness> evaluate_on_first_boards(const std::vector<const lang::Program*>& programs, std::size_t boards,
                                                int threads) const override {
    FitnessTask<G> fewer = training_;
    if (fewer.boards.size() > boards) fewer.boards.resize(boards);
    for (Opponent<G>& o : fewer.opponents)
      if (o.boards.size() > boards) o.boards.resize(boards);
    const LazyCandidates<G> lazy(game_, programs);
    return evaluate_fitness(lazy.candidates, fewer, threads, {}, nullptr, &lazy.prepare);
  }

  void set_distributor(Distributor distributor) override { distributor_ = std::move(distributor); }
  bool distributed() const override { return static_cast<bool>(distributor_); }

  std::unique_ptr<UnitSession> open_session(const UnitBatch& batch) const override {
    switch (batch.kind) {
      case UnitBatch::Kind::Training:
        return std::make_unique<Session>(game_, batch.programs, training_);
      case UnitBatch::Kind::Validation:
        return std::make_unique<Session>(game_, batch.programs, validation_);
      case UnitBatch::Kind::References:
        return std::make_unique<Session>(game_, reference_candidates(), validation_);
      case UnitBatch::Kind::Strength:
        assert(batch.programs.size() == 1);
        return std::make_unique<StrengthSession>(*this, *batch.programs.front(), batch.depth, batch.seed);
    }
    return nullptr;
  }

  std::vector<std::pair<std::size_t, const lang::Program*>> self_play_programs() const override {
    std::vector<std::pair<std::size_t, const lang::Program*>> out;
    for (const auto& [opponent, program] : self_play_) out.emplace_back(opponent, program ? &*program : nullptr);
    return out;
  }

  std::vector<Baseline> score_references(int threads) const override {
    const RemoteUnits remote = remote_units(UnitBatch{.kind = UnitBatch::Kind::References, .programs = {}});
    const std::vector<Fitness> scores =
        evaluate_fitness(reference_candidates(), validation_, threads, {}, distributor_ ? &remote : nullptr);
    const std::vector<std::string> names = reference_names();
    std::vector<Baseline> baselines;
    for (std::size_t i = 0; i < scores.size(); ++i) baselines.push_back({names[i], scores[i]});
    return baselines;
  }

  void set_self_play(std::size_t opponent, const lang::Program* program) override {
    self_play_[opponent] = program ? std::optional<lang::Program>(*program) : std::nullopt;
    Player<G>& player = training_.opponents[opponent].player;
    if (program)
      player.brain = evaluator_for(game_, *program);
    else
      player.brain = stand_in(game_, player.depth).brain;
  }

  std::string stand_in_name() const override { return stand_in(game_, 1).name; }

  double mistake_rate(const lang::Program& program, int depth, std::uint64_t seed, int threads) const override {
    if (strength_.empty()) return -1;
    std::vector<std::size_t> all(strength_.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    if (!distributor_) return strength_of(StrengthSession(*this, program, depth, seed).judge(all, threads)).rate();
    // A unit per position, its `mistakes` the judgement. The answer is
    // compiled here only once this process plays some (the workers are at
    // work by then), not before the batch is sent.
    std::vector<UnitResult> results(all.size());
    const UnitBatch batch{++batches_, UnitBatch::Kind::Strength, {&program}, depth, seed};
    std::optional<StrengthSession> here;
    distributor_(batch, all, results, [&](const std::vector<std::size_t>& units) {
      if (!here) here.emplace(*this, program, depth, seed);
      return here->play(units, threads);
    });
    std::vector<std::uint8_t> mistaken;
    for (const UnitResult& r : results) mistaken.push_back(static_cast<std::uint8_t>(r.mistakes));
    return strength_of(std::move(mistaken)).rate();
  }
  bool has_strength_positions() const override { return !strength_.empty(); }

  TaskSummary summary(Task task) const override {
    const FitnessTask<G>& t = task_of(task);
    TaskSummary s;
    s.boards = t.boards.size();
    for (const Opponent<G>& o : t.opponents)
      if (!o.boards.empty()) s.own_perfect_boards = o.boards.size();
    s.games_per_candidate = t.games_per_candidate();
    s.opponents = t.opponents.size();
    return s;
  }

  std::string game_name() const override { return game_.name(); }

  const FitnessTask<G>& task_of(Task task) const { return task == Task::Training ? training_ : validation_; }

  // Who plays a self-play slot until the run has programs of its own (and
  // has no seed): the game's first reference evaluator (Connect4: IBEF).
  static Player<G> stand_in(const G& game, int depth) {
    return builtin_player(game, reference_player_names(game).front(), depth);
  }

 private:
  // A worker's batch: its candidates and their units, played as asked.
  class Session final : public UnitSession {
   public:
    // The batch's programs (they outlive the session), compiled as needed.
    Session(const G& game, const std::vector<const lang::Program*>& programs, const FitnessTask<G>& task)
        : lazy_(std::make_unique<LazyCandidates<G>>(game, programs)), units_(lazy_->candidates, task) {
      units_.set_prepare(&lazy_->prepare);
    }
    // Ready-made candidates.
    Session(const G& game, std::vector<Candidate<G>> candidates, const FitnessTask<G>& task)
        : lazy_(std::make_unique<LazyCandidates<G>>(game, std::vector<const lang::Program*>{})),
          ready_(std::move(candidates)),
          units_(ready_, task) {}
    std::vector<UnitResult> play(const std::vector<std::size_t>& units, int threads) override {
      units_.play(units, threads);
      return units_.results_of(units);
    }

   private:
    std::unique_ptr<LazyCandidates<G>> lazy_;
    std::vector<Candidate<G>> ready_;
    FitnessUnits<G> units_;
  };

  // The answer's strength on some of the strength positions.
  class StrengthSession final : public UnitSession {
   public:
    StrengthSession(const RunGameFor& run, const lang::Program& program, int depth, std::uint64_t seed)
        : run_(run), player_{"answer", depth, evaluator_for(run.game_, program)}, seed_(seed) {}
    std::vector<std::uint8_t> judge(const std::vector<std::size_t>& positions, int threads) const {
      return judge_positions(run_.game_, player_, run_.strength_, positions, MoveOrder::Random, seed_, threads);
    }
    std::vector<UnitResult> play(const std::vector<std::size_t>& units, int threads) override {
      std::vector<UnitResult> results(units.size());
      const std::vector<std::uint8_t> mistaken = judge(units, threads);
      for (std::size_t k = 0; k < units.size(); ++k) results[k].mistakes = mistaken[k];
      return results;
    }

   private:
    const RunGameFor& run_;
    Player<G> player_;
    std::uint64_t seed_;
  };

  // Units played through the distributor as batch `batch` (numbered here).
  RemoteUnits remote_units(UnitBatch batch) const {
    if (!distributor_) return {};
    batch.number = ++batches_;
    return [this, batch](const std::vector<std::size_t>& units, std::vector<UnitResult>& results,
                         const PlayHere& here) { distributor_(batch, units, results, here); };
  }

  // The game's reference evaluators (Connect4: IBEF and ADATE-2005), in order.
  std::vector<Candidate<G>> reference_candidates() const {
    std::vector<Candidate<G>> references;
    const std::vector<std::string> keys = reference_player_names(game_), names = reference_names();
    for (std::size_t i = 0; i < keys.size(); ++i)
      references.push_back({std::get<EvaluatorOf<G>>(builtin_player(game_, keys[i], 1).brain), hash_text(names[i])});
    return references;
  }
  std::vector<std::string> reference_names() const { return evalsynth::reference_names(game_); }

  G game_;
  Distributor distributor_;
  mutable std::uint64_t batches_ = 0;  // evaluate() calls so far: each hands workers a new batch
  // The self-play slots set so far, by their index among the training opponents.
  std::map<std::size_t, std::optional<lang::Program>> self_play_;
  FitnessTask<G> training_;
  FitnessTask<G> validation_;
  std::vector<LabelledOf<G>> strength_;
};

template <Game G>
const FitnessTask<G>& task_of(const RunGame& run, RunGame::Task task) {
  return dynamic_cast<const RunGameFor<G>&>(run).task_of(task);
}

namespace {

template <Game G>
void add_boards(Fingerprint& f, const G& game, const std::vector<typename G::Position>& boards) {
  for (const auto& b : boards) f.add(game.key(b));
}

// `perfect_boards`: where perfect opponents start instead (empty: `boards`).
template <Game G>
FitnessTask<G> make_task(const G& game, const RunSpec& spec, std::vector<typename G::Position> boards,
                         std::uint64_t seed, const std::vector<Opponent<G>>& opponents,
                         const std::vector<typename G::Position>& perfect_boards) {
  FitnessTask<G> task;
  task.game = game;
  task.boards = std::move(boards);
  task.settings = {spec.move_order, spec.random_move_percent};
  task.scoring = spec.scoring;
  task.seed = seed;
  task.opponents = opponents;
  for (Opponent<G>& o : task.opponents)
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

template <Game G>
void add_scores(Fingerprint& f, const LabelledOf<G>& p) {
  for (int score : scores_of(p)) f.add(static_cast<std::uint64_t>(score));
}

// The positions of labelled position files, in order, added to
// `fingerprint`. Those in `apart_from` (canonical keys: symmetric images
// count) are an error at their line: validation must not measure on what
// training has seen.
template <Game G>
std::vector<LabelledOf<G>> read_position_sets(const G& game, const std::vector<std::string>& paths,
                                              Fingerprint& fingerprint,
                                              const std::vector<LabelledOf<G>>& apart_from = {},
                                              const std::vector<std::string>& apart_files = {}) {
  std::unordered_set<std::uint64_t> taken;
  for (const LabelledOf<G>& p : apart_from) taken.insert(game.canonical_key(p.position));
  std::vector<LabelledOf<G>> all;
  for (const std::string& path : paths) {
    for (LabelledOf<G>& p : read_labelled_positions(game, path)) {
      if (taken.count(game.canonical_key(p.position)))
        throw InputError(TextLocation{path, p.line, 1},
                         "position " + p.moves + " (or " + std::string(words_of(game).symmetric_image) + ")" +
                             " is also in the training positions (" + joined(apart_files) +
                             "): validation must measure on positions training has not seen");
      fingerprint.add(game.key(p.position));
      add_scores<G>(fingerprint, p);
      all.push_back(std::move(p));
    }
  }
  return all;
}

}  // namespace

template <Game G>
std::unique_ptr<RunGame> load_game_inputs(const G& game, const RunSpec& spec, RunInputs& in) {
  Fingerprint opponents, training, validation, strength, training_positions, validation_positions;
  // Opponents read from files or checkpoints enter the fingerprint by their
  // program text, so a resumed run notices when one has changed.
  const ProgramReader read_opponent = [&](const std::string& path) {
    lang::Program p = read_evaluator_program(path);
    opponents.add(lang::to_text(p));
    return p;
  };
  // Self-play opponents (`answer@D`, `hallK@D`: the run's own best programs)
  // play in training only: validation must measure every generation by one
  // yardstick. Until the run has programs of its own they play a stand-in.
  std::vector<Opponent<G>> fixed, self_play;
  std::vector<int> self_play_ranks;
  for (const std::string& text : spec.opponents) {
    opponents.add(text);
    const PlayerEntry entry = parse_player_entry(text, true);
    if (entry.kind == PlayerEntry::Kind::SelfPlay) {
      for (int depth = entry.first_depth; depth <= entry.last_depth; ++depth)
        for (int rank = 0; rank < entry.self_play_count; ++rank) {
          Player<G> p = RunGameFor<G>::stand_in(game, depth);
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
    for (Player<G>& p : parse_player_list(game, text, read_opponent)) fixed.push_back({std::move(p)});
  }
  std::vector<Opponent<G>> all = fixed;
  for (std::size_t i = 0; i < self_play.size(); ++i) {
    in.self_play.push_back({all.size(), self_play_ranks[i]});
    all.push_back(self_play[i]);
  }
  // Perfect opponents' own boards, if the spec gives them: random ones are
  // seeded apart from the others, and validation's never repeat training's.
  using Boards = std::vector<typename G::Position>;
  Boards training_boards = build_boards(game, spec.training, spec.board_seed, {});
  Boards perfect_training, perfect_validation;
  if (!spec.perfect_training.empty())
    perfect_training = build_boards(game, spec.perfect_training, mix_seed({spec.board_seed, 3}), {});
  if (!spec.perfect_validation.empty())
    perfect_validation = build_boards(game, spec.perfect_validation, mix_seed({spec.board_seed, 4}),
                                      perfect_training.empty() ? training_boards : perfect_training);
  Boards validation_boards = build_boards(game, spec.validation, mix_seed({spec.board_seed, 2}), training_boards);
  // A smaller comparison (reliability/): the first boards of the same
  // training set, and the validation boards as the whole set leaves them.
  if (const std::size_t limit = spec.training_board_limit; limit > 0) {
    if (training_boards.size() > limit) training_boards.resize(limit);
    if (perfect_training.size() > limit) perfect_training.resize(limit);
  }
  FitnessTask<G> training_task =
      make_task(game, spec, std::move(training_boards), mix_seed({spec.seed, 1}), all, perfect_training);
  FitnessTask<G> validation_task =
      make_task(game, spec, std::move(validation_boards), mix_seed({spec.seed, 2}), fixed, perfect_validation);
  add_boards(training, game, training_task.boards);
  add_boards(validation, game, validation_task.boards);
  // Only when given, so the fingerprints of earlier runs stay what they were.
  if (!perfect_training.empty()) add_boards(training, game, perfect_training);
  if (!perfect_validation.empty()) add_boards(validation, game, perfect_validation);
  std::vector<LabelledOf<G>> strength_positions = read_position_sets(game, spec.strength_positions, strength);
  training_task.positions = read_position_sets(game, spec.training_positions, training_positions);
  validation_task.positions = read_position_sets(game, spec.validation_positions, validation_positions,
                                                 training_task.positions, spec.training_positions);
  training_task.position_depths = validation_task.position_depths = spec.resolved_position_depths();
  in.fingerprints.opponents = opponents.value;
  in.fingerprints.training_boards = training.value;
  in.fingerprints.validation_boards = validation.value;
  in.fingerprints.strength_positions = strength.value;
  in.fingerprints.training_positions = training_positions.value;
  in.fingerprints.validation_positions = validation_positions.value;
  return std::make_unique<RunGameFor<G>>(game, std::move(training_task), std::move(validation_task),
                                         std::move(strength_positions));
}

#define EVALSYNTH_INSTANTIATE(G)                                            \
  template class RunGameFor<G>;                                             \
  template const FitnessTask<G>& task_of<G>(const RunGame&, RunGame::Task); \
  template std::unique_ptr<RunGame> load_game_inputs<G>(const G&, const RunSpec&, RunInputs&);
EVALSYNTH_FOR_EACH_GAME(EVALSYNTH_INSTANTIATE)
#undef EVALSYNTH_INSTANTIATE

}  // namespace evalsynth
