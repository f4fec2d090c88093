#include "synthesis/synthesis.hpp"

#include <algorithm>
#include <numeric>

#include "lang/parse.hpp"
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

FitnessTask make_task(const RunSpec& spec, std::vector<Position> boards, std::uint64_t seed) {
  FitnessTask task;
  task.boards = std::move(boards);
  task.game = {spec.move_order, spec.rules};
  task.scoring = spec.scoring;
  task.seed = seed;
  for (const std::string& text : spec.opponents) {
    const std::vector<Player> players = parse_player_list(text);
    for (const Player& p : players) task.opponents.push_back({p});
  }
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

}  // namespace

Synthesis::Synthesis(const RunSpec& spec) : spec_(spec), grammar_(lang::read_grammar_file(spec.grammar)), rng_(spec.seed) {
  grower_.emplace(grammar_);
  variation_.emplace(*grower_, spec_.limits);
  const std::vector<Position> training_boards = build_boards(spec_.training, spec_.board_seed, {});
  training_ = make_task(spec_, training_boards, mix_seed({spec_.seed, 1}));
  validation_ = make_task(spec_, build_boards(spec_.validation, mix_seed({spec_.board_seed, 2}), training_boards), mix_seed({spec_.seed, 2}));
  for (const std::string& path : spec_.strength_positions) {
    const std::vector<LabelledPosition> set = read_analysis_file(path);
    strength_positions_.insert(strength_positions_.end(), set.begin(), set.end());
  }
}

void Synthesis::measure_answer_strength() {
  // An extra validation measure: how often the answer errs against perfect
  // play, measured once per answer (it changes rarely).
  if (strength_positions_.empty()) return;
  HallEntry& answer = hall_.front();
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
  games_played_ += candidates.size() * task.games_per_candidate();
  return evaluate_fitness(candidates, task, spec_.threads);
}

void Synthesis::initialise() {
  population_.clear();
  std::vector<std::uint64_t> seen;
  auto add = [&](lang::Program p) {
    const std::uint64_t h = p.canonical_hash();
    if (std::find(seen.begin(), seen.end(), h) != seen.end()) return false;
    seen.push_back(h);
    population_.push_back({std::move(p), h, {}});
    return true;
  };
  for (const std::string& path : spec_.seeds) {
    lang::Program seed = lang::read_program_file(path);
    if (const auto why = grammar_.why_not_derived(seed)) throw InputError(TextLocation{path, 1, 1}, "seed program is not in the search space: " + *why);
    if (!variation_->acceptable(seed))
      throw InputError(TextLocation{path, 1, 1}, "seed program exceeds max-size " + std::to_string(spec_.limits.max_size) + " or max-depth " + std::to_string(spec_.limits.max_depth));
    add(std::move(seed));
  }
  // Ramped half-and-half: depths 2..init-depth, full and grow alternately.
  for (int attempt = 0; static_cast<int>(population_.size()) < spec_.population && attempt < spec_.population * 20; ++attempt) {
    const int depth = 2 + attempt % std::max(1, spec_.init_depth - 1);
    lang::Program p = grower_->program(depth, attempt % 2 == 0, rng_);
    if (variation_->acceptable(p)) add(std::move(p));
  }
  while (static_cast<int>(population_.size()) < spec_.population) population_.push_back(population_[population_.size() % std::max<std::size_t>(1, population_.size())]);
}

void Synthesis::evaluate_population(std::size_t& hits, std::size_t& misses) {
  std::vector<const lang::Program*> todo;
  std::vector<std::uint64_t> todo_hashes;
  for (Individual& ind : population_) {
    if (training_cache_.count(ind.hash)) {
      ++hits;
      continue;
    }
    if (std::find(todo_hashes.begin(), todo_hashes.end(), ind.hash) != todo_hashes.end()) {
      ++hits;
      continue;
    }
    ++misses;
    todo.push_back(&ind.program);
    todo_hashes.push_back(ind.hash);
  }
  const std::vector<Fitness> results = evaluate(todo, training_);
  for (std::size_t i = 0; i < todo.size(); ++i) training_cache_[todo_hashes[i]] = results[i];
  evaluations_ += static_cast<std::int64_t>(todo.size());
  for (Individual& ind : population_) ind.training = training_cache_.at(ind.hash);
}

void Synthesis::validate_top() {
  std::vector<const Individual*> ranked;
  for (const Individual& ind : population_) ranked.push_back(&ind);
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
    if (!validation_cache_.count(ind->hash)) todo.push_back(&ind->program);
  const std::vector<Fitness> results = evaluate(todo, validation_);
  for (std::size_t i = 0; i < todo.size(); ++i) validation_cache_[todo[i]->canonical_hash()] = results[i];

  for (const Individual* ind : top) {
    bool known = false;
    for (const HallEntry& h : hall_) known = known || h.hash == ind->hash;
    if (known) continue;
    hall_.push_back({ind->program, ind->hash, ind->training, validation_cache_.at(ind->hash), generation_, -1});
  }
  // Best validation first; ties by training fitness, then size, then age.
  std::stable_sort(hall_.begin(), hall_.end(), [&](const HallEntry& a, const HallEntry& b) {
    if (!a.validation.same_as(b.validation, spec_.scoring)) return a.validation.better_than(b.validation, spec_.scoring);
    if (!a.training.same_as(b.training, spec_.scoring)) return a.training.better_than(b.training, spec_.scoring);
    return a.program.size() < b.program.size();
  });
  if (static_cast<int>(hall_.size()) > spec_.hall_of_fame) hall_.resize(static_cast<std::size_t>(spec_.hall_of_fame));
}

