#pragma once
// How a population evolves from one generation to the next. The run
// (synthesis/) evaluates the population's training fitness; an algorithm
// decides what survives that evaluation and breeds the next population from
// it. Three implementations: Generational (tournament selection with elitism
// and optional restarts, generational.cpp), Archive (ADATE-like: the best
// programs of each size, expanded by compound transformations, archive.cpp)
// and Islands (generational populations on a ring that evolve apart and
// trade their best programs every few generations, islands.cpp) and HillClimb (the strict
// (1+1) hill-climber M²ICAL models, hill_climb.cpp).
// Another algorithm is one new file implementing EvolutionAlgorithm, plus its
// name in AlgorithmKind and make_algorithm.
//
// Every random choice is drawn from the Rng passed in, in a fixed order, so a
// run is a function of its seed.

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "evolve/individual.hpp"
#include "evolve/selection.hpp"
#include "evolve/variation.hpp"

namespace evalsynth::evolve {

enum class AlgorithmKind : std::uint8_t { Generational, Archive, Islands, HillClimb };

// "generational", "archive", "islands", "hillclimb".
std::string_view algorithm_name(AlgorithmKind kind);

// What breeding needs from the run, shared by every algorithm.
struct Breeding {
  const Variation& variation;
  Selection selection;
  std::vector<double> operator_rates;  // by OperatorId
  int population_size = 100;
  // A fresh population (a new lineage); with_seed_population adds the
  // programs of a saved run, which only the first generation gets.
  std::function<Population(bool with_seed_population, Rng& rng)> fresh_population;

  OperatorId pick_operator(Rng& rng) const { return pick_weighted(operator_rates, rng); }
  // An offspring of `parent` by `op`; a second parent is drawn by
  // `second_parent` only if the operator takes one.
  template <class SecondParent>
  lang::Program offspring(OperatorId op, const lang::Program& parent, const SecondParent& second_parent,
                          Rng& rng) const {
    if (!operator_info(op).takes_second_parent) return variation.apply(op, parent, parent, rng);
    const lang::Program& second = second_parent();
    return variation.apply(op, parent, second, rng);
  }
};

struct AlgorithmSettings {
  AlgorithmKind kind = AlgorithmKind::Generational;
  int elitism = 2;           // generational: the best K pass unchanged
  int restart_every = 0;     // generational: a fresh population every N generations (0: never)
  int archive_per_size = 2;  // archive: programs kept per program size
  int compound = 3;          // archive: at most this many operators make one offspring
  int islands = 4;           // islands: populations, each population / islands programs
  int migration_every = 5;   // islands: generations evolved apart between migrations
  int migrants = 2;          // islands: the best K of each island replace the last K offspring of the next
};

class EvolutionAlgorithm {
 public:
  virtual ~EvolutionAlgorithm() = default;
  // After the population's training fitness is known: what of it survives.
  virtual void select_survivors(Population& population) const = 0;
  // Replaces the survivors of generation `generation` by the population that
  // generation + 1 evaluates.
  virtual void breed(Population& population, int generation, Rng& rng) const = 0;
  // How many equal parts the population is in (islands), each of which
  // sends its best to validation; 1 for one population. An algorithm of
  // several parts breeds each part alone (its `breed` is given one part).
  virtual int parts() const { return 1; }
};

// The island model's migration (islands.cpp): the best `count` of an island
// (its emigrants), and the ring's exchange, all at once: island i's
// emigrants take the places of the last as many programs of island i+1's
// newly bred population (offspring, in random order, behind the elite).
Population best_of(const Breeding& breeding, const Population& island, std::size_t count);
void migrate_along_ring(std::vector<Population>& islands, const std::vector<Population>& emigrants);

// One generational step: the `elitism` best of `parents` unchanged, then
// offspring of tournament-selected parents up to `size` programs.
Population next_generation(const Breeding& breeding, const Population& parents, int elitism, std::size_t size,
                           Rng& rng);

std::unique_ptr<EvolutionAlgorithm> make_generational(const Breeding& breeding, const AlgorithmSettings& settings);
std::unique_ptr<EvolutionAlgorithm> make_archive(const Breeding& breeding, const AlgorithmSettings& settings);
std::unique_ptr<EvolutionAlgorithm> make_islands(const Breeding& breeding, const AlgorithmSettings& settings);
std::unique_ptr<EvolutionAlgorithm> make_hill_climb(const Breeding& breeding, const AlgorithmSettings& settings);
// The hill-climber's challenger: an offspring of `incumbent` by one operator
// drawn at the spec's rates (crossover's second parent is the incumbent).
lang::Program hill_climb_challenger(const Breeding& breeding, const lang::Program& incumbent, Rng& rng);
// The algorithm settings.kind names. `breeding` must outlive it.
std::unique_ptr<EvolutionAlgorithm> make_algorithm(const Breeding& breeding, const AlgorithmSettings& settings);

}  // namespace evalsynth::evolve
