#include "reliability/modnim_scsa.hpp"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cassert>
#include <cmath>

#include "games/modnim/modnim.hpp"
#include "support/random.hpp"
#include "support/worker_threads.hpp"

namespace evalsynth::reliability {
namespace {

NimPlayer random_player(int sticks, int take, Rng& rng) {
  NimPlayer moves(static_cast<std::size_t>(sticks) + 1, 0);
  for (int i = 1; i <= sticks; ++i)
    moves[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(1 + rng.below(std::min(i, take)));
  return moves;
}

// Runs f(i) for i in [0, n) on the setup's threads.
template <class F>
void parallel(const ScsaSetup& setup, std::size_t n, const F& f) {
  tbb::task_arena arena(worker_threads(setup.threads));
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [&](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) f(i);
    });
  });
}

struct Classifier {
  const ScsaSetup& setup;
  std::vector<NimPlayer> opponents;
  // The class (0-based) of a player's rate against the opponents.
  int operator()(const NimPlayer& player) const {
    int wins = 0;
    for (const NimPlayer& o : opponents)
      wins += first_wins(setup.sticks, setup.take, player, o) + !first_wins(setup.sticks, setup.take, o, player);
    // floor(N x rate) in integers: in doubles a rate on a bin's edge (1140
    // of 2000 games) can land a class low.
    const std::int64_t games = 2 * static_cast<std::int64_t>(opponents.size());
    return static_cast<int>(std::min<std::int64_t>(setup.classes - 1, setup.classes * std::int64_t{wins} / games));
  }
};

}  // namespace

bool first_wins(int sticks, int take, const NimPlayer& first, const NimPlayer& second) {
  const modnim::Game game(sticks, take);
  modnim::Position p = game.start();
  for (bool first_to_move = true;; first_to_move = !first_to_move) {
    const NimPlayer& mover = first_to_move ? first : second;
    p = game.play(p, mover[static_cast<std::size_t>(p.sticks)]);
    if (p.sticks == 0) return !first_to_move;  // the mover took the last stick and lost
  }
}

ScsaStudy run_scsa_study(const ScsaSetup& setup) {
  assert(setup.classes >= 2 && setup.sample >= 1 && setup.opponents >= 1 && setup.wpm >= 1);
  ScsaStudy study;
  Classifier classify{setup, {}};
  Rng opponent_rng(mix_seed({setup.seed, 1}));
  for (int i = 0; i < setup.opponents; ++i)
    classify.opponents.push_back(random_player(setup.sticks, setup.take, opponent_rng));

  // Algorithm 4.1: the sample, sorted into classes.
  std::vector<NimPlayer> sample(static_cast<std::size_t>(setup.sample));
  std::vector<int> class_of(sample.size());
  parallel(setup, sample.size(), [&](std::size_t i) {
    Rng rng(mix_seed({setup.seed, 2, i}));
    sample[i] = random_player(setup.sticks, setup.take, rng);
    class_of[i] = classify(sample[i]);
  });
  study.class_sizes.assign(static_cast<std::size_t>(setup.classes), 0);
  std::vector<std::vector<std::size_t>> members(static_cast<std::size_t>(setup.classes));
  for (std::size_t i = 0; i < sample.size(); ++i) {
    ++study.class_sizes[static_cast<std::size_t>(class_of[i])];
    members[static_cast<std::size_t>(class_of[i])].push_back(i);
  }
  for (int c = 0; c < setup.classes; ++c)
    if (study.class_sizes[static_cast<std::size_t>(c)] > 0) study.occupied.push_back(c);
  const std::size_t n = study.occupied.size();

  // Algorithm 4.2: W between random members of every pair of classes.
  study.win.assign(n, std::vector<double>(n, 0.0));
  parallel(setup, n * n, [&](std::size_t k) {
    const std::size_t i = k / n, j = k % n;
    const auto& a = members[static_cast<std::size_t>(study.occupied[i])];
    const auto& b = members[static_cast<std::size_t>(study.occupied[j])];
    Rng rng(mix_seed({setup.seed, 3, i, j}));
    int wins = 0;
    for (int g = 0; g < setup.wpm; ++g) {
      const NimPlayer& first = sample[a[static_cast<std::size_t>(rng.below(static_cast<int>(a.size())))]];
      const NimPlayer& second = sample[b[static_cast<std::size_t>(rng.below(static_cast<int>(b.size())))]];
      wins += first_wins(setup.sticks, setup.take, first, second);
    }
    study.win[i][j] = static_cast<double>(wins) / setup.wpm;
  });

  // Algorithm 4.3 and the chain: challengers drawn as the sample fell,
  // replacing when they win moving second.
  std::vector<double> strength, draw;
  Matrix replace(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) {
    strength.push_back(100.0 * (study.occupied[i] + 0.5) / setup.classes);
    draw.push_back(static_cast<double>(study.class_sizes[static_cast<std::size_t>(study.occupied[i])]) / setup.sample);
    for (std::size_t j = 0; j < n; ++j) replace[i][j] = 1 - study.win[i][j];
  }
  study.chain = hill_climber_chain(strength, draw, replace);
  study.model = predict(study.chain, setup.iterations);

  // Real SCSA runs; the incumbent's F by iteration.
  const auto value_of = [&](const NimPlayer& p) { return 100.0 * (classify(p) + 0.5) / setup.classes; };
  std::vector<std::vector<double>> runs(static_cast<std::size_t>(setup.runs));
  parallel(setup, runs.size(), [&](std::size_t r) {
    Rng rng(mix_seed({setup.seed, 4, r}));
    NimPlayer incumbent = random_player(setup.sticks, setup.take, rng);
    double value = value_of(incumbent);
    runs[r].push_back(value);
    for (int t = 1; t <= setup.iterations; ++t) {
      NimPlayer challenger = random_player(setup.sticks, setup.take, rng);
      if (!first_wins(setup.sticks, setup.take, incumbent, challenger)) {
        incumbent = std::move(challenger);
        value = value_of(incumbent);
      }
      runs[r].push_back(value);
    }
  });
  for (int t = 0; t <= setup.iterations; ++t) {
    double sum = 0, squares = 0;
    for (const auto& run : runs) sum += run[static_cast<std::size_t>(t)];
    const double mean = sum / setup.runs;
    for (const auto& run : runs)
      squares += (run[static_cast<std::size_t>(t)] - mean) * (run[static_cast<std::size_t>(t)] - mean);
    study.run_mean.push_back(mean);
    study.run_sd.push_back(setup.runs > 1 ? std::sqrt(squares / (setup.runs - 1)) : 0);
  }
  return study;
}

}  // namespace evalsynth::reliability
