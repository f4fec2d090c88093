#pragma once
// Melicher's (2009) learner, for the episode driver (episode.hpp): a linear
// evaluator V(s) = sum_i w_i D_i(s) over a game's features
// (model/feature_weights.hpp), from X's view, corrected by TD(0),
//   U(s) <- U(s) + alpha (R(s) + U(s') - U(s)),
// as a gradient step on the weights, w_i += alpha (target - V(s)) D_i(s),
// with targets +1 / 0 / -1 for a win of X / draw / win of O (his rewards
// are not given: these put a win on the scale of a side's whole material).
// alpha is A / (B + n) after n updates (his 50 / (49 + n); the paper reads
// n as games, boards played and visits to a board in turn: here it counts
// the boards the learner moved from), or the spec's schedule.

#include <cassert>
#include <span>
#include <vector>

#include "games/registry.hpp"
#include "learn/learn_spec.hpp"
#include "learn/td_learners.hpp"
#include "model/feature_weights.hpp"

namespace evalsynth::learn {

// The games whose positions report their features in one call (every game
// but Connect4, whose programs compile to native code instead).
template <class G>
concept HasFeatures = Game<G> && requires(const G& g, const typename G::Position& p,
                                          std::span<const FeatureRequest> requests, std::int32_t* values) {
  {g.features(p, requests, values)};
};

template <HasFeatures G>
class LinearTd {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  LinearTd(const G& game, model::FeatureWeights& weights, const LearnSpec& spec)
      : game_(game),
        weights_(weights),
        spec_(spec),
        requests_(model::term_requests(feature_library(G::kFamily), weights.terms)),
        values_(requests_.requests.size()),
        scratch_(weights.terms.size()),
        previous_(weights.terms.size()) {
    assert(weights.weights.size() == weights.terms.size());
  }

  static double terminal_value(Outcome o) { return o; }

  // The terms' differences D_i(p), X's minus O's, divided by the scale.
  static void read_terms(const G& game, const model::TermRequests& requests, const model::FeatureWeights& w,
                         const Position& p, std::vector<std::int32_t>& values, std::vector<double>& terms) {
    game.features(p, std::span<const FeatureRequest>(requests.requests), values.data());
    for (std::size_t i = 0; i + 1 < requests.first.size(); ++i) {
      const std::size_t begin = requests.first[i], half = (requests.first[i + 1] - begin) / 2;
      std::int64_t difference = 0;
      for (std::size_t k = 0; k < half; ++k) difference += values[begin + k] - values[begin + half + k];
      terms[i] = static_cast<double>(difference) / w.scale;
    }
  }

  void start(const Position&) { has_previous_ = false; }
  double afterstate_value(const Position& before, const Move& m) {
    read_terms(game_, requests_, weights_, game_.play(before, m), values_, scratch_);
    return value(scratch_);
  }
  void moved(const Position&, const Move&) {}
  void remember(const Position& before, const Move& m, bool = false) {
    read_terms(game_, requests_, weights_, game_.play(before, m), values_, previous_);
    previous_value_ = value(previous_);
    has_previous_ = true;
  }
  void update(double target, double alpha) {
    if (!has_previous_) return;
    ++weights_.updates;
    const double step =
        spec_.harmonic_alpha ? spec_.harmonic_a / (spec_.harmonic_b + static_cast<double>(weights_.updates)) : alpha;
    const double change = step * (target - previous_value_);
    for (std::size_t i = 0; i < previous_.size(); ++i) weights_.weights[i] += change * previous_[i];
  }

 private:
  double value(const std::vector<double>& terms) const {
    double v = 0;
    for (std::size_t i = 0; i < terms.size(); ++i) v += weights_.weights[i] * terms[i];
    return v;
  }

  G game_;
  model::FeatureWeights& weights_;
  const LearnSpec& spec_;
  model::TermRequests requests_;
  std::vector<std::int32_t> values_;
  std::vector<double> scratch_, previous_;
  bool has_previous_ = false;
  double previous_value_ = 0;
};

}  // namespace evalsynth::learn
