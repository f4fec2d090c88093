#include "synthesis/synthesis.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "support/source_text.hpp"
#include "synthesis/checkpoint_folder.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {

std::vector<Position> build_boards(const std::vector<BoardSource>& sources, std::uint64_t seed, const std::vector<Position>& exclude) {
  std::vector<Position> boards;
  std::vector<Position> taken = exclude;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    std::vector<Position> part;
    switch (sources[i].kind) {
      case BoardSource::Kind::Shallow: part = shallow_boards(); break;
      case BoardSource::Kind::Random: part = random_game_boards(sources[i].count, mix_seed({seed, i, exclude.size()}), taken); break;
      case BoardSource::Kind::File: part = read_board_file(sources[i].path); break;
    }
    boards.insert(boards.end(), part.begin(), part.end());
    taken.insert(taken.end(), part.begin(), part.end());
  }
  return boards;
}

namespace {

FitnessTask make_task(const RunSpec& spec, std::vector<Position> boards, std::uint64_t seed, const std::vector<Opponent>& opponents) {
  FitnessTask task;
  task.boards = std::move(boards);
  task.game = {spec.move_order, spec.rules};
  task.scoring = spec.scoring;
  task.seed = seed;
  task.opponents = opponents;
  for (std::size_t o = 0; o < task.opponents.size(); ++o)
    for (int depth : spec.candidate_depths)
      for (Side side : spec.colours)
        task.configs.push_back({side, depth, static_cast<int>(o), task.opponents[o].player.depth});
  return task;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}


// Accumulates a fingerprint hash.
struct Fingerprint {
  std::uint64_t value = 0x6A09E667F3BCC908ULL;
  void add(std::uint64_t part) { value = mix_seed({value, part}); }
  void add(std::string_view text) { add(hash_text(text)); }
  void add(const std::vector<Position>& boards) {
    for (const Position& b : boards) add(b.key());
  }
};

}  // namespace

namespace {
SynthesisState fresh_state(std::uint64_t seed) {
  SynthesisState state;
  state.rng = Rng(seed);
  return state;
}
}  // namespace

Synthesis::Synthesis(const RunSpec& spec) : Synthesis(spec, fresh_state(spec.seed)) {}

