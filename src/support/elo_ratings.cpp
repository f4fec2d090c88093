#include "support/elo_ratings.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <utility>

#include "support/statistics.hpp"

namespace evalsynth::stats {
namespace {

// f(d) = 1 / (1 + 10^(-d/400)) is the logistic function of d * ln(10) / 400.
constexpr double kNatsPerElo = 2.302585092994046 / 400;
// draw_elo of a table without draws: its maximum-likelihood value, 0, makes
// every draw impossible, and the prior's virtual draws infinitely unlikely.
// At 0.01 a virtual draw weighs on the ratings almost exactly as one win and
// one loss would, and the real games as in the model without draws.
constexpr double kFixedDrawElo = 0.01;
// Newton's method converges in a handful of steps on this concave
// log-likelihood; the caps only keep degenerate tables (every game drawn,
// ratings running to infinity without the prior) finite in time.
constexpr int kMaxNewtonSteps = 200;
constexpr int kMaxHalvings = 60;
constexpr double kStepTolerance = 1e-7;

double logistic(double t) { return t >= 0 ? 1 / (1 + std::exp(-t)) : std::exp(t) / (1 + std::exp(t)); }
double log_logistic(double t) { return t >= 0 ? -std::log1p(std::exp(-t)) : t - std::log1p(std::exp(t)); }

// The games of one ordered pairing by player index, the prior's virtual
// draws included (so counts are not whole).
struct Games {
  int x = 0, o = 0;
  double x_wins = 0, o_wins = 0, draws = 0;
};

// Where each parameter sits in the vector Newton's method moves: the held
// player's rating (held at 0) and an unfitted advantage or draw_elo have no
// place (-1).
struct Layout {
  std::vector<int> rating_at;
  int advantage_at = -1, draw_elo_at = -1, size = 0;
};

struct Point {
  std::vector<double> ratings;
  double advantage = 0, draw_elo = kFixedDrawElo;
};

Point unpack(const Layout& layout, const std::vector<double>& theta) {
  Point p;
  for (int at : layout.rating_at) p.ratings.push_back(at < 0 ? 0.0 : theta[at]);
  if (layout.advantage_at >= 0) p.advantage = theta[layout.advantage_at];
  if (layout.draw_elo_at >= 0) p.draw_elo = theta[layout.draw_elo_at];
  return p;
}

// The log-likelihood with its gradient and Hessian (row-major), all
// analytic. P(draw) = f(delta - D) - f(-delta - D) is written as the product
// f(delta - D) f(delta + D) (1 - e^(-2 c delta)), exact and free of the
// cancellation the difference suffers at a tiny draw_elo; it also makes each
// term a log-logistic of a linear function, so the log-likelihood is concave.
struct Evaluation {
  double log_likelihood = 0;
  std::vector<double> gradient, hessian;
};

Evaluation evaluate(const std::vector<Games>& table, const Layout& layout, const std::vector<double>& theta,
                    bool with_derivatives) {
  const double c = kNatsPerElo;
  const Point p = unpack(layout, theta);
  Evaluation e;
  if (!(p.draw_elo > 0)) {
    e.log_likelihood = -std::numeric_limits<double>::infinity();
    return e;
  }
  const double draw_term = std::log(-std::expm1(-2 * c * p.draw_elo));
  const double draw_term_d1 = 2 * c / std::expm1(2 * c * p.draw_elo);
  const double draw_term_d2 = -4 * c * c / (std::expm1(2 * c * p.draw_elo) * -std::expm1(-2 * c * p.draw_elo));
  const int n = layout.size, d = layout.draw_elo_at;
  if (with_derivatives) e.gradient.assign(n, 0.0), e.hessian.assign(static_cast<std::size_t>(n) * n, 0.0);
  const auto h = [&](int row, int col) -> double& { return e.hessian[static_cast<std::size_t>(row) * n + col]; };
  for (const Games& g : table) {
    const double delta = p.ratings[g.x] - p.ratings[g.o] + p.advantage;
    const double a = c * (delta - p.draw_elo), b = c * (delta + p.draw_elo);
    double ll = 0;  // counts of 0 add nothing (and no 0 * -infinity)
    if (g.x_wins > 0) ll += g.x_wins * log_logistic(a);
    if (g.o_wins > 0) ll += g.o_wins * log_logistic(-b);
    if (g.draws > 0) ll += g.draws * (log_logistic(-a) + log_logistic(b) + draw_term);
    e.log_likelihood += ll;
    if (!with_derivatives) continue;
    const double grad_a = g.x_wins * logistic(-a) - g.draws * logistic(a);
    const double grad_b = g.draws * logistic(-b) - g.o_wins * logistic(b);
    const double hess_a = -(g.x_wins + g.draws) * logistic(a) * logistic(-a);
    const double hess_b = -(g.o_wins + g.draws) * logistic(b) * logistic(-b);
    const double grad_delta = c * (grad_a + grad_b), grad_draw = c * (grad_b - grad_a) + g.draws * draw_term_d1;
    const double hess_delta = c * c * (hess_a + hess_b), hess_cross = c * c * (hess_b - hess_a);
    // D = r_x - r_o + advantage: its gradient in theta (a player against
    // itself measures the advantage alone).
    std::pair<int, double> delta_grad[3];
    int terms = 0;
    if (g.x != g.o && layout.rating_at[g.x] >= 0) delta_grad[terms++] = {layout.rating_at[g.x], 1.0};
    if (g.x != g.o && layout.rating_at[g.o] >= 0) delta_grad[terms++] = {layout.rating_at[g.o], -1.0};
    if (layout.advantage_at >= 0) delta_grad[terms++] = {layout.advantage_at, 1.0};
    for (int k = 0; k < terms; ++k) {
      const auto [i, di] = delta_grad[k];
      e.gradient[i] += grad_delta * di;
      for (int l = 0; l < terms; ++l) h(i, delta_grad[l].first) += hess_delta * di * delta_grad[l].second;
      if (d >= 0) h(i, d) += hess_cross * di, h(d, i) += hess_cross * di;
    }
    if (d >= 0) e.gradient[d] += grad_draw, h(d, d) += hess_delta + g.draws * draw_term_d2;
  }
  return e;
}

// In place: the lower Cholesky factor of a symmetric n x n matrix; false if
// it is not positive definite.
bool cholesky(std::vector<double>& m, int n) {
  for (int j = 0; j < n; ++j) {
    double pivot = m[j * n + j];
    for (int k = 0; k < j; ++k) pivot -= m[j * n + k] * m[j * n + k];
    if (!(pivot > 0) || !std::isfinite(pivot)) return false;
    m[j * n + j] = std::sqrt(pivot);
    for (int i = j + 1; i < n; ++i) {
      double v = m[i * n + j];
      for (int k = 0; k < j; ++k) v -= m[i * n + k] * m[j * n + k];
      m[i * n + j] = v / m[j * n + j];
    }
  }
  return true;
}

std::vector<double> cholesky_solve(const std::vector<double>& factor, int n, std::vector<double> b) {
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < i; ++k) b[i] -= factor[i * n + k] * b[k];
    b[i] /= factor[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int k = i + 1; k < n; ++k) b[i] -= factor[k * n + i] * b[k];
    b[i] /= factor[i * n + i];
  }
  return b;
}

