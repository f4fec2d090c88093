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
// same run for any thread count — unless a time budget stops it. Everything
// that changes during a run is in SynthesisState, so a run stopped at a
// generation boundary and continued from its state runs on exactly as if it
// had never stopped. Islands (island_epochs.hpp) evolve apart for an epoch,
// each with a stream drawn from that generator once an epoch, so where and
// in what order they evolve does not matter; their run stops, reports and
// checkpoints at the ends of epochs.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "evolve/algorithm.hpp"
#include "evolve/individual.hpp"
#include "lang/grammar.hpp"
#include "support/random.hpp"
#include "synthesis/island_epochs.hpp"
#include "synthesis/run_game.hpp"
#include "synthesis/run_inputs.hpp"
#include "synthesis/run_spec.hpp"
#include "synthesis/stop_reason.hpp"
#include "tournament/fitness.hpp"
#include "tournament/racing.hpp"

namespace evalsynth {

using evolve::Individual;
using evolve::Population;

struct HallEntry {
  lang::Program program;
  std::uint64_t hash = 0;
  Fitness training;
  Fitness validation;
  int generation = 0;
  double mistake_rate = -1;  // against perfect play, if measured
};

inline HallRank hall_rank(const HallEntry& h) { return {h.validation, h.training, h.program.size()}; }

struct GenerationLog {
  int generation = 0;
  std::int64_t evaluations = 0;  // distinct programs evaluated on the training boards so far
  double best_training = 0, mean_training = 0, median_training = 0;
  double best_validation = 0;       // of the answer so far
  double answer_mistake_rate = -1;  // against perfect play, if the spec names strength positions
  double mean_size = 0;
  std::size_t best_size = 0;
  double cache_hit_rate = 0;  // this generation
  double games_per_second = 0;
  double elapsed_seconds = 0;
  // Racing, this generation: candidates stopped early, games and position
  // searches they did not need.
  std::uint64_t raced_out = 0, games_saved = 0, searches_saved = 0;
};

// Everything a run changes as it goes: what a checkpoint saves and a resumed
// run restores (synthesis/checkpoint.hpp). The rest of a run — boards,
// opponents, grammar — is rebuilt from the spec. `population` is the one about
// to be evaluated in generation `generation`.
struct SynthesisState {
  Rng rng;  // all randomness of selection and variation
  int generation = 0;
  std::int64_t evaluations = 0;
  std::uint64_t games_played = 0;
  double elapsed_seconds = 0;  // of all sessions before this one
  StopReason stop_reason = StopReason::Running;
  Population population;
  std::map<std::uint64_t, Fitness> training_cache;  // by program hash (mixed with the self-play opponent's, if any)
  std::map<std::uint64_t, Fitness> validation_cache;
  std::vector<HallEntry> hall;
  std::vector<GenerationLog> log;
  std::vector<Baseline> baselines;

  // Stopped for good (a budget was used up), not paused or interrupted.
  bool finished() const { return is_finished(stop_reason); }
};

// How the caller follows and steers a run. Both are called at generation
// boundaries, where the state is complete and may be checkpointed: after
// every generation, or with islands after every epoch (island_epochs.hpp).
struct RunHooks {
  // After every generation (epoch): its (last) log entry (the state is
  // already the next generation's).
  std::function<void(const GenerationLog&)> on_generation;
  // Asked after every generation: stop now with this reason (Interrupted,
  // Paused), or Running to go on. A stopped run can be resumed.
  std::function<StopReason()> stop_request;
};

class Synthesis {
 public:
  // A fresh run. Reads every file the spec names; throws InputError.
  explicit Synthesis(const RunSpec& spec);
  // A run continued from a saved state (made with this spec and these inputs:
  // compare inputs() with the saved fingerprints).
  Synthesis(const RunSpec& spec, SynthesisState state);
  // The grower, variation and algorithm refer to members: never copied or moved.
  Synthesis(const Synthesis&) = delete;
  Synthesis& operator=(const Synthesis&) = delete;

  // Runs until a budget is used up or the hooks ask it to stop.
  void run(const RunHooks& hooks = {});

