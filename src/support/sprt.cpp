#include "support/sprt.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <stdexcept>

#include "support/statistics.hpp"

namespace evalsynth::stats {
namespace {

double category_score(std::size_t i, std::size_t n) { return static_cast<double>(i) / static_cast<double>(n - 1); }

// Counts as frequencies, a count of 0 as 1e-3 (fishtest's regularisation);
// `total` gets their sum.
std::vector<double> frequencies_of(const std::vector<std::uint64_t>& counts, double& total) {
  std::vector<double> f;
  total = 0;
  for (const std::uint64_t c : counts) {
    f.push_back(c == 0 ? 1e-3 : static_cast<double>(c));
    total += f.back();
  }
  for (double& v : f) v /= total;
  return f;
}

}  // namespace

double SprtBounds::lower() const { return std::log(beta / (1 - alpha)); }
double SprtBounds::upper() const { return std::log((1 - beta) / alpha); }

double score_of_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }
double elo_of_score(double score) {
  const double s = std::clamp(score, 1e-9, 1 - 1e-9);
  return -400 * std::log10(1 / s - 1);
}

std::vector<double> distribution_with_mean(const std::vector<double>& frequencies, double score) {
  const std::size_t n = frequencies.size();
  assert(n >= 2 && score > 0 && score < 1);
  // q_i = p_i / (1 + lambda (a_i - s)) sums to 1 exactly when
  // g(lambda) = sum p_i (a_i - s) / (1 + lambda (a_i - s)) = 0; g falls
  // with lambda on the interval where every denominator is positive
  // (a_0 = 0 <= s <= 1 = a_{n-1}): bisection there.
  double low = -1 / (1 - score), high = 1 / score;
  const auto g = [&](double lambda) {
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double d = category_score(i, n) - score;
      sum += frequencies[i] * d / (1 + lambda * d);
    }
    return sum;
  };
  for (int step = 0; step < 200; ++step) {
    const double mid = low + (high - low) / 2;
    if (mid <= low || mid >= high) break;
    (g(mid) > 0 ? low : high) = mid;
  }
  const double lambda = low + (high - low) / 2;
  std::vector<double> q(n);
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    q[i] = frequencies[i] / (1 + lambda * (category_score(i, n) - score));
    sum += q[i];
  }
  for (double& v : q) v /= sum;  // the root's rounding, not the model
  return q;
}

double sprt_llr(const std::vector<std::uint64_t>& counts, const SprtBounds& bounds) {
  assert(counts.size() >= 2);
  double total = 0;
  const std::vector<double> p = frequencies_of(counts, total);
  const std::vector<double> q0 = distribution_with_mean(p, score_of_elo(bounds.elo0));
  const std::vector<double> q1 = distribution_with_mean(p, score_of_elo(bounds.elo1));
  double llr = 0;
  for (std::size_t i = 0; i < p.size(); ++i) llr += p[i] * (std::log(q1[i]) - std::log(q0[i]));
  return total * llr;
}

SprtVerdict sprt_verdict(double llr, const SprtBounds& bounds) {
  if (llr >= bounds.upper()) return SprtVerdict::AcceptH1;
  if (llr <= bounds.lower()) return SprtVerdict::AcceptH0;
  return SprtVerdict::Continue;
}

EloInterval elo_interval(const std::vector<std::uint64_t>& counts) {
  const std::size_t n = counts.size();
  double total = 0, mean = 0;
  for (std::size_t i = 0; i < n; ++i) {
    total += static_cast<double>(counts[i]);
    mean += static_cast<double>(counts[i]) * category_score(i, n);
  }
  if (total == 0) return {};
  mean /= total;
  double variance = 0;
  for (std::size_t i = 0; i < n; ++i)
    variance += static_cast<double>(counts[i]) * std::pow(category_score(i, n) - mean, 2);
  variance /= total;
  const double half = kZ95 * std::sqrt(variance / total);
  // A bound past a score of 0 or 1 is an unbounded Elo.
  const auto bound = [](double score) { return score <= 0 ? -INFINITY : score >= 1 ? INFINITY : elo_of_score(score); };
  return {elo_of_score(mean), bound(mean - half), bound(mean + half)};
}

SprtBounds parse_sprt_bounds(const std::string& text) {
  std::vector<double> values;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string part = text.substr(at, comma - at);
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(part, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (part.empty() || used != part.size() || !std::isfinite(v))
      throw std::invalid_argument("--sprt is ELO0,ELO1[,ALPHA,BETA] (e.g. 0,5 or 0,5,0.05,0.05), not '" + text + "'");
    values.push_back(v);
    at = comma + 1;
  }
  if (values.size() != 2 && values.size() != 4)
    throw std::invalid_argument("--sprt takes 2 or 4 numbers: ELO0,ELO1[,ALPHA,BETA], not '" + text + "'");
  SprtBounds b;
  b.elo0 = values[0];
  b.elo1 = values[1];
  if (values.size() == 4) {
    b.alpha = values[2];
    b.beta = values[3];
  }
  if (!(b.elo0 < b.elo1)) throw std::invalid_argument("--sprt needs ELO0 < ELO1, not '" + text + "'");
  if (std::abs(b.elo0) > 1000 || std::abs(b.elo1) > 1000)
    throw std::invalid_argument("--sprt's Elo bounds are within -1000..1000, not '" + text + "'");
  if (!(b.alpha > 0 && b.alpha < 0.5 && b.beta > 0 && b.beta < 0.5))
    throw std::invalid_argument("--sprt's ALPHA and BETA are error rates between 0 and 0.5, not '" + text + "'");
  return b;
}

}  // namespace evalsynth::stats