const Individual& Synthesis::tournament() {
  const Individual* best = &population_[static_cast<std::size_t>(rng_.below(static_cast<int>(population_.size())))];
  for (int k = 1; k < spec_.tournament_size; ++k) {
    const Individual& other = population_[static_cast<std::size_t>(rng_.below(static_cast<int>(population_.size())))];
    if (better(other, *best)) best = &other;
  }
  return *best;
}

void Synthesis::next_generation() {
  std::vector<const Individual*> ranked;
  for (const Individual& ind : population_) ranked.push_back(&ind);
  std::stable_sort(ranked.begin(), ranked.end(), [&](const Individual* a, const Individual* b) { return better(*a, *b); });
  std::vector<Individual> next;
  next.reserve(population_.size());
  for (int e = 0; e < spec_.elitism; ++e) next.push_back(*ranked[static_cast<std::size_t>(e)]);
  const double total_rate = std::accumulate(spec_.operator_rates.begin(), spec_.operator_rates.end(), 0.0);
  while (next.size() < population_.size()) {
    double pick = rng_.unit() * total_rate;
    int op = 0;
    while (op + 1 < evolve::kOperatorCount && pick >= spec_.operator_rates[static_cast<std::size_t>(op)]) {
      pick -= spec_.operator_rates[static_cast<std::size_t>(op)];
      ++op;
    }
    const Individual& parent = tournament();
    const Individual& second = op == static_cast<int>(evolve::Operator::Crossover) ? tournament() : parent;
    lang::Program child = variation_->apply(static_cast<evolve::Operator>(op), parent.program, second.program, rng_);
    const std::uint64_t h = child.canonical_hash();
    next.push_back({std::move(child), h, {}});
  }
  population_ = std::move(next);
}

void Synthesis::run(const std::function<void(const GenerationLog&)>& on_generation) {
  start_ = std::chrono::steady_clock::now();
  // The references, scored by the same code on the validation boards.
  {
    const std::vector<Candidate> references = {{AnyEvaluator{ibef_evaluator()}, hash_text("IBEF")},
                                               {AnyEvaluator{adate2005_evaluator()}, hash_text("ADATE-2005")}};
    const std::vector<Fitness> v = evaluate_fitness(references, validation_, spec_.threads);
    baselines_ = {{"IBEF", v[0]}, {"ADATE-2005", v[1]}};
  }
  initialise();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); };
  for (generation_ = 0;; ++generation_) {
    const std::uint64_t games_before = games_played_;
    const double time_before = elapsed();
    std::size_t hits = 0, misses = 0;
    evaluate_population(hits, misses);
    validate_top();
    measure_answer_strength();

    GenerationLog entry;
    entry.generation = generation_;
    entry.evaluations = evaluations_;
    std::vector<double> scores;
    double size_sum = 0;
    const Individual* best = &population_.front();
    for (const Individual& ind : population_) {
      scores.push_back(ind.training.score(spec_.scoring));
      size_sum += static_cast<double>(ind.program.size());
      if (better(ind, *best)) best = &ind;
    }
    entry.best_training = best->training.score(spec_.scoring);
    entry.mean_training = std::accumulate(scores.begin(), scores.end(), 0.0) / static_cast<double>(scores.size());
    entry.median_training = median(scores);
    entry.best_validation = hall_.front().validation.score(spec_.scoring);
    entry.answer_mistake_rate = hall_.front().mistake_rate;
    entry.mean_size = size_sum / static_cast<double>(population_.size());
    entry.best_size = best->program.size();
    entry.cache_hit_rate = static_cast<double>(hits) / static_cast<double>(std::max<std::size_t>(1, hits + misses));
    entry.elapsed_seconds = elapsed();
    const double spent = entry.elapsed_seconds - time_before;
    entry.games_per_second = spent > 0 ? static_cast<double>(games_played_ - games_before) / spent : 0;
    log_.push_back(entry);
    if (on_generation) on_generation(entry);

    if (generation_ + 1 >= spec_.generations) {
      stop_reason_ = "generations";
      break;
    }
    if (spec_.evaluation_budget > 0 && evaluations_ >= spec_.evaluation_budget) {
      stop_reason_ = "evaluations";
      break;
    }
    if (spec_.time_budget_seconds > 0 && elapsed() >= spec_.time_budget_seconds) {
      stop_reason_ = "time-budget";
      break;
    }
    // A restart grows a fresh lineage; the hall of fame and the caches stay.
    if (spec_.restart_every > 0 && (generation_ + 1) % spec_.restart_every == 0)
      initialise();
    else
      next_generation();
  }
}

}  // namespace evalsynth
