#pragma once
// The part of a run that knows its game: the training and validation tasks
// (boards, opponents, labelled positions), the self-play opponents, the
// positions the answer's strength is measured on, and the references'
// scores. The run loop (synthesis.cpp) is the same for every game and talks
// to its game through this interface between generations, never per game or
// per move: a virtual call a batch of candidates. RunGameFor<G> implements it
// for each game (run_game.cpp).

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lang/program.hpp"
#include "tournament/fitness.hpp"
#include "tournament/racing.hpp"

namespace evalsynth {

struct Baseline {
  std::string name;
  Fitness validation;
};

// What a task is, for messages and outputs.
struct TaskSummary {
  std::size_t boards = 0;              // the task's start boards
  std::size_t own_perfect_boards = 0;  // boards perfect opponents play from instead (0: none of their own)
  std::size_t games_per_candidate = 0;
  std::size_t opponents = 0;
};

// The units of one batch of programs on one task, ready to play: what a
// worker process holds while the run's first process hands it units
// (cluster/).
class UnitSession {
 public:
  virtual ~UnitSession() = default;
  virtual std::vector<UnitResult> play(const std::vector<std::size_t>& units, int threads) = 0;
};

// One batch of units a run's game hands out (cluster/): the fitness of
// programs on a task, the references' fitness on the validation task, or
// the answer's strength (a unit per strength position; its result's
// `mistakes` is 1 for a mistake).
struct UnitBatch {
  enum class Kind : std::uint8_t { Training, Validation, References, Strength };
  std::uint64_t number = 0;  // one per call that hands out units, counted by the run's game
  Kind kind = Kind::Training;
  std::vector<const lang::Program*> programs;  // none for the references; the answer for its strength
  int depth = 0;                               // strength: the answer's search depth
  std::uint64_t seed = 0;                      // strength: the tie-breaking seed
};

class RunGame {
 public:
  enum class Task { Training, Validation };

  // Plays the units of `batch` in other processes, filling `results`; it
  // may play some here with `here` (cluster/).
  using Distributor = std::function<void(const UnitBatch& batch, const std::vector<std::size_t>& units,
                                         std::vector<UnitResult>& results, const PlayHere& here)>;

  virtual ~RunGame() = default;

  // The fitness of each program on a task. With `race` (and `known`, the
  // exact scores of programs evaluated before) the programs race
  // (tournament/racing.hpp), counted in `stats`.
  virtual std::vector<Fitness> evaluate(const std::vector<const lang::Program*>& programs, Task task, int threads,
                                        const RaceSettings* race = nullptr, const std::vector<double>* known = nullptr,
                                        RaceStats* stats = nullptr) const = 0;
  // The training fitness of each program with only the first `boards`
  // training boards (and the first `boards` of a perfect opponent's own);
  // the positions term unchanged. What a comparison of fewer games would see
  // (reliability/ models the hill-climber at several comparison sizes).
  virtual std::vector<Fitness> evaluate_on_first_boards(const std::vector<const lang::Program*>& programs,
                                                        std::size_t boards, int threads) const = 0;
  // The game's reference evaluators on the validation task (Connect4: IBEF
  // and ADATE-2005), in a fixed order.
  virtual std::vector<Baseline> score_references(int threads) const = 0;
  // Self-play training opponent `opponent` plays with `program` from now on;
  // nullptr: with the stand-in (the game's first reference evaluator).
  virtual void set_self_play(std::size_t opponent, const lang::Program* program) = 0;
  // The stand-in's name (its program hash is hash_text of it).
  virtual std::string stand_in_name() const = 0;
  // The mistake rate of `program` searching at `depth` on the strength
  // positions (random tie-breaking seeded by `seed`); -1 without positions.
  virtual double mistake_rate(const lang::Program& program, int depth, std::uint64_t seed, int threads) const = 0;
  virtual bool has_strength_positions() const = 0;
  virtual TaskSummary summary(Task task) const = 0;
  // The game, as a spec names it.
  virtual std::string game_name() const = 0;

  // Spreading the work of evaluate(), score_references() and
  // mistake_rate() over processes: from now on their units are played
  // through `distributor` (empty: here again).
  virtual void set_distributor(Distributor distributor) = 0;
  // Whether a distributor is set.
  virtual bool distributed() const = 0;
  // A worker's side: `batch`'s units, with the self-play programs as
  // set_self_play last set them.
  virtual std::unique_ptr<UnitSession> open_session(const UnitBatch& batch) const = 0;
  // Each self-play slot set so far (its opponent index) with the program it
  // plays with (nullptr: the stand-in), for a worker to set the same.
  virtual std::vector<std::pair<std::size_t, const lang::Program*>> self_play_programs() const = 0;
};

template <Game G>
class RunGameFor;

// The task of a run of game G itself (for tools and tests that know the game).
template <Game G>
const FitnessTask<G>& task_of(const RunGame& run, RunGame::Task task);

}  // namespace evalsynth
