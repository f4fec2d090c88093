// Connect4 n-tuple networks split by stage (`stage-split = N`): positions
// with fewer than N stones read and train one set of tables and the rest
// another, so regression on labelled middle-game positions leaves the
// opening's tables alone; the spec, a start model and the C++ export follow
// the split.

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <tuple>

#include "export/ntuple_export.hpp"
#include "io/learn_spec_reader.hpp"
#include "lang/builtin_ntuple.hpp"
#include "learn/td_learners.hpp"
#include "learn/training.hpp"
#include "model/model_file.hpp"
#include "support/random.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using namespace evalsynth::learn;
using Catch::Matchers::Contains;

namespace {

std::string spec_error(const std::string& text) {
  return test::input_error_of([&] { (void)parse_learn_spec(text, "s.spec"); });
}

// How many weights of the first stage's tables (sets below `first_late_set`)
// and of the second stage's are not zero.
std::pair<std::size_t, std::size_t> trained_by_stage(const model::NTupleNet& net) {
  const int first_late_set = net.table_sets() / 2;
  std::pair<std::size_t, std::size_t> trained{0, 0};
  for (std::size_t tuple = 0; tuple < net.tuple_count(); ++tuple)
    for (int set = 0; set < net.table_sets(); ++set) {
      const std::size_t begin = net.table_offset(2 * tuple, set);
      for (std::size_t i = begin; i < begin + net.table_size(); ++i)
        if (net.weights()[i] != 0.0F) ++(set < first_late_set ? trained.first : trained.second);
    }
  return trained;
}

const std::string kLate = std::string(test::kSourceDir) + "/tests/data/late.analysis";  // 28 to 38 stones

// Compiles the C++ export of a random network split at `split` and checks
// its values on the positions of random games.
void check_exported_values(int states, bool per_side, int split) {
  model::NTupleNet net(model::random_walk_tuples(12, 5, 8), states, per_side, split);
  Rng rng(2);
  for (float& w : net.weights()) w = static_cast<float>(rng.unit() - 0.5) * 0.4F;
  const test::ScratchFolder scratch("stage-split-export");
  std::string source = "#include <cmath>\n#include <cstdint>\n#include <cstdio>\n";
  for (const char* part : {"popcount.hpp", "board_features.hpp"})
    source += test::read_file(std::string(std::string(test::kSourceDir) + "/src/export/runtime/") + part);
  source += exporter::ntuple_definitions(net) +
            "int main() {\n"
            "  unsigned long long x, o;\n"
            "  while (std::scanf(\"%llu %llu\", &x, &o) == 2) std::printf(\"%d\\n\", ntuple_value(x, o));\n"
            "}\n";
  test::write_file(scratch / "checker.cpp", source);
  const test::Run built =
      test::run_shell(std::string(test::kCxxCompiler) + " -std=c++17 -O1 -Wall -Wextra -Wpedantic -o '" +
                      (scratch / "checker") + "' '" + (scratch / "checker.cpp") + "'");
  INFO(built.output.substr(0, 3000));
  REQUIRE(built.exit_code == 0);

  std::string input;
  std::vector<connect4::Position> positions;
  for (int game = 0; game < 60; ++game)
    for (connect4::Position p; !p.is_game_over(); p = p.played(connect4::random_column(p, rng))) {
      positions.push_back(p);
      input += std::to_string(p.x_stones()) + " " + std::to_string(p.o_stones()) + "\n";
    }
  test::write_file(scratch / "positions.txt", input);
  std::string command = "'";  // appended piece by piece: GCC 12 warns falsely on "literal" + string chains
  for (const std::string& piece : {scratch / "checker", std::string("' < '"), scratch / "positions.txt"})
    command += piece;
  const test::Run run = test::run_shell(command + "'");
  REQUIRE(run.exit_code == 0);
  std::istringstream values(run.output);
  std::size_t mismatches = 0;
  for (const connect4::Position& p : positions) {
    int v = 0;
    values >> v;
    if (v != static_cast<int>(std::lround(lang::kNTupleFeatureScale * std::tanh(net.sum(p)))) && mismatches++ < 5)
      FAIL_CHECK("exported " << v << ", evalsynth " << net.sum(p) << " at " << p.moves_played() << " stones");
  }
  CHECK(values);
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("stage split: regression trains only its positions' stage, self-play both", "[learn][stage]") {
  const auto positions = connect4::read_analysis_file(kLate);
  const std::string base = "learner = ntuple\ngames = 200\ntuples = 20\ntuple-length = 6\nstage-split = 20\n";
  const LearnSpec regression_only =
      parse_learn_spec(base + "labelled-positions = " + kLate + "\nplay-games = off\n", "r.spec");
  Training<connect4::Game> regressed(connect4::Game{}, regression_only, {}, {},
                                     Training<connect4::Game>::fresh_state(connect4::Game{}, regression_only),
                                     positions);
  regressed.play(regression_only.games);
  const auto& regressed_net = std::get<model::NTupleNet>(regressed.state().model.network);
  REQUIRE(regressed_net.stage_split() == 20);
  REQUIRE(regressed_net.table_sets() == 4);
  const auto [regressed_early, regressed_late] = trained_by_stage(regressed_net);
  CHECK(regressed_early == 0);  // every afterstate has 29 stones or more
  CHECK(regressed_late > 100);

  const LearnSpec self_play = parse_learn_spec(base, "s.spec");
  Training<connect4::Game> played(connect4::Game{}, self_play, {}, {},
                                  Training<connect4::Game>::fresh_state(connect4::Game{}, self_play));
  played.play(self_play.games);
  const auto [played_early, played_late] = trained_by_stage(std::get<model::NTupleNet>(played.state().model.network));
  CHECK(played_early > 100);
  CHECK(played_late > 100);
}

TEST_CASE("stage split: the spec's key, its hash and its errors", "[learn][stage][errors]") {
  const LearnSpec plain = parse_learn_spec("learner = ntuple\n", "s.spec");
  const LearnSpec staged = parse_learn_spec("learner = ntuple\nstage-split = 11\n", "s.spec");
  CHECK(plain.stage_split == 0);
  CHECK(staged.stage_split == 11);
  CHECK(staged.hash() != plain.hash());
  CHECK(staged.hash() != parse_learn_spec("learner = ntuple\nstage-split = 12\n", "s.spec").hash());
  CHECK(std::get<model::NTupleNet>(Training<connect4::Game>::fresh_state(connect4::Game{}, staged).model.network)
            .stage_split() == 11);

  CHECK_THAT(spec_error("learner = ntuple\nstage-split = 0\n"), Contains("s.spec:2:15"));
  CHECK_THAT(spec_error("learner = ntuple\nstage-split = 42\n"), Contains("s.spec:2:15"));
  CHECK_THAT(spec_error("learner = thesis-net\nstage-split = 11\n"),
             Contains("s.spec:2:1") && Contains("applies to learner = ntuple"));
  CHECK_THAT(spec_error("game = mnk(3,3,3)\nlearner = ntuple\nstage-split = 4\n"),
             Contains("s.spec:3:1") && Contains("Connect4's tables only"));
}

TEST_CASE("stage split: a start model's split is adopted, and a spec that differs is refused", "[learn][stage]") {
  const test::ScratchFolder scratch("stage-split-start");
  const std::string path = scratch / "staged.bin";
  model::NTupleNet net(model::random_walk_tuples(10, 4, 3), 3, true, 15);
  model::Model m;
  m.network = net;
  model::write_model(m, path);
  const std::string base = "learner = ntuple\nstart-model = " + path + "\n";
  const LearnSpec adopted = parse_learn_spec(base, "s.spec");
  CHECK(adopted.stage_split == 15);
  CHECK(std::get<model::NTupleNet>(Training<connect4::Game>::fresh_state(connect4::Game{}, adopted).model.network)
            .stage_split() == 15);
  CHECK(parse_learn_spec(base + "stage-split = 15\n", "s.spec").stage_split == 15);
  CHECK_THAT(spec_error(base + "stage-split = 9\n"),
             Contains("s.spec:3:1") && Contains("stage-split differs from the start model's (15)"));
}

TEST_CASE("stage split: TD values each afterstate with its stage's tables and steps only those", "[learn][stage]") {
  for (const bool per_side : {true, false}) {
    CAPTURE(per_side);
    model::NTupleNet net(model::random_walk_tuples(12, 5, 4), 3, per_side, 6);
    Rng rng(9);
    for (float& w : net.weights()) w = static_cast<float>(rng.unit() - 0.5) * 0.4F;
    NTupleTd td(net);  // TD(0): a step changes the newest afterstate's weights only
    std::size_t early_steps = 0, late_steps = 0;
    for (int game = 0; game < 10; ++game) {
      connect4::Position p;
      td.start(p);
      while (!p.is_game_over()) {
        for (int col = 0; col < connect4::kColumns; ++col)
          if (p.can_play(col))
            REQUIRE(td.afterstate_value(p, col) == Approx(std::tanh(net.sum(p.played(col)))).margin(1e-9));
        const int col = connect4::random_column(p, rng);
        const connect4::Position after = p.played(col);
        const std::vector<float> before = net.weights();
        td.remember(p, col);
        td.update(0.5, 0.1);
        std::size_t changed = 0;
        for (std::size_t i = 0; i < before.size(); ++i)
          if (net.weights()[i] != before[i]) {
            ++changed;
            REQUIRE(static_cast<int>(i / net.table_size()) % net.table_sets() == net.table_set(after));
          }
        (after.moves_played() < 6 ? early_steps : late_steps) += changed > 0;
        td.moved(p, col);
        p = after;
      }
    }
    CHECK(early_steps > 20);
    CHECK(late_steps > 20);
  }
}

TEST_CASE("stage split: the exported C++ computes the network's own values", "[learn][stage][export]") {
  for (const auto& [states, per_side, split] : {std::tuple{4, true, 13}, std::tuple{3, false, 9}}) {
    CAPTURE(states, per_side, split);
    check_exported_values(states, per_side, split);
  }
}
