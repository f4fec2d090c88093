// M²ICAL's chain against chains computed by hand, and its ModNim study:
// the rules of the vector players, the study deterministic for a seed and
// the same for 1 and 2 threads, and the chain's prediction meeting real runs.

#include "reliability/markov_chain.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "reliability/modnim_scsa.hpp"
#include "test_support.hpp"

using namespace evalsynth::reliability;

TEST_CASE("M2ICAL: a two-class chain as computed by hand", "[reliability]") {
  // A hill-climber with classes of strength 0 and 100, drawn 3/4 and 1/4;
  // a strong challenger replaces a weak incumbent with probability 0.8, a
  // weak one a strong incumbent with 0.2. P = [[1 - 0.2, 0.2], [0.15, 0.85]].
  const StrengthChain chain = hill_climber_chain({0, 100}, {0.75, 0.25}, {{0, 0.8}, {0.2, 0}});
  CHECK(chain.transition[0][1] == Approx(0.2));
  CHECK(chain.transition[0][0] == Approx(0.8));
  CHECK(chain.transition[1][0] == Approx(0.15));
  CHECK(chain.transition[1][1] == Approx(0.85));
  // Stationary: pi_1 = 0.2 / 0.35 = 4/7; v_t[1] = 4/7 + (1/4 - 4/7) 0.65^t.
  const Prediction p = predict(chain, 50);
  for (int t : {0, 1, 2, 10, 50}) {
    const double strong = 4.0 / 7 + (0.25 - 4.0 / 7) * std::pow(0.65, t);
    CHECK(p.mean[static_cast<std::size_t>(t)] == Approx(100 * strong));
    CHECK(p.sd[static_cast<std::size_t>(t)] == Approx(100 * std::sqrt(strong * (1 - strong))));
  }
  // The class probabilities agree to 2 decimals (cut) first between v_t and
  // v_{t+1} when floor(100 v_t[1]) stops changing: v[1] = 0.25, 0.3589,
  // 0.4302, 0.4766, 0.5068, 0.5264, 0.5391, 0.5474, 0.5528, 0.5563 (t = 9),
  // 0.5586 (t = 10): 55 at t = 8 and 9.
  CHECK(convergence_time(chain, 2, 1000) == 8);
  // The expected strength (percent) to 0 decimals: 55.28 -> 55.63 at t = 8.
  CHECK(mean_convergence_time(chain, 0, 1000) == 8);
  CHECK(convergence_time(chain, 2, 5) == -1);
}

TEST_CASE("M2ICAL: a three-class hill-climber keeps its mass and climbs", "[reliability]") {
  // Comparisons that never err: only stronger challengers replace.
  const StrengthChain exact = hill_climber_chain({10, 50, 90}, {0.5, 0.3, 0.2}, {{0, 1, 1}, {0, 0, 1}, {0, 0, 0}});
  const Prediction p = predict(exact, 200);
  CHECK(p.mean.front() == Approx(0.5 * 10 + 0.3 * 50 + 0.2 * 90));
  CHECK(p.mean.back() == Approx(90).margin(1e-9));  // absorbed in the best class
  CHECK(p.sd.back() == Approx(0).margin(1e-6));
  // One step by hand: from the weakest class 0.3 + 0.2 leave.
  const std::vector<double> v = step(exact, {1, 0, 0});
  CHECK(v[0] == Approx(0.5));
  CHECK(v[1] == Approx(0.3));
  CHECK(v[2] == Approx(0.2));
  double total = 0;
  for (double x : step(exact, {0.2, 0.3, 0.5})) total += x;
  CHECK(total == Approx(1));
}

