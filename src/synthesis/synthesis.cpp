#include "synthesis/synthesis.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <numeric>
#include <thread>

#include "evolve/initial_population.hpp"

namespace evalsynth {
namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

SynthesisState fresh_state(std::uint64_t seed) {
  SynthesisState state;
  state.rng = Rng(seed);
  return state;
}

evolve::AlgorithmSettings algorithm_settings(const RunSpec& spec) {
  return {spec.algorithm, spec.elitism, spec.restart_every,   spec.archive_per_size,
          spec.compound,  spec.islands, spec.migration_every, spec.migrants};
}

}  // namespace

Synthesis::Synthesis(const RunSpec& spec) : Synthesis(spec, fresh_state(spec.seed)) {}

Synthesis::Synthesis(const RunSpec& spec, SynthesisState state)
    : spec_(spec),
      grammar_(read_run_grammar(spec)),
      grower_(grammar_),
      variation_(grower_, spec_.limits),
      inputs_(load_run_inputs(spec_, variation_)),
      breeding_{variation_, evolve::Selection(spec_.scoring, spec_.tournament_size), spec_.operator_rates,
                spec_.population,
                [this](bool with_seed_population, Rng& rng) { return fresh_population(with_seed_population, rng); }},
      algorithm_(evolve::make_algorithm(breeding_, algorithm_settings(spec_))),
      state_(std::move(state)) {}

evolve::Population Synthesis::fresh_population(bool with_seed_population, Rng& rng) const {
  return evolve::initial_population({inputs_.seeds, inputs_.seed_population}, with_seed_population, grower_, variation_,
                                    spec_.population, spec_.init_depth, rng);
}

void Synthesis::measure_answer_strength() {
  // An extra validation measure: how often the answer errs against perfect
  // play, measured once per answer (it changes rarely).
  if (!inputs_.game->has_strength_positions()) return;
  HallEntry& answer = state_.hall.front();
  if (answer.mistake_rate >= 0) return;
  answer.mistake_rate = inputs_.game->mistake_rate(answer.program, spec_.strength_depth, spec_.seed, spec_.threads);
}

std::vector<Fitness> Synthesis::play(const std::vector<const lang::Program*>& programs, RunGame::Task task,
                                     const std::vector<double>* race_known, RaceStats* race_stats) const {
  const RaceSettings settings{spec_.race_batches, spec_.validation_top, spec_.race_confidence};
  return inputs_.game->evaluate(programs, task, spec_.threads, race_known ? &settings : nullptr, race_known,
                                race_stats);
}

std::vector<Fitness> Synthesis::evaluate(const std::vector<const lang::Program*>& programs, RunGame::Task task,
                                         const std::vector<double>* race_known, RaceStats* race_stats) {
  const std::vector<Fitness> results = play(programs, task, race_known, race_stats);
  for (const Fitness& f : results) state_.games_played += static_cast<std::uint64_t>(f.games);
  return results;
}

void Synthesis::update_self_play() {
  // Self-play opponent of rank r is the r-th of the hall of fame (rank 0: the
  // answer); until the hall has one, the first seed, or without seeds the
  // game's stand-in (Connect4: IBEF). It is a function of the state, so a
  // resumed run sets it exactly as the uninterrupted one did.
  if (inputs_.self_play.empty()) return;
  std::uint64_t key = 0x5E1F;
  for (const SelfPlaySlot& slot : inputs_.self_play) {
    const std::size_t rank = static_cast<std::size_t>(slot.rank);
    const lang::Program* program = nullptr;
    std::uint64_t program_hash = hash_text(inputs_.game->stand_in_name());
    if (rank < state_.hall.size()) {
      program = &state_.hall[rank].program;
      program_hash = state_.hall[rank].hash;
    } else if (!inputs_.seeds.empty()) {
      program = &inputs_.seeds.front();
      program_hash = inputs_.seeds.front().canonical_hash();
    }
    inputs_.game->set_self_play(slot.opponent, program);
    key = mix_seed({key, program_hash});
  }
  self_play_key_ = key;
}

std::uint64_t Synthesis::training_key(std::uint64_t program_hash) const {
  // With self-play a program's fitness depends on the opponent too.
  return inputs_.self_play.empty() ? program_hash : mix_seed({program_hash, self_play_key_});
}

