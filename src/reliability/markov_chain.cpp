#include "reliability/markov_chain.hpp"

#include <cassert>
#include <cmath>

namespace evalsynth::reliability {

StrengthChain moving_chain(const std::vector<double>& strength, const std::vector<double>& start, const Matrix& move) {
  const std::size_t n = strength.size();
  assert(start.size() == n && move.size() == n);
  StrengthChain chain{strength, Matrix(n, std::vector<double>(n, 0.0)), start};
  for (std::size_t i = 0; i < n; ++i) {
    assert(move[i].size() == n);
    double leave = 0;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;  // a challenger of the incumbent's own class leaves it there
      chain.transition[i][j] = move[i][j];
      leave += move[i][j];
    }
    assert(leave <= 1 + 1e-9);
    chain.transition[i][i] = 1 - leave;
  }
  return chain;
}

StrengthChain hill_climber_chain(const std::vector<double>& strength, const std::vector<double>& draw,
                                 const Matrix& replace) {
  const std::size_t n = draw.size();
  assert(replace.size() == n);
  Matrix move(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) move[i][j] = draw[j] * replace[i][j];
  return moving_chain(strength, draw, move);
}

std::vector<double> step(const StrengthChain& chain, const std::vector<double>& v) {
  std::vector<double> next(v.size(), 0.0);
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] != 0)
      for (std::size_t j = 0; j < v.size(); ++j) next[j] += v[i] * chain.transition[i][j];
  return next;
}

double mean_strength(const StrengthChain& chain, const std::vector<double>& v) {
  double mean = 0;
  for (std::size_t i = 0; i < v.size(); ++i) mean += v[i] * chain.strength[i];
  return mean;
}

double sd_strength(const StrengthChain& chain, const std::vector<double>& v) {
  // The paper prints sigma^2 = sum (v_i - mu)^2 F(i), which has the wrong
  // units; the standard deviation of F under v is what its figures show.
  const double mean = mean_strength(chain, v);
  double variance = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    variance += v[i] * (chain.strength[i] - mean) * (chain.strength[i] - mean);
    if (!chain.within_variance.empty()) variance += v[i] * chain.within_variance[i];
  }
  return std::sqrt(variance);
}

Prediction predict(const StrengthChain& chain, int iterations) {
  Prediction p;
  std::vector<double> v = chain.start;
  for (int t = 0; t <= iterations; ++t) {
    p.mean.push_back(mean_strength(chain, v));
    p.sd.push_back(sd_strength(chain, v));
    v = step(chain, v);
  }
  return p;
}

int convergence_time(const StrengthChain& chain, int decimals, int limit) {
  const double scale = std::pow(10.0, decimals);
  std::vector<double> v = chain.start;
  for (int t = 0; t < limit; ++t) {
    const std::vector<double> next = step(chain, v);
    bool same = true;
    for (std::size_t i = 0; i < v.size() && same; ++i) same = std::floor(v[i] * scale) == std::floor(next[i] * scale);
    if (same) return t;
    v = next;
  }
  return -1;
}

int mean_convergence_time(const StrengthChain& chain, int decimals, int limit) {
  const double scale = std::pow(10.0, decimals);
  std::vector<double> v = chain.start;
  double mean = mean_strength(chain, v);
  for (int t = 0; t < limit; ++t) {
    v = step(chain, v);
    const double next = mean_strength(chain, v);
    if (std::floor(mean * scale) == std::floor(next * scale)) return t;
    mean = next;
  }
  return -1;
}

}  // namespace evalsynth::reliability