TEST_CASE("M2ICAL: ModNim vector players follow the rules", "[reliability][modnim]") {
  // 5 sticks, take 1-3. `perfect` leaves n = 1 mod 4 sticks when it can.
  const NimPlayer perfect = {0, 1, 1, 2, 3, 1};  // with 5 left it cannot: takes 1
  const NimPlayer ones = {0, 1, 1, 1, 1, 1};
  // ones first: 5 -> 4 (ones), perfect takes 3 -> 1, ones takes the last: perfect wins.
  CHECK_FALSE(first_wins(5, 3, ones, perfect));
  // perfect first: 5 -> 4, ones 4 -> 3, perfect takes 2 -> 1, ones takes the last.
  CHECK(first_wins(5, 3, perfect, ones));
  // ones against ones: five single takes, the first takes the 1st, 3rd and 5th (last): loses.
  CHECK_FALSE(first_wins(5, 3, ones, ones));
  CHECK(first_wins(4, 3, ones, ones));
}

TEST_CASE("M2ICAL: the ModNim study is seeded, thread-independent and meets its runs", "[reliability][modnim]") {
  ScsaSetup setup;
  setup.sticks = 30;
  setup.classes = 10;
  setup.sample = 800;
  setup.opponents = 100;
  setup.wpm = 200;
  setup.runs = 60;
  setup.iterations = 200;
  setup.threads = 1;
  const ScsaStudy one = run_scsa_study(setup);
  setup.threads = 2;
  const ScsaStudy two = run_scsa_study(setup);
  CHECK(one.class_sizes == two.class_sizes);
  CHECK(one.win == two.win);
  CHECK(one.model.mean == two.model.mean);
  CHECK(one.run_mean == two.run_mean);
  int total = 0;
  for (int size : one.class_sizes) total += size;
  CHECK(total == 800);
  // Every chain row sums to 1.
  for (const auto& row : one.chain.transition) {
    double sum = 0;
    for (double x : row) sum += x;
    CHECK(sum == Approx(1));
  }
  // The runs' mean over their second half lies within the model's band:
  // their standard error is about sd / sqrt(60) per iteration; averaged over
  // 100 iterations of correlated runs it is still well inside 4 points.
  double runs = 0;
  for (int t = 100; t <= 200; ++t) runs += one.run_mean[static_cast<std::size_t>(t)];
  runs /= 101;
  CHECK(std::abs(runs - one.model.mean.back()) < 4);
  CHECK(one.model.mean.back() > one.model.mean.front());  // the climber climbs
}

TEST_CASE("evalsynth reliability --modnim prints the model and the runs, and checks its options",
          "[reliability][cli]") {
  const test::ScratchFolder dir("reliability");
  const test::Run r = test::run_evalsynth(
      "reliability --modnim --sticks 20 --classes 10 --sample 300 --opponents 50 --wpm 100 --runs 20 --iterations 60 "
      "--csv " +
      (dir / "r.csv") + " --html " + (dir / "r.html"));
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.output, Catch::Matchers::Contains("model: converged expected strength") &&
                           Catch::Matchers::Contains("runs: mean over iterations 30-60"));
  const std::string csv = test::read_file(dir / "r.csv");
  CHECK(csv.starts_with("iteration,model_mean,model_sd,runs_mean,runs_sd\n0,"));
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 62);
  CHECK_THAT(test::read_file(dir / "r.html"), Catch::Matchers::Contains("reliability_csv"));
  const test::Run bare = test::run_evalsynth("reliability");
  CHECK(bare.exit_code != 0);
  CHECK_THAT(bare.output, Catch::Matchers::Contains("--modnim"));
  CHECK(test::run_evalsynth("reliability --modnim --classes 1").exit_code != 0);
  const test::Run big = test::run_evalsynth("reliability --modnim --runs 100000 --iterations 1000");
  CHECK(big.exit_code != 0);
  CHECK_THAT(big.output, Catch::Matchers::Contains("--runs x --iterations is at most 20,000,000"));
  const test::Run kept = test::run_evalsynth("reliability --modnim --csv /proc/evalsynth/r.csv");
  CHECK(kept.exit_code != 0);
}