// The factor of the observed information (the negative Hessian), with the
// smallest ridge that makes it positive definite when `ridge_allowed`.
bool information_factor(const Evaluation& e, int n, bool ridge_allowed, std::vector<double>& factor) {
  double scale = 1;
  for (int i = 0; i < n; ++i) scale = std::max(scale, std::abs(e.hessian[i * n + i]));
  for (double ridge = 0; ridge <= 1e6 * scale; ridge = ridge == 0 ? 1e-12 * scale : ridge * 100) {
    factor = e.hessian;
    for (double& v : factor) v = -v;
    for (int i = 0; i < n; ++i) factor[i * n + i] += ridge;
    if (cholesky(factor, n)) return true;
    if (!ridge_allowed) return false;
  }
  return false;
}

// Newton's method with a backtracking (Armijo) line search from theta;
// `at` is left as the evaluation at the final theta. Converged when the
// Newton step, the distance in Elo to the top of the local quadratic model,
// is below kStepTolerance: unlike a small gradient, which is also reached on
// the way to infinity (a player who won every game without the prior), this
// fails where no finite maximum exists, as each step there stays ~1/c.
bool maximize(const std::vector<Games>& table, const Layout& layout, std::vector<double>& theta, Evaluation& at) {
  const int size = layout.size;
  at = evaluate(table, layout, theta, true);
  std::vector<double> factor;
  for (int step = 0; step < kMaxNewtonSteps; ++step) {
    if (!information_factor(at, size, true, factor)) return false;
    const std::vector<double> direction = cholesky_solve(factor, size, at.gradient);
    double slope = 0;
    for (int i = 0; i < size; ++i) slope += direction[i] * at.gradient[i];
    bool moved = false;
    for (double t = 1; !moved && t > std::ldexp(1.0, -kMaxHalvings); t /= 2) {
      std::vector<double> trial = theta;
      for (int i = 0; i < size; ++i) trial[i] += t * direction[i];
      const double ll = evaluate(table, layout, trial, false).log_likelihood;
      if (ll >= at.log_likelihood + 1e-4 * t * slope) theta = std::move(trial), moved = true;
    }
    if (moved) at = evaluate(table, layout, theta, true);
    double longest = 0;
    for (double v : direction) longest = std::max(longest, std::abs(v));
    if (longest <= kStepTolerance) return true;
    if (!moved) return false;  // no better point within rounding, yet still far from the top
  }
  return false;
}