void Synthesis::evaluate_population(std::size_t& hits, std::size_t& misses, RaceStats& race) {
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
  // Racing compares the new programs with each other and with the exact
  // scores of the population's programs already known.
  std::vector<double> known;
  for (const Individual& ind : state_.population) {
    const auto cached = state_.training_cache.find(training_key(ind.hash));
    if (cached != state_.training_cache.end() && !cached->second.raced_out())
      known.push_back(cached->second.score(spec_.scoring));
  }
  const std::vector<Fitness> results = evaluate(todo, RunGame::Task::Training, spec_.racing ? &known : nullptr, &race);
  for (std::size_t i = 0; i < todo.size(); ++i) state_.training_cache[todo_keys[i]] = results[i];
  state_.evaluations += static_cast<std::int64_t>(todo.size());
  for (Individual& ind : state_.population) ind.training = state_.training_cache.at(training_key(ind.hash));
}

void Synthesis::add_best(const Population& from, int count, std::vector<Individual>& top) const {
  int taken = 0;
  for (const Individual* ind : breeding_.selection.ranked(from)) {
    if (taken == count) break;
    // Only fully evaluated programs can become the answer: its reported
    // training score comes from all its games.
    if (ind->training.raced_out()) continue;
    bool duplicate = false;
    for (const Individual& t : top) duplicate = duplicate || t.hash == ind->hash;
    if (duplicate) continue;
    top.push_back(*ind);
    ++taken;
  }
}

int Synthesis::validated_per_part() const {
  const int parts = algorithm_->parts();
  return parts == 1 ? spec_.validation_top : std::max(1, spec_.validation_top / parts);
}

std::vector<evolve::Individual> Synthesis::validation_top() const {
  // The best validation-top programs by training fitness (islands validate
  // their own best, island_epochs.cpp).
  std::vector<Individual> top;
  add_best(state_.population, validated_per_part(), top);
  return top;
}

void Synthesis::validate(const std::vector<Individual>& top) {
  std::vector<const lang::Program*> todo;
  for (const Individual& ind : top)
    if (!state_.validation_cache.count(ind.hash)) todo.push_back(&ind.program);
  const std::vector<Fitness> results = evaluate(todo, RunGame::Task::Validation);
  for (std::size_t i = 0; i < todo.size(); ++i) state_.validation_cache[todo[i]->canonical_hash()] = results[i];
  admit_to_hall(top);
}

void Synthesis::admit_to_hall(const std::vector<Individual>& top) {
  for (const Individual& ind : top) {
    bool known = false;
    for (const HallEntry& h : state_.hall) known = known || h.hash == ind.hash;
    if (known) continue;
    state_.hall.push_back(
        {ind.program, ind.hash, ind.training, state_.validation_cache.at(ind.hash), state_.generation, -1});
  }
  // Best validation first; ties by training fitness, then size, then age.
  std::stable_sort(state_.hall.begin(), state_.hall.end(), [&](const HallEntry& a, const HallEntry& b) {
    return hall_rank(a).before(hall_rank(b), spec_.scoring);
  });
  if (static_cast<int>(state_.hall.size()) > spec_.hall_of_fame)
    state_.hall.resize(static_cast<std::size_t>(spec_.hall_of_fame));
}

GenerationLog Synthesis::log_entry(std::size_t hits, std::size_t misses) const {
  std::vector<double> scores;
  double size_sum = 0;
  const Individual* best = &state_.population.front();
  for (const Individual& ind : state_.population) {
    scores.push_back(ind.training.score(spec_.scoring));
    size_sum += static_cast<double>(ind.program.size());
    if (breeding_.selection.better(ind, *best)) best = &ind;
  }
  return summarize(scores, size_sum, best->training, best->program.size(), hits, misses);
}

GenerationLog Synthesis::summarize(const std::vector<double>& scores, double size_sum, const Fitness& best_training,
                                   std::size_t best_size, std::size_t hits, std::size_t misses) const {
  GenerationLog entry;
  entry.generation = state_.generation;
  entry.evaluations = state_.evaluations;
  entry.best_training = best_training.score(spec_.scoring);
  entry.mean_training = std::accumulate(scores.begin(), scores.end(), 0.0) / static_cast<double>(scores.size());
  entry.median_training = median(scores);
  entry.mean_size = size_sum / static_cast<double>(scores.size());
  entry.best_size = best_size;
  entry.cache_hit_rate = static_cast<double>(hits) / static_cast<double>(std::max<std::size_t>(1, hits + misses));
  return entry;
}

