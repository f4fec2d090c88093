// Islands evolve apart (synthesis/island_epochs.hpp): an island's epoch is a
// function of its task alone, so the run is the same whoever evolves which
// island in what order — what lets a cluster place island i on rank i mod N.

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "io/spec.hpp"
#include "lang/printer.hpp"
#include "synthesis/synthesis.hpp"
#include "test_support.hpp"

using namespace evalsynth;

namespace {

// 3 islands of 6 with racing, self-play (the hall's best as an opponent) and
// the answer's strength.
const std::string kSpec =
    "grammar = grammar/features.grammar\nseeds = grammar/examples/ibef.eval\nopponents = ibef@1, hall1@1\n"
    "candidate-depths = 1\ntraining-boards = shallow\nvalidation-boards = random(12)\nscoring = points\n"
    "racing = on\npopulation = 18\ngenerations = 5\nmax-size = 260\nmax-depth = 48\ninit-depth = 3\n"
    "algorithm = islands\nislands = 3\nmigration-every = 2\nmigrants = 1\nelitism = 1\nvalidation-top = 6\n"
    "strength-positions = tests/data/late.analysis\nstrength-depth = 2\n";

std::string programs_of(const evolve::Population& population) {
  std::string text;
  for (const evolve::Individual& ind : population)
    text += lang::to_text(ind.program) + " " + std::to_string(ind.training.score(Scoring{})) + "\n";
  return text;
}

std::string epoch_of(const IslandEpochResult& r) {
  std::string text = "island " + std::to_string(r.island) + "\n" + programs_of(r.population) + programs_of(r.emigrants);
  for (const IslandGeneration& g : r.generations)
    text += std::to_string(g.size_sum) + " " + std::to_string(g.hits) + "/" + std::to_string(g.misses) + " " +
            std::to_string(g.games) + "\n" + programs_of(g.top);
  return text;
}

std::string run_of(const Synthesis& run) {
  std::string text;
  for (const HallEntry& h : run.hall_of_fame())
    text += lang::to_text(h.program) + " " + std::to_string(h.generation) + " " +
            std::to_string(h.validation.score(Scoring{})) + "\n";
  for (const GenerationLog& g : run.log())
    text += std::to_string(g.best_training) + " " + std::to_string(g.mean_training) + " " +
            std::to_string(g.evaluations) + " " + std::to_string(g.cache_hit_rate) + " " +
            std::to_string(g.answer_mistake_rate) + "\n";
  return text + programs_of(run.state().population);
}

}  // namespace

TEST_CASE("islands: an island's epoch depends on its task alone", "[synthesis][islands]") {
  test::InSourceDir here;
  const Synthesis run(parse_spec(kSpec, "t.spec"));
  Rng rng(3);
  const evolve::Population population = run.fresh_population(true, rng);
  auto task = [&](int island) {
    IslandEpochTask t;
    t.island = island;
    t.generations = 2;
    t.seed = 100 + static_cast<std::uint64_t>(island);
    t.population.assign(population.begin() + island * 6, population.begin() + (island + 1) * 6);
    return t;
  };
  const IslandEpochResult first = run.evolve_island(task(1));
  run.evolve_island(task(0));  // another island in between changes nothing
  const IslandEpochResult again = run.evolve_island(task(1));
  CHECK(epoch_of(again) == epoch_of(first));

  REQUIRE(first.generations.size() == 2);
  CHECK(first.population.size() == 6);
  CHECK(first.emigrants.empty());  // 1 migrant within an elite of 1: the bred island's first
  for (const IslandGeneration& g : first.generations) {
    CHECK(g.scores.size() == 6);
    CHECK(g.hits + g.misses == 6);
    CHECK(g.top.size() == 2);  // validation-top 6 over 3 islands
    CHECK(g.top_validation.size() == g.top.size());
  }
  // The emigrant is the best of the last generation: its validated first.
  CHECK(first.population.front().hash == first.generations.back().top.front().hash);
  // With no answer yet, the first validated program would be the answer:
  // the island measures its strength, as the run would.
  const IslandGeneration& g0 = first.generations.front();
  REQUIRE_FALSE(g0.strength.empty());
  CHECK(g0.strength.front().first == g0.top.front().hash);
  CHECK(g0.strength.front().second == run.game().mistake_rate(g0.top.front().program, 2, 1, 1));
  // None displaces an answer no program can beat: nothing to measure.
  IslandEpochTask beaten = task(1);
  HallRank unbeatable;
  unbeatable.validation.games = unbeatable.validation.wins = 1000;
  beaten.answer = {unbeatable};
  for (const IslandGeneration& g : run.evolve_island(beaten).generations) CHECK(g.strength.empty());

  // Another stream, another epoch.
  IslandEpochTask other = task(1);
  other.seed = 7;
  CHECK(epoch_of(run.evolve_island(other)) != epoch_of(first));
}

TEST_CASE("islands: the run is the same whatever order its islands evolve in", "[synthesis][islands]") {
  test::InSourceDir here;
  Synthesis in_order(parse_spec(kSpec, "t.spec")), reversed(parse_spec(kSpec, "t.spec"));
  in_order.run({});
  int epochs = 0;
  reversed.set_island_runner([&](const std::vector<IslandEpochTask>& tasks) {
    ++epochs;
    std::vector<IslandEpochResult> results(tasks.size());
    for (std::size_t i = tasks.size(); i-- > 0;) results[i] = reversed.evolve_island(tasks[i]);
    return results;
  });
  std::vector<int> reported;
  RunHooks hooks;
  hooks.on_generation = [&](const GenerationLog& g) { reported.push_back(g.generation); };
  reversed.run(hooks);
  CHECK(run_of(reversed) == run_of(in_order));
  // Epochs of 2 generations, the last cut short by the budget of 5; the
  // hooks come at the ends of epochs, the log has every generation.
  CHECK(epochs == 3);
  CHECK(reported == std::vector<int>{1, 3, 4});
  CHECK(reversed.log().size() == 5);
  CHECK(reversed.state().generation == 5);
}