Synthesis::Synthesis(const RunSpec& spec, SynthesisState state)
    : spec_(spec), grammar_(lang::read_grammar_file(spec.grammar)), state_(std::move(state)) {
  grower_.emplace(grammar_);
  variation_.emplace(*grower_, spec_.limits);
  Fingerprint grammar, seeds, opponents, training, validation, strength, seed_population;
  grammar.add(read_text_file(spec_.grammar, "grammar"));

  for (const std::string& path : spec_.seeds) {
    lang::Program seed = lang::read_program_file(path);
    if (const auto why = grammar_.why_not_derived(seed)) throw InputError(TextLocation{path, 1, 1}, "seed program is not in the search space: " + *why);
    if (!variation_->acceptable(seed))
      throw InputError(TextLocation{path, 1, 1}, "seed program exceeds max-size " + std::to_string(spec_.limits.max_size) + " or max-depth " + std::to_string(spec_.limits.max_depth));
    seeds.add(lang::to_text(seed));
    seeds_.push_back(std::move(seed));
  }
  if (!spec_.seed_population.empty()) {
    for (lang::Program& p : read_population_programs(spec_.seed_population)) {
      if (grammar_.why_not_derived(p) || !variation_->acceptable(p)) {
        ++seed_population_skipped_;
        continue;
      }
      seed_population.add(lang::to_text(p));
      seed_population_.push_back(std::move(p));
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
  // yardstick.
  std::vector<Opponent> fixed, self_play;
  std::vector<int> self_play_ranks;
  for (const std::string& text : spec_.opponents) {
    opponents.add(text);
    if (const int count = self_play_count(text)) {
      for (const Player& p : parse_player_list("ibef" + text.substr(text.find('@'))))
        for (int rank = 0; rank < count; ++rank) {
          self_play.push_back({{count == 1 ? std::string("ANSWER") : "HALL" + std::to_string(rank + 1), p.depth, p.brain, true}});
          self_play_ranks.push_back(rank);
        }
      continue;
    }
    for (Player& p : parse_player_list(text, read_opponent)) fixed.push_back({std::move(p)});
  }
  std::vector<Opponent> all = fixed;
  for (std::size_t i = 0; i < self_play.size(); ++i) {
    self_play_opponents_.push_back({all.size(), self_play_ranks[i]});
    all.push_back(self_play[i]);
  }
  training_ = make_task(spec_, build_boards(spec_.training, spec_.board_seed, {}), mix_seed({spec_.seed, 1}), all);
  validation_ = make_task(spec_, build_boards(spec_.validation, mix_seed({spec_.board_seed, 2}), training_.boards), mix_seed({spec_.seed, 2}), fixed);
  training.add(training_.boards);
  validation.add(validation_.boards);
  for (const std::string& path : spec_.strength_positions) {
    const std::vector<LabelledPosition> set = read_analysis_file(path);
    strength_positions_.insert(strength_positions_.end(), set.begin(), set.end());
  }
  for (const LabelledPosition& p : strength_positions_) {
    strength.add(p.position.key());
    for (int score : p.move_scores) strength.add(static_cast<std::uint64_t>(score));
  }
  inputs_ = {grammar.value, seeds.value, opponents.value, training.value, validation.value, strength.value, seed_population.value};
}

void Synthesis::measure_answer_strength() {
  // An extra validation measure: how often the answer errs against perfect
  // play, measured once per answer (it changes rarely).
  if (strength_positions_.empty()) return;
  HallEntry& answer = state_.hall.front();
  if (answer.mistake_rate >= 0) return;
  const Player player{"answer", spec_.strength_depth, evaluator_for(answer.program)};
  answer.mistake_rate = measure_strength(player, strength_positions_, MoveOrder::Random, spec_.seed, spec_.threads).rate();
}

bool Synthesis::better(const Individual& a, const Individual& b) const {
  // Lexicographic parsimony: fitness first, then the smaller program.
  if (!a.training.same_as(b.training, spec_.scoring)) return a.training.better_than(b.training, spec_.scoring);
  return a.program.size() < b.program.size();
}

std::vector<Fitness> Synthesis::evaluate(const std::vector<const lang::Program*>& programs, const FitnessTask& task) {
  std::vector<Candidate> candidates;
  candidates.reserve(programs.size());
  for (const lang::Program* p : programs) candidates.push_back({evaluator_for(*p), p->canonical_hash()});
  state_.games_played += candidates.size() * task.games_per_candidate();
  return evaluate_fitness(candidates, task, spec_.threads);
}

void Synthesis::initialise() {
  state_.population.clear();
  std::vector<std::uint64_t> seen;
  auto add = [&](lang::Program p) {
    const std::uint64_t h = p.canonical_hash();
    if (std::find(seen.begin(), seen.end(), h) != seen.end()) return false;
    seen.push_back(h);
    state_.population.push_back({std::move(p), h, {}});
    return true;
  };
  for (const lang::Program& seed : seeds_) add(seed);
  // A saved population seeds the first generation only: restarts exist to
  // grow lineages unlike the ones before.
  if (state_.generation == 0)
    for (const lang::Program& p : seed_population_) {
      if (static_cast<int>(state_.population.size()) == spec_.population) break;
      add(p);
    }
  // Ramped half-and-half: depths 2..init-depth, full and grow alternately.
  for (int attempt = 0; static_cast<int>(state_.population.size()) < spec_.population && attempt < spec_.population * 20; ++attempt) {
    const int depth = 2 + attempt % std::max(1, spec_.init_depth - 1);
    lang::Program p = grower_->program(depth, attempt % 2 == 0, state_.rng);
    if (variation_->acceptable(p)) add(std::move(p));
  }
  while (static_cast<int>(state_.population.size()) < spec_.population) state_.population.push_back(state_.population[state_.population.size() % std::max<std::size_t>(1, state_.population.size())]);
}

void Synthesis::update_self_play() {
  // Self-play opponent of rank r is the r-th of the hall of fame (rank 0: the
  // answer); until the hall has one, the first seed, or IBEF without seeds.
  // It is a function of the state, so a resumed run sets it exactly as the
  // uninterrupted one did.
  if (self_play_opponents_.empty()) return;
  std::uint64_t key = 0x5E1F;
  for (const SelfPlaySlot& slot : self_play_opponents_) {
    const std::size_t rank = static_cast<std::size_t>(slot.rank);
    AnyEvaluator brain{ibef_evaluator()};
    std::uint64_t program = hash_text("IBEF");
    if (rank < state_.hall.size()) {
      brain = evaluator_for(state_.hall[rank].program);
      program = state_.hall[rank].hash;
    } else if (!seeds_.empty()) {
      brain = evaluator_for(seeds_.front());
      program = seeds_.front().canonical_hash();
    }
    training_.opponents[slot.opponent].player.brain = std::move(brain);
    key = mix_seed({key, program});
  }
  self_play_key_ = key;
}

std::uint64_t Synthesis::training_key(std::uint64_t program_hash) const {
  // With self-play a program's fitness depends on the opponent too.
  return self_play_opponents_.empty() ? program_hash : mix_seed({program_hash, self_play_key_});
}

void Synthesis::evaluate_population(std::size_t& hits, std::size_t& misses) {
  update_self_play();
  std::vector<const lang::Program*> todo;
  std::vector<std::uint64_t> todo_keys;
  for (Individual& ind : state_.population) {
    const std::uint64_t key = training_key(ind.hash);
    if (state_.training_cache.count(key) || std::find(todo_keys.begin(), todo_keys.end(), key) != todo_keys.end()) {
      ++hits;
      continue;
    }
    ++misses;
    todo.push_back(&ind.program);
    todo_keys.push_back(key);
  }
  const std::vector<Fitness> results = evaluate(todo, training_);
  for (std::size_t i = 0; i < todo.size(); ++i) state_.training_cache[todo_keys[i]] = results[i];
  state_.evaluations += static_cast<std::int64_t>(todo.size());
  for (Individual& ind : state_.population) ind.training = state_.training_cache.at(training_key(ind.hash));
}

void Synthesis::validate_top() {
  std::vector<const Individual*> ranked;
  for (const Individual& ind : state_.population) ranked.push_back(&ind);
  std::stable_sort(ranked.begin(), ranked.end(), [&](const Individual* a, const Individual* b) { return better(*a, *b); });
  std::vector<const Individual*> top;
  for (const Individual* ind : ranked) {
    if (static_cast<int>(top.size()) == spec_.validation_top) break;
    bool duplicate = false;
    for (const Individual* t : top) duplicate = duplicate || t->hash == ind->hash;
    if (!duplicate) top.push_back(ind);
  }
  std::vector<const lang::Program*> todo;
  for (const Individual* ind : top)
    if (!state_.validation_cache.count(ind->hash)) todo.push_back(&ind->program);
  const std::vector<Fitness> results = evaluate(todo, validation_);
  for (std::size_t i = 0; i < todo.size(); ++i) state_.validation_cache[todo[i]->canonical_hash()] = results[i];

  for (const Individual* ind : top) {
    bool known = false;
    for (const HallEntry& h : state_.hall) known = known || h.hash == ind->hash;
    if (known) continue;
    state_.hall.push_back({ind->program, ind->hash, ind->training, state_.validation_cache.at(ind->hash), state_.generation, -1});
  }
  // Best validation first; ties by training fitness, then size, then age.
  std::stable_sort(state_.hall.begin(), state_.hall.end(), [&](const HallEntry& a, const HallEntry& b) {
    if (!a.validation.same_as(b.validation, spec_.scoring)) return a.validation.better_than(b.validation, spec_.scoring);
    if (!a.training.same_as(b.training, spec_.scoring)) return a.training.better_than(b.training, spec_.scoring);
    return a.program.size() < b.program.size();
  });
  if (static_cast<int>(state_.hall.size()) > spec_.hall_of_fame) state_.hall.resize(static_cast<std::size_t>(spec_.hall_of_fame));
}

const Individual& Synthesis::tournament() {
  const Individual* best = &state_.population[static_cast<std::size_t>(state_.rng.below(static_cast<int>(state_.population.size())))];
  for (int k = 1; k < spec_.tournament_size; ++k) {
    const Individual& other = state_.population[static_cast<std::size_t>(state_.rng.below(static_cast<int>(state_.population.size())))];
    if (better(other, *best)) best = &other;
  }
  return *best;
}

evolve::Operator Synthesis::pick_operator() {
  const double total_rate = std::accumulate(spec_.operator_rates.begin(), spec_.operator_rates.end(), 0.0);
  double pick = state_.rng.unit() * total_rate;
  int op = 0;
  while (op + 1 < evolve::kOperatorCount && pick >= spec_.operator_rates[static_cast<std::size_t>(op)]) {
    pick -= spec_.operator_rates[static_cast<std::size_t>(op)];
    ++op;
  }
  return static_cast<evolve::Operator>(op);
}

void Synthesis::next_generation() {
  std::vector<const Individual*> ranked;
  for (const Individual& ind : state_.population) ranked.push_back(&ind);
  std::stable_sort(ranked.begin(), ranked.end(), [&](const Individual* a, const Individual* b) { return better(*a, *b); });
  std::vector<Individual> next;
  next.reserve(state_.population.size());
  for (int e = 0; e < spec_.elitism; ++e) next.push_back(*ranked[static_cast<std::size_t>(e)]);
  while (next.size() < state_.population.size()) {
    const evolve::Operator op = pick_operator();
    const Individual& parent = tournament();
    const Individual& second = op == evolve::Operator::Crossover ? tournament() : parent;
    lang::Program child = variation_->apply(op, parent.program, second.program, state_.rng);
    const std::uint64_t h = child.canonical_hash();
    next.push_back({std::move(child), h, {}});
  }
  state_.population = std::move(next);
}

void Synthesis::reduce_to_archive() {
  // ADATE's acceptance rule: a program stays only if it is better than every
  // smaller program kept, and at most archive-per-size programs of each size
  // stay (the best ones). So the archive holds, for each size, the best
  // programs that justify their size. Ties are broken by hash: the archive
  // depends on nothing but the programs and their fitness.
  std::vector<const Individual*> order;
  for (const Individual& ind : state_.population) order.push_back(&ind);
  std::sort(order.begin(), order.end(), [&](const Individual* a, const Individual* b) {
    if (a->program.size() != b->program.size()) return a->program.size() < b->program.size();
    if (!a->training.same_as(b->training, spec_.scoring)) return a->training.better_than(b->training, spec_.scoring);
    return a->hash < b->hash;
  });
  std::vector<Individual> archive;
  std::optional<Fitness> best_smaller;  // best kept among strictly smaller sizes
  for (std::size_t i = 0; i < order.size();) {
    const std::size_t size = order[i]->program.size();
    const std::size_t first_kept = archive.size();
    int kept = 0;
    for (; i < order.size() && order[i]->program.size() == size; ++i) {
      const Individual& ind = *order[i];
      const bool duplicate = archive.size() > first_kept && archive.back().hash == ind.hash;
      if (duplicate || kept == spec_.archive_per_size) continue;
      if (best_smaller && !ind.training.better_than(*best_smaller, spec_.scoring)) continue;
      archive.push_back(ind);
      ++kept;
    }
    if (archive.size() > first_kept) best_smaller = archive[first_kept].training;  // the best of this size, sorted first
  }
  state_.population = std::move(archive);
}

void Synthesis::add_offspring_of_archive() {
  // Compound transformations, as ADATE expands its programs: each offspring
  // is a random archived program changed by 1..compound operators in a row.
  const std::size_t archived = state_.population.size();
  for (int n = 0; n < spec_.population; ++n) {
    auto random_member = [&]() -> const lang::Program& {
      return state_.population[static_cast<std::size_t>(state_.rng.below(static_cast<int>(archived)))].program;
    };
    lang::Program child = random_member();
    const int steps = 1 + state_.rng.below(spec_.compound);
    for (int k = 0; k < steps; ++k) {
      const evolve::Operator op = pick_operator();
      child = variation_->apply(op, child, op == evolve::Operator::Crossover ? random_member() : child, state_.rng);
    }
    const std::uint64_t h = child.canonical_hash();
    state_.population.push_back({std::move(child), h, {}});
  }
}

void Synthesis::advance() {
  // A restart grows a fresh lineage; the hall of fame and the caches stay.
  if (spec_.algorithm == Algorithm::Archive)
    add_offspring_of_archive();
  else if (spec_.restart_every > 0 && (state_.generation + 1) % spec_.restart_every == 0)
    initialise();
  else
    next_generation();
  ++state_.generation;
}

std::string Synthesis::budget_used_up(double elapsed) const {
  if (state_.generation >= spec_.generations) return "generations";
  if (spec_.evaluation_budget > 0 && state_.evaluations >= spec_.evaluation_budget) return "evaluations";
  if (spec_.time_budget_seconds > 0 && elapsed >= spec_.time_budget_seconds) return "time-budget";
  return "";
}

void Synthesis::run(const RunHooks& hooks) {
  const auto session_start = std::chrono::steady_clock::now();
  const double elapsed_before = state_.elapsed_seconds;
  auto elapsed = [&] { return elapsed_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - session_start).count(); };
  if (!state_.population.empty()) {
    // Continuing: a run whose budget is used up stays stopped.
    state_.stop_reason = budget_used_up(state_.elapsed_seconds);
    if (!state_.stop_reason.empty()) return;
  } else {
    // A fresh run: the references, scored by the same code on the validation
    // boards, then the first population.
    const std::vector<Candidate> references = {{AnyEvaluator{ibef_evaluator()}, hash_text("IBEF")},
                                               {AnyEvaluator{adate2005_evaluator()}, hash_text("ADATE-2005")}};
    const std::vector<Fitness> v = evaluate_fitness(references, validation_, spec_.threads);
    state_.baselines = {{"IBEF", v[0]}, {"ADATE-2005", v[1]}};
    initialise();
  }
  while (state_.stop_reason.empty()) {
    const std::uint64_t games_before = state_.games_played;
    const double time_before = elapsed();
    std::size_t hits = 0, misses = 0;
    evaluate_population(hits, misses);
    if (spec_.algorithm == Algorithm::Archive) reduce_to_archive();
    validate_top();
    measure_answer_strength();

    GenerationLog entry;
    entry.generation = state_.generation;
    entry.evaluations = state_.evaluations;
    std::vector<double> scores;
    double size_sum = 0;
    const Individual* best = &state_.population.front();
    for (const Individual& ind : state_.population) {
      scores.push_back(ind.training.score(spec_.scoring));
      size_sum += static_cast<double>(ind.program.size());
      if (better(ind, *best)) best = &ind;
    }
    entry.best_training = best->training.score(spec_.scoring);
    entry.mean_training = std::accumulate(scores.begin(), scores.end(), 0.0) / static_cast<double>(scores.size());
    entry.median_training = median(scores);
    entry.best_validation = state_.hall.front().validation.score(spec_.scoring);
    entry.answer_mistake_rate = state_.hall.front().mistake_rate;
    entry.mean_size = size_sum / static_cast<double>(state_.population.size());
    entry.best_size = best->program.size();
    entry.cache_hit_rate = static_cast<double>(hits) / static_cast<double>(std::max<std::size_t>(1, hits + misses));
    entry.elapsed_seconds = elapsed();
    const double spent = entry.elapsed_seconds - time_before;
    entry.games_per_second = spent > 0 ? static_cast<double>(state_.games_played - games_before) / spent : 0;
    state_.log.push_back(entry);

    // The next population is made even after the last generation, so that
    // the state is always "about to evaluate generation N": a stopped run,
    // finished or not, continues from it the same way.
    advance();
    state_.elapsed_seconds = elapsed();
    state_.stop_reason = budget_used_up(state_.elapsed_seconds);
    if (state_.stop_reason.empty() && hooks.stop_request) state_.stop_reason = hooks.stop_request();
    if (hooks.on_generation) hooks.on_generation(entry);
  }
}

}  // namespace evalsynth
