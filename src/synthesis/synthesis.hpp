#pragma once
// A synthesis run: evolves evaluator programs against the spec's opponents on
// the training boards, scores the best few of every generation on the
// validation boards, and keeps the best validation performers (the hall of
// fame) — the first of which is the run's answer, as in the thesis. With
// restart-every, the population is grown afresh every N generations: a
// lineage overfits the few training boards in its own way, and validation
// picks the answer from several lineages instead of near-copies of one.
//
// Determinism: all randomness of selection and variation comes from one
// generator seeded by the spec, used on one thread; fitness is a pure function
// of the program (tournament/fitness.hpp). The same spec and seed give the
// same run for any thread count — unless a time budget stops it.

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "evolve/variation.hpp"
#include "io/spec.hpp"
#include "lang/grammar.hpp"
#include "tournament/fitness.hpp"
#include "tournament/strength.hpp"

namespace evalsynth {

struct Individual {
  lang::Program program;
  std::uint64_t hash = 0;
  Fitness training;
};

struct HallEntry {
  lang::Program program;
  std::uint64_t hash = 0;
  Fitness training;
  Fitness validation;
  int generation = 0;
  double mistake_rate = -1;  // against perfect play, if measured
};

struct GenerationLog {
  int generation = 0;
  std::int64_t evaluations = 0;  // distinct programs evaluated on the training boards so far
  double best_training = 0, mean_training = 0, median_training = 0;
  double best_validation = 0;    // of the answer so far
  double answer_mistake_rate = -1;  // against perfect play, if the spec names strength positions
  double mean_size = 0;
  std::size_t best_size = 0;
  double cache_hit_rate = 0;     // this generation
  double games_per_second = 0;
  double elapsed_seconds = 0;
};

struct Baseline {
  std::string name;
  Fitness validation;
};

class Synthesis {
 public:
  explicit Synthesis(const RunSpec& spec);

  // Runs to the end of the budget; `on_generation` sees every generation's log.
  void run(const std::function<void(const GenerationLog&)>& on_generation);

  const std::vector<HallEntry>& hall_of_fame() const { return hall_; }
  const std::vector<GenerationLog>& log() const { return log_; }
  const std::vector<Baseline>& baselines() const { return baselines_; }
  const FitnessTask& training_task() const { return training_; }
  const FitnessTask& validation_task() const { return validation_; }
  const RunSpec& spec() const { return spec_; }
  std::string stop_reason() const { return stop_reason_; }

 private:
  void initialise();
  void evaluate_population(std::size_t& hits, std::size_t& misses);
  void validate_top();
  void measure_answer_strength();
  void next_generation();
  const Individual& tournament();
  bool better(const Individual& a, const Individual& b) const;
  std::vector<Fitness> evaluate(const std::vector<const lang::Program*>& programs, const FitnessTask& task);

  RunSpec spec_;
  lang::Grammar grammar_;
  std::optional<evolve::Grower> grower_;
  std::optional<evolve::Variation> variation_;
  FitnessTask training_;
  FitnessTask validation_;
  Rng rng_;
  std::vector<Individual> population_;
  std::map<std::uint64_t, Fitness> training_cache_;
  std::map<std::uint64_t, Fitness> validation_cache_;
  std::vector<HallEntry> hall_;
  std::vector<GenerationLog> log_;
  std::vector<Baseline> baselines_;
  std::vector<LabelledPosition> strength_positions_;
  int generation_ = 0;
  std::int64_t evaluations_ = 0;
  std::uint64_t games_played_ = 0;
  std::string stop_reason_;
  std::chrono::steady_clock::time_point start_;
};

// Board sets as the spec describes them; later random boards avoid earlier ones.
std::vector<Position> build_boards(const std::vector<BoardSource>& sources, std::uint64_t seed,
                                   const std::vector<Position>& exclude);

}  // namespace evalsynth