// The covariance of the ratings, n x n, the inverse of the observed
// information restricted to them (0 for the held player); empty if the
// information is singular.
std::vector<double> rating_covariance(const Evaluation& at, const Layout& layout) {
  const int n = static_cast<int>(layout.rating_at.size());
  std::vector<double> covariance(static_cast<std::size_t>(n) * n, 0.0), factor;
  if (!information_factor(at, layout.size, false, factor)) return {};
  for (int j = 0; j < n; ++j) {
    if (layout.rating_at[j] < 0) continue;
    std::vector<double> unit(layout.size, 0.0);
    unit[layout.rating_at[j]] = 1;
    const std::vector<double> column = cholesky_solve(factor, layout.size, unit);
    for (int i = 0; i < n; ++i)
      if (layout.rating_at[i] >= 0) covariance[i * n + j] = column[layout.rating_at[i]];
  }
  return covariance;
}

int find_group(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

// Whether the real games tell the advantage from the ratings: they do not
// when every player can be given a level with each first mover exactly one
// level above its opponent (then raising every rating by its level and
// lowering the advantage by 1 leaves every game's D as it was, and the
// Hessian is singular). A level found two ways tells them apart.
bool advantage_identifiable(int players, const std::vector<std::pair<int, int>>& real_pairings) {
  std::vector<std::vector<std::pair<int, int>>> steps(players);  // (neighbour, its level minus ours)
  for (const auto& [x, o] : real_pairings) {
    if (x == o) return true;  // a player against itself measures the advantage alone
    steps[x].emplace_back(o, -1), steps[o].emplace_back(x, 1);
  }
  std::vector<int> level(players, INT_MIN), stack{0};  // the table is connected: one search reaches all
  level[0] = 0;
  while (!stack.empty()) {
    const int at = stack.back();
    stack.pop_back();
    for (const auto& [next, step] : steps[at]) {
      if (level[next] == INT_MIN)
        level[next] = level[at] + step, stack.push_back(next);
      else if (level[next] != level[at] + step)
        return true;
    }
  }
  return false;
}

}  // namespace