  const SynthesisState& state() const { return state_; }
  const std::vector<HallEntry>& hall_of_fame() const { return state_.hall; }
  const std::vector<GenerationLog>& log() const { return state_.log; }
  const std::vector<Baseline>& baselines() const { return state_.baselines; }
  // The run's game: its tasks, references and strength positions.
  const RunGame& game() const { return *inputs_.game; }
  // Mutable for connecting a cluster to the run (cluster/fitness_cluster.hpp).
  RunGame& game() { return *inputs_.game; }
  const RunSpec& spec() const { return spec_; }
  StopReason stop_reason() const { return state_.stop_reason; }
  const InputFingerprints& inputs() const { return inputs_.fingerprints; }
  std::size_t seed_population_skipped() const { return inputs_.seed_population_skipped; }
  // The run's variation operators at the spec's rates, and the first
  // population of a lineage as the run draws it (reliability/ samples the
  // run's search space with them).
  const evolve::Breeding& breeding() const { return breeding_; }
  // Seconds this session spent breeding, and of them the seconds the run
  // waited for it once the rounds it overlaps had ended (spread over
  // processes, rank 0 breeds beside the validation and the answer's
  // strength; cluster/): for the cluster's account. Not checkpointed.
  struct BreedingTime {
    double breeding = 0, waited = 0;
  };
  const BreedingTime& breeding_time() const { return breeding_time_; }
  evolve::Population fresh_population(bool with_seed_population, Rng& rng) const;

  // Islands (island_epochs.hpp): one island's epoch, evolved here with the
  // self-play opponents the game is set to; and who evolves the epochs (by
  // default this process, one island after another).
  IslandEpochResult evolve_island(const IslandEpochTask& task) const;
  void set_island_runner(IslandEpochRunner runner) { island_runner_ = std::move(runner); }
  bool has_islands() const { return algorithm_->parts() > 1; }

 private:
  void score_references();
  // One step of the run: a generation, or with islands an epoch.
  void run_generation(const std::function<double()>& elapsed);
  void run_epoch(const std::function<double()>& elapsed);
  // The epoch's generations, from its islands' results in island order: the
  // log, the hall and the answer's strength as the run would have had them.
  void replay_epoch(const std::vector<IslandEpochResult>& islands, int first, double time_before, double spent);
  void evaluate_population(std::size_t& hits, std::size_t& misses, RaceStats& race);
  void update_self_play();
  std::uint64_t training_key(std::uint64_t program_hash) const;
  // The programs validation measures this generation (copies: the next
  // population may be bred meanwhile), and measuring them.
  std::vector<evolve::Individual> validation_top() const;
  // Adds the best `count` of `from` (by training; fully evaluated; not in
  // `top` yet) to `top`.
  void add_best(const evolve::Population& from, int count, std::vector<evolve::Individual>& top) const;
  int validated_per_part() const;
  void validate(const std::vector<evolve::Individual>& top);
  // The validated `top` (their scores in the validation cache) into the hall.
  void admit_to_hall(const std::vector<evolve::Individual>& top);
  void measure_answer_strength();
  // The generation's log entry as far as its population says (the hall's
  // part is filled in after validation).
  GenerationLog log_entry(std::size_t hits, std::size_t misses) const;
  // The same from the population's scores, sizes and best, for generation
  // `state_.generation` with `state_.evaluations` so far.
  GenerationLog summarize(const std::vector<double>& scores, double size_sum, const Fitness& best_training,
                          std::size_t best_size, std::size_t hits, std::size_t misses) const;
  // With `race_known` (the exact scores of programs already evaluated) the
  // programs race (tournament/racing.hpp), counted in `race_stats`.
  std::vector<Fitness> evaluate(const std::vector<const lang::Program*>& programs, RunGame::Task task,
                                const std::vector<double>* race_known = nullptr, RaceStats* race_stats = nullptr);
  // The same, without counting the games in the state.
  std::vector<Fitness> play(const std::vector<const lang::Program*>& programs, RunGame::Task task,
                            const std::vector<double>* race_known = nullptr, RaceStats* race_stats = nullptr) const;
  StopReason budget_used_up(double elapsed) const;

  RunSpec spec_;
  lang::Grammar grammar_;
  evolve::Grower grower_;
  evolve::Variation variation_;
  RunInputs inputs_;
  evolve::Breeding breeding_;
  std::unique_ptr<evolve::EvolutionAlgorithm> algorithm_;
  IslandEpochRunner island_runner_;
  std::uint64_t self_play_key_ = 0;  // which programs the self-play opponents play with now
  SynthesisState state_;
  BreedingTime breeding_time_;
};

}  // namespace evalsynth
