// The hill-climber's chains (reliability/class_model) on samples whose
// classes, offspring and comparisons are written out by hand, so every
// entry of lambda, delta and both chains can be computed here.

#include "reliability/class_model.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace evalsynth::reliability;

namespace {

// Programs 0 and 1 are weak (strength 10 and 12), 2 and 3 strong (50, 52).
// Offspring: 0 -> 2, 0 -> 1, 2 -> 3, 2 -> 0. Only program 0 loses to a
// strong challenger, and only to 2: the factorised delta_01 is 1/4, while
// 0's own offspring 2 does replace it.
ProgramSampleView sample() {
  ProgramSampleView s;
  s.strength = {10, 12, 50, 52};
  s.offspring = {{0, 2}, {0, 1}, {2, 3}, {2, 0}};
  s.starts = {0};
  return s;
}

bool replaces(std::size_t incumbent, std::size_t challenger) { return incumbent == 0 && challenger == 2; }

}  // namespace

TEST_CASE("M2ICAL for a neighbourhood search: lambda, delta and both chains as computed by hand", "[reliability]") {
  const ProgramSampleView s = sample();
  const ClassModel m = build_class_model(s, s.strength, {10, 52, 2}, replaces);
  REQUIRE(m.occupied == std::vector<int>{0, 1});
  CHECK(m.members == std::vector<int>{2, 2});
  CHECK(m.parents == std::vector<int>{2, 2});
  CHECK(m.lambda[0][0] == 0.5);
  CHECK(m.lambda[0][1] == 0.5);
  CHECK(m.lambda[1][0] == 0.5);
  CHECK(m.lambda[1][1] == 0.5);
  CHECK(m.delta[0][1] == 0.25);  // of (0,2) (0,3) (1,2) (1,3) only (0,2)
  CHECK(m.delta[1][0] == 0);
  // Classes valued at their members' mean, with their spread.
  CHECK(m.paper.strength == std::vector<double>{11, 51});
  CHECK(m.paper.within_variance == std::vector<double>{1, 1});
  CHECK(m.paper.start == std::vector<double>{1, 0});
  // The paper's chain: lambda x delta = 1/8 up; the paired one 1/2 up.
  CHECK(m.paper.transition[0][1] == Approx(0.125));
  CHECK(m.paper.transition[0][0] == Approx(0.875));
  CHECK(m.paper.transition[1][1] == 1);
  CHECK(m.paired.transition[0][1] == Approx(0.5));
  CHECK(m.paired.transition[1][0] == 0);
  // E_t = 51 - 40 (1 - p)^t; the spread adds the within-class variance 1.
  const Prediction paired = predict(m.paired, 3);
  CHECK(paired.mean[3] == Approx(51 - 40 * 0.125));
  const double q = 0.125;  // probability still in class 0 at t = 3
  CHECK(paired.sd[3] == Approx(std::sqrt(q * (1 - q) * 1600 + 1)));
  CHECK(predict(m.paper, 2).mean[2] == Approx(51 - 40 * 0.875 * 0.875));
}

TEST_CASE("M2ICAL for a neighbourhood search: classes by another key, valued by strength", "[reliability]") {
  // Classes by a score that pairs a weak and a strong program: each class
  // is worth 31 on average, with a spread of 20 or 21 around it.
  const ProgramSampleView s = sample();
  const ClassModel m = build_class_model(s, {0, 1, 1, 0}, {0, 1, 2}, replaces);
  REQUIRE(m.occupied == std::vector<int>{0, 1});
  CHECK(m.paper.strength == std::vector<double>{31, 31});
  CHECK(m.paper.within_variance == std::vector<double>{441, 361});
  // 0 -> 2 leaves class 0 for class 1 and replaces; 2 -> 0 would go back and does not.
  CHECK(m.paired.transition[0][1] == Approx(0.5));
  CHECK(m.paired.transition[1][0] == 0);
  // Bins: values outside go to the end bins, an empty range to bin 0.
  const StrengthBins bins{0, 10, 5};
  CHECK(bins.of(-3) == 0);
  CHECK(bins.of(1.9) == 0);
  CHECK(bins.of(2) == 1);
  CHECK(bins.of(10) == 4);
  CHECK(bins.of(99) == 4);
  CHECK(StrengthBins{4, 4, 3}.of(4) == 0);
}

TEST_CASE("M2ICAL: a chain of moves keeps its mass, and the within-class spread adds to sd", "[reliability]") {
  const StrengthChain c = moving_chain({1, 2, 3}, {1, 0, 0}, {{0, 0.2, 0.1}, {0.3, 0, 0.3}, {0, 0, 0}});
  for (const std::vector<double>& row : c.transition) {
    double sum = 0;
    for (double p : row) sum += p;
    CHECK(sum == Approx(1));
  }
  CHECK(c.transition[0][0] == Approx(0.7));
  StrengthChain one = moving_chain({5}, {1}, {{0}});
  CHECK(sd_strength(one, {1}) == 0);
  one.within_variance = {4};
  CHECK(sd_strength(one, {1}) == 2);
}