Ratings fit_ratings(const std::vector<PairingCounts>& table, const RatingOptions& options) {
  std::map<std::string, int> index;  // players by first appearance
  std::vector<std::string> names;
  for (const PairingCounts& row : table)
    for (const std::string* name : {&row.x, &row.o})
      if (index.emplace(*name, static_cast<int>(names.size())).second) names.push_back(*name);
  const int n = static_cast<int>(names.size());
  if (n == 0) throw std::invalid_argument("ratings need at least one game");
  if (!(options.virtual_draws >= 0) || !std::isfinite(options.virtual_draws))
    throw std::invalid_argument("ratings need a number of virtual draws >= 0");
  int held = 0;  // the player whose rating the fit holds at 0
  if (!options.anchor.empty()) {
    const auto found = index.find(options.anchor);
    if (found == index.end()) {
      std::string names;
      for (const auto& [name, i] : index) names += (names.empty() ? "" : ", ") + name;
      throw std::invalid_argument("the anchor '" + options.anchor + "' is not a player (the players: " + names + ")");
    }
    if (!options.anchor_mean) held = found->second;
  }

  // The real games by ordered pairing, and each player's games and points.
  std::map<std::pair<int, int>, Games> pairings;
  std::vector<std::int64_t> games(n, 0);
  std::vector<double> points(n, 0);
  for (const PairingCounts& row : table) {
    if (row.x_wins < 0 || row.o_wins < 0 || row.draws < 0)
      throw std::invalid_argument("the games of " + row.x + " against " + row.o + " have a negative count");
    const int x = index.at(row.x), o = index.at(row.o);
    Games& g = pairings[{x, o}];
    g.x = x, g.o = o, g.x_wins += row.x_wins, g.o_wins += row.o_wins, g.draws += row.draws;
    const std::int64_t played = std::int64_t{row.x_wins} + row.o_wins + row.draws;
    if (x == o) {  // a player against itself wins each game it loses: half a point a game
      games[x] += played, points[x] += 0.5 * static_cast<double>(played);
      continue;
    }
    games[x] += played, points[x] += row.x_wins + 0.5 * row.draws;
    games[o] += played, points[o] += row.o_wins + 0.5 * row.draws;
  }
  for (int i = 0; i < n; ++i)
    if (games[i] == 0) throw std::invalid_argument("the player " + names[i] + " has no games");

  std::vector<std::pair<int, int>> real_pairings;
  std::set<std::pair<int, int>> met;  // unordered
  std::vector<int> group(n);
  std::iota(group.begin(), group.end(), 0);
  bool any_draw = false;
  for (const auto& [key, g] : pairings) {
    if (g.x_wins + g.o_wins + g.draws == 0) continue;
    real_pairings.push_back(key);
    if (key.first != key.second) met.emplace(std::min(key.first, key.second), std::max(key.first, key.second));
    any_draw = any_draw || g.draws > 0;
    group[find_group(group, key.first)] = find_group(group, key.second);
  }
  for (int i = 1; i < n; ++i)
    if (find_group(group, i) != find_group(group, 0))
      throw std::invalid_argument("ratings need one connected cross-table: " + names[0] + " and " + names[i] +
                                  " are in groups that never met");

  // The prior: virtual draws between every two players that met, half with
  // each moving first (so they say nothing about the advantage).
  if (options.virtual_draws > 0)
    for (const auto& key : met)
      for (const auto& [x, o] : {key, std::pair{key.second, key.first}}) {
        Games& g = pairings[{x, o}];
        g.x = x, g.o = o, g.draws += options.virtual_draws / 2;
      }
  std::vector<Games> fit_table;
  for (const auto& [key, g] : pairings) fit_table.push_back(g);

  Ratings result;
  result.advantage_fitted = advantage_identifiable(n, real_pairings);
  result.draw_elo_fitted = any_draw;
  Layout layout;
  for (int i = 0; i < n; ++i) layout.rating_at.push_back(i == held ? -1 : layout.size++);
  if (result.advantage_fitted) layout.advantage_at = layout.size++;
  if (result.draw_elo_fitted) layout.draw_elo_at = layout.size++;

  // Start from equal ratings, no advantage and a draw_elo of 100, near that
  // of most tables (the log-likelihood is concave: any start reaches the top).
  std::vector<double> theta(layout.size, 0.0);
  if (layout.draw_elo_at >= 0) theta[layout.draw_elo_at] = 100;

  Evaluation at;
  result.converged = maximize(fit_table, layout, theta, at);
  const Point fit = unpack(layout, theta);
  result.advantage = fit.advantage, result.draw_elo = fit.draw_elo;
  const std::vector<double> covariance = rating_covariance(at, layout);
  // The variance of sum_i w_i r_i: of a rating, its distance from the mean,
  // or the difference of two.
  const auto variance = [&](const std::vector<double>& w) {
    if (covariance.empty()) return std::numeric_limits<double>::infinity();
    double v = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) v += w[i] * covariance[i * n + j] * w[j];
    return std::max(0.0, v);
  };

  std::vector<double> elo = fit.ratings;
  const double shift = options.anchor_mean ? std::accumulate(elo.begin(), elo.end(), 0.0) / n : 0.0;
  for (double& r : elo) r -= shift;
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return elo[a] > elo[b]; });
  for (int i : order) {
    std::vector<double> w(n, options.anchor_mean ? -1.0 / n : 0.0);
    w[i] += 1;
    const double half = kZ95 * std::sqrt(variance(w));
    const int played = static_cast<int>(std::min<std::int64_t>(games[i], INT_MAX));
    result.players.push_back({names[i], elo[i], elo[i] - half, elo[i] + half, played, points[i] / games[i]});
  }
  for (int k = 0; k + 1 < n; ++k) {
    const int i = order[k], j = order[k + 1];
    std::vector<double> w(n, 0.0);
    w[i] = 1, w[j] = -1;
    const double difference = elo[i] - elo[j], sd = std::sqrt(variance(w));
    result.los_next.push_back(sd > 0 ? 0.5 * std::erfc(-difference / sd / std::sqrt(2.0)) : difference > 0 ? 1.0 : 0.5);
  }
  return result;
}

}  // namespace evalsynth::stats