StopReason Synthesis::budget_used_up(double elapsed) const {
  if (state_.generation >= spec_.generations) return StopReason::Generations;
  if (spec_.evaluation_budget > 0 && state_.evaluations >= spec_.evaluation_budget) return StopReason::Evaluations;
  if (spec_.time_budget_seconds > 0 && elapsed >= spec_.time_budget_seconds) return StopReason::TimeBudget;
  return StopReason::Running;
}

void Synthesis::score_references() {
  // The references, scored by the same code on the validation boards.
  state_.baselines = inputs_.game->score_references(spec_.threads);
}

void Synthesis::run(const RunHooks& hooks) {
  const auto session_start = std::chrono::steady_clock::now();
  const double elapsed_before = state_.elapsed_seconds;
  const std::function<double()> elapsed = [&] {
    return elapsed_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - session_start).count();
  };
  if (!state_.population.empty()) {
    // Continuing: a run whose budget is used up stays stopped.
    state_.stop_reason = budget_used_up(state_.elapsed_seconds);
    if (state_.stop_reason != StopReason::Running) return;
  } else {
    score_references();
    state_.population = fresh_population(true, state_.rng);
  }
  while (state_.stop_reason == StopReason::Running) {
    if (has_islands())
      run_epoch(elapsed);
    else
      run_generation(elapsed);
    state_.elapsed_seconds = elapsed();
    state_.stop_reason = budget_used_up(state_.elapsed_seconds);
    if (state_.stop_reason == StopReason::Running && hooks.stop_request) state_.stop_reason = hooks.stop_request();
    if (hooks.on_generation) hooks.on_generation(state_.log.back());
  }
}

void Synthesis::run_generation(const std::function<double()>& elapsed) {
  const std::uint64_t games_before = state_.games_played;
  const double time_before = elapsed();
  std::size_t hits = 0, misses = 0;
  RaceStats race;
  evaluate_population(hits, misses, race);
  algorithm_->select_survivors(state_.population);
  const std::vector<Individual> top = validation_top();
  GenerationLog entry = log_entry(hits, misses);
  // The next population is made even after the last generation, so that
  // the state is always "about to evaluate generation N": a stopped run,
  // finished or not, continues from it the same way. Breeding needs only
  // the population's training fitness: with the fitness work spread over
  // processes, rank 0 breeds while they validate (its serial part), with
  // the same result.
  double bred = 0;
  auto breed = [this, &bred] {
    const auto start = std::chrono::steady_clock::now();
    algorithm_->breed(state_.population, state_.generation, state_.rng);
    bred = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  {
    std::exception_ptr breeding_failed;
    std::jthread breeder;
    if (inputs_.game->distributed())
      breeder = std::jthread([&] {
        try {
          breed();
        } catch (...) {
          breeding_failed = std::current_exception();
        }
      });
    validate(top);
    measure_answer_strength();
    const auto wait_start = std::chrono::steady_clock::now();
    if (!breeder.joinable()) breed();
    if (breeder.joinable()) breeder.join();
    breeding_time_.waited += std::chrono::duration<double>(std::chrono::steady_clock::now() - wait_start).count();
    breeding_time_.breeding += bred;
    if (breeding_failed) std::rethrow_exception(breeding_failed);
  }
  entry.best_validation = state_.hall.front().validation.score(spec_.scoring);
  entry.answer_mistake_rate = state_.hall.front().mistake_rate;
  entry.raced_out = race.stopped;
  entry.games_saved = race.games_saved;
  entry.searches_saved = race.searches_saved;
  entry.elapsed_seconds = elapsed();
  const double spent = entry.elapsed_seconds - time_before;
  entry.games_per_second = spent > 0 ? static_cast<double>(state_.games_played - games_before) / spent : 0;
  state_.log.push_back(entry);
  ++state_.generation;
}

}  // namespace evalsynth
