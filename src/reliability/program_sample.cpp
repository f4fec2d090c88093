#include "reliability/program_sample.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <unordered_map>

#include "evolve/algorithm.hpp"
#include "support/random.hpp"
#include "synthesis/synthesis.hpp"

namespace evalsynth::reliability {
namespace {

// The distinct programs met so far, strength measured in batches.
class Registry {
 public:
  Registry(const Synthesis& run, ProgramSample& sample) : run_(run), sample_(sample) {}

  std::size_t add(lang::Program program) {
    const std::uint64_t h = program.canonical_hash();
    const auto [it, added] = index_.try_emplace(h, sample_.programs.size());
    if (added) {
      sample_.programs.push_back(std::move(program));
      sample_.hashes.push_back(h);
      sample_.view.strength.push_back(-1);
    }
    return it->second;
  }

  // Measures every program not measured yet.
  void measure() {
    for (std::size_t p = measured_; p < sample_.programs.size(); ++p)
      sample_.view.strength[p] = program_strength(run_, sample_.programs[p]);
    measured_ = sample_.programs.size();
  }

  double strength(std::size_t p) const {
    assert(p < measured_);
    return sample_.view.strength[p];
  }

 private:
  const Synthesis& run_;
  ProgramSample& sample_;
  std::unordered_map<std::uint64_t, std::size_t> index_;
  std::size_t measured_ = 0;
};

// The first size is the spec's own comparison: all of its boards, a perfect
// opponent's own boards included however many those are (as its runs play).
std::size_t board_limit(const SampleSetup& setup, std::size_t k) {
  return k == 0 ? std::numeric_limits<std::size_t>::max() : setup.boards[k];
}

}  // namespace

double program_strength(const Synthesis& run, const lang::Program& program) {
  const RunSpec& spec = run.spec();
  return 100.0 * (1.0 - run.game().mistake_rate(program, spec.strength_depth, spec.seed, spec.threads));
}

ProgramSample sample_programs(const Synthesis& run, const SampleSetup& setup, const Progress& progress) {
  assert(setup.starts > 0 && setup.classes > 0 && !setup.boards.empty());
  ProgramSample sample;
  Registry registry(run, sample);
  Rng rng(mix_seed({setup.seed, 0x4D32'1CA1}));
  const evolve::Breeding& breeding = run.breeding();

  // v_0: the search's first program, as a run with another seed would draw it.
  for (int s = 0; s < setup.starts; ++s) {
    Rng start_rng(mix_seed({setup.seed, 0x57A87, static_cast<std::uint64_t>(s)}));
    evolve::Population first = run.fresh_population(true, start_rng);
    sample.view.starts.push_back(registry.add(std::move(first.front().program)));
  }
  registry.measure();

  // Algorithm 4.1, by walks that climb on exact strength or on a comparison.
  std::vector<std::size_t> at;
  for (int w = 0; w < setup.walks; ++w)
    at.push_back(sample.view.starts[static_cast<std::size_t>(w) % sample.view.starts.size()]);
  for (int step = 0; step < setup.walk_length; ++step) {
    std::vector<std::size_t> children;
    for (std::size_t parent : at) {
      const std::size_t child = registry.add(evolve::hill_climb_challenger(breeding, sample.programs[parent], rng));
      sample.view.offspring.emplace_back(parent, child);
      children.push_back(child);
    }
    registry.measure();
    // Odd walks climb on the comparison, each on one of the sizes in turn.
    std::vector<std::vector<const lang::Program*>> pairs(setup.boards.size());
    for (std::size_t w = 1; w < at.size(); w += 2) {
      auto& pair = pairs[(w / 2) % setup.boards.size()];
      pair.push_back(&sample.programs[at[w]]);
      pair.push_back(&sample.programs[children[w]]);
    }
    std::vector<std::vector<Fitness>> scores;
    for (std::size_t k = 0; k < pairs.size(); ++k)
      scores.push_back(run.game().evaluate_on_first_boards(pairs[k], board_limit(setup, k), run.spec().threads));
    std::vector<std::size_t> used(pairs.size(), 0);
    for (std::size_t w = 0; w < at.size(); ++w) {
      bool moves = false;
      if (w % 2 == 0) {
        moves = registry.strength(children[w]) >= registry.strength(at[w]);
      } else {
        const std::size_t k = (w / 2) % setup.boards.size();
        const std::vector<Fitness>& f = scores[k];
        moves = !f[used[k]].better_than(f[used[k] + 1], run.spec().scoring);
        used[k] += 2;
      }
      if (moves) at[w] = children[w];
    }
    if (progress)
      progress("walks: step " + std::to_string(step + 1) + " of " + std::to_string(setup.walk_length) + ", " +
               std::to_string(sample.programs.size()) + " programs");
  }
  const auto [low, high] = std::minmax_element(sample.view.strength.begin(), sample.view.strength.end());
  sample.bins = {*low, *high, setup.classes};

  // Algorithm 4.3: enough offspring of every class. An offspring may open a
  // class of its own, which then needs offspring too: a few rounds.
  for (int round = 0; round < 4; ++round) {
    std::vector<std::vector<std::size_t>> members(static_cast<std::size_t>(setup.classes));
    std::vector<int> expanded(static_cast<std::size_t>(setup.classes), 0);
    for (std::size_t p = 0; p < sample.programs.size(); ++p)
      members[static_cast<std::size_t>(sample.bins.of(registry.strength(p)))].push_back(p);
    for (const auto& [parent, child] : sample.view.offspring)
      ++expanded[static_cast<std::size_t>(sample.bins.of(registry.strength(parent)))];
    bool drew = false;
    for (std::size_t c = 0; c < members.size(); ++c)
      for (int k = expanded[c]; k < setup.neighbours && !members[c].empty(); ++k) {
        const std::size_t parent = members[c][static_cast<std::size_t>(rng.below(static_cast<int>(members[c].size())))];
        const std::size_t child = registry.add(evolve::hill_climb_challenger(breeding, sample.programs[parent], rng));
        sample.view.offspring.emplace_back(parent, child);
        drew = true;
      }
    registry.measure();
    if (progress)
      progress("neighbours: round " + std::to_string(round + 1) + ", " + std::to_string(sample.programs.size()) +
               " programs");
    if (!drew) break;
  }

  // Every program's fitness at each comparison size.
  std::vector<const lang::Program*> all;
  for (const lang::Program& p : sample.programs) all.push_back(&p);
  for (std::size_t k = 0; k < setup.boards.size(); ++k) {
    if (progress)
      progress("comparisons: " + std::to_string(all.size()) + " programs on " + std::to_string(setup.boards[k]) +
               " boards");
    sample.fitness.push_back(run.game().evaluate_on_first_boards(all, board_limit(setup, k), run.spec().threads));
  }
  return sample;
}

}  // namespace evalsynth::reliability
