#include "reliability/class_model.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace evalsynth::reliability {

int StrengthBins::of(double s) const {
  assert(classes > 0 && high >= low);
  if (high <= low) return 0;
  const int bin = static_cast<int>(std::floor((s - low) / (high - low) * classes));
  return std::clamp(bin, 0, classes - 1);
}

ClassModel build_class_model(const ProgramSampleView& sample, const std::vector<double>& key, const StrengthBins& bins,
                             const Replaces& replaces) {
  const std::size_t programs = sample.strength.size();
  assert(key.size() == programs);
  std::vector<int> bin_of(programs);
  std::vector<int> state_of_bin(static_cast<std::size_t>(bins.classes), -1);
  for (std::size_t p = 0; p < programs; ++p) {
    bin_of[p] = bins.of(key[p]);
    state_of_bin[static_cast<std::size_t>(bin_of[p])] = 0;
  }
  ClassModel m;
  for (int b = 0; b < bins.classes; ++b)
    if (state_of_bin[static_cast<std::size_t>(b)] == 0) {
      state_of_bin[static_cast<std::size_t>(b)] = static_cast<int>(m.occupied.size());
      m.occupied.push_back(b);
    }
  const std::size_t n = m.occupied.size();
  auto state = [&](std::size_t program) {
    return static_cast<std::size_t>(state_of_bin[static_cast<std::size_t>(bin_of[program])]);
  };

  std::vector<std::vector<std::size_t>> members(n);
  std::vector<double> strength(n, 0.0);
  for (std::size_t p = 0; p < programs; ++p) {
    members[state(p)].push_back(p);
    strength[state(p)] += sample.strength[p];
  }
  std::vector<double> within(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    strength[i] /= static_cast<double>(members[i].size());
    m.members.push_back(static_cast<int>(members[i].size()));
    for (std::size_t p : members[i])
      within[i] += (sample.strength[p] - strength[i]) * (sample.strength[p] - strength[i]);
    within[i] /= static_cast<double>(members[i].size());
  }

  // Algorithm 4.3: where the offspring of each class's programs land; and
  // the paired count of those that also replace their parent.
  m.lambda.assign(n, std::vector<double>(n, 0.0));
  Matrix paired_moves(n, std::vector<double>(n, 0.0));
  m.parents.assign(n, 0);
  for (const auto& [parent, child] : sample.offspring) {
    const std::size_t i = state(parent), j = state(child);
    ++m.parents[i];
    m.lambda[i][j] += 1;
    if (replaces(parent, child)) paired_moves[i][j] += 1;
  }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (m.parents[i] > 0) {
        m.lambda[i][j] /= m.parents[i];
        paired_moves[i][j] /= m.parents[i];
      }

  // Algorithm 4.2: how often a challenger of class j replaces an incumbent
  // of class i, over every pair of distinct sampled programs.
  m.delta.assign(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) continue;  // a move within a class does not change the chain's state
      std::size_t wins = 0, pairs = 0;
      for (std::size_t a : members[i])
        for (std::size_t b : members[j]) {
          ++pairs;
          wins += replaces(a, b) ? 1 : 0;
        }
      m.delta[i][j] = static_cast<double>(wins) / static_cast<double>(pairs);
    }

  Matrix paper_moves(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j) paper_moves[i][j] = m.lambda[i][j] * m.delta[i][j];
  std::vector<double> start(n, 0.0);
  for (std::size_t p : sample.starts) start[state(p)] += 1.0 / static_cast<double>(sample.starts.size());
  m.paper = moving_chain(strength, start, paper_moves);
  m.paired = moving_chain(strength, start, paired_moves);
  m.paper.within_variance = m.paired.within_variance = within;
  return m;
}

}  // namespace evalsynth::reliability
