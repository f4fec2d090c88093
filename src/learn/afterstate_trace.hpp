#pragma once
// The eligibility traces of the n-tuple learners (Thill, Bagheri, Koch and
// Konen 2014): the last few afterstates the learner chose, each with its
// tables' indices, whose tables they are (the side to move after it) and
// the slope of tanh there when it was visited. An update corrects the k-th
// older one by lambda^k times that slope, as far back as lambda^k >=
// kTraceCut (older ones would move by less than a hundredth of the step).
// Connect4's network (td_learners.hpp) and every other game's
// (board_ntuple_td.hpp) share it, so their traces are the same rule.

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <vector>

#include "game/game.hpp"

namespace evalsynth::learn {

// Temporal coherence learning's counters (learn_spec.hpp, tcl): per weight,
// the sum of the changes TD recommended for it and of their magnitudes.
// Doubles: a weight read on most moves sums millions of changes, and a
// float would stop adding the small ones.
struct TclCounters {
  std::vector<double> sum, magnitude;
};

class AfterstateTrace {
 public:
  static constexpr double kTraceCut = 0.01;
  static constexpr int kMaxTrace = 42;
  // How many afterstates an update corrects: 1 + the largest k with
  // lambda^k >= kTraceCut, at most kMaxTrace.
  static int length(double lambda) {
    int n = 1;
    for (double weight = lambda; n < kMaxTrace && weight >= kTraceCut; weight *= lambda) ++n;
    return n;
  }

  struct Visited {
    std::vector<std::uint32_t> indices;  // one per tuple instance
    int table_set = 0;                   // the afterstate's tables (its network's table set)
    double slope = 0;
  };

  // Sized once for `instances` indices per afterstate: no allocation per move.
  AfterstateTrace(double lambda, std::size_t instances) {
    assert(lambda >= 0 && lambda <= 1);
    const auto n = static_cast<std::size_t>(length(lambda));
    visited_.resize(n);
    for (Visited& v : visited_) v.indices.resize(instances);
    decay_.resize(n);
    double weight = 1;
    for (double& d : decay_) {
      d = weight;
      weight *= lambda;
    }
  }

  void clear() { size_ = 0; }
  bool empty() const { return size_ == 0; }
  // The slot of a new afterstate (the oldest falls out); an exploratory
  // move first cuts the trace (the "reset" variant: the greedy policy's
  // values are not charged for where a random move led).
  Visited& push(bool explored) {
    if (explored) size_ = 0;
    newest_ = (newest_ + 1) % visited_.size();
    size_ = std::min(size_ + 1, visited_.size());
    return visited_[newest_];
  }
  // Adds error * slope * lambda^k to every weight the k-th newest afterstate
  // selected; `offset(instance, table_set)` is where its table starts.
  template <class Offset>
  void correct(double error, std::vector<float>& weights, const Offset& offset) const {
    for (std::size_t k = 0; k < size_; ++k) {
      const Visited& v = visited_[(newest_ + visited_.size() - k) % visited_.size()];
      const auto step = static_cast<float>(error * (v.slope * decay_[k]));
      for (std::size_t i = 0; i < v.indices.size(); ++i) weights[offset(i, v.table_set) + v.indices[i]] += step;
    }
  }
  // With temporal coherence learning (Beal & Smith 1999): each reading of
  // a weight w is recommended r = error * slope * lambda^k (`error` =
  // target - value, without alpha) and moves w by alpha * rate * r, rate =
  // |sum of its r| / (sum of |r|) over the updates before this one (1
  // before its first), the same for every reading of w in this update (a
  // tuple and its mirror, older afterstates); then every r joins its
  // counters.
  template <class Offset>
  void correct_tcl(double alpha, double error, std::vector<float>& weights, const Offset& offset,
                   TclCounters& tcl) const {
    assert(tcl.sum.size() == weights.size() && tcl.magnitude.size() == weights.size());
    auto for_each_reading = [&](auto&& f) {
      for (std::size_t k = 0; k < size_; ++k) {
        const Visited& v = visited_[(newest_ + visited_.size() - k) % visited_.size()];
        const double recommended = error * (v.slope * decay_[k]);
        for (std::size_t i = 0; i < v.indices.size(); ++i) f(offset(i, v.table_set) + v.indices[i], recommended);
      }
    };
    for_each_reading([&](std::size_t w, double recommended) {
      const double rate = tcl.magnitude[w] > 0 ? std::abs(tcl.sum[w]) / tcl.magnitude[w] : 1.0;
      weights[w] += static_cast<float>(alpha * rate * recommended);
    });
    for_each_reading([&](std::size_t w, double recommended) {
      tcl.sum[w] += recommended;
      tcl.magnitude[w] += std::abs(recommended);
    });
  }

 private:
  // The last size_ afterstates, newest at visited_[newest_], older ones
  // before it (cyclically); decay_[k] = lambda^k.
  std::vector<Visited> visited_;
  std::vector<double> decay_;
  std::size_t newest_ = 0, size_ = 0;
};

}  // namespace evalsynth::learn
