// Regression of Connect4's n-tuple network on solver-labelled positions:
// one step by hand, the targets, training that learns its positions, runs
// that repeat and resume exactly, and the spec's checks.

#include "learn/labelled_regression.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "games/connect4/notation.hpp"
#include "io/learn_spec_reader.hpp"
#include "learn/learn_checkpoint.hpp"
#include "learn/training.hpp"
#include "support/error.hpp"
#include "support/random.hpp"
#include "test_support.hpp"
#include "tournament/strength.hpp"

using namespace evalsynth;
using namespace evalsynth::learn;
using Catch::Matchers::Contains;

namespace {

connect4::LabelledPosition labelled(const std::string& moves, std::array<int, connect4::kColumns> scores) {
  connect4::LabelledPosition p;
  p.position = connect4::parse_moves(moves);
  p.moves = moves;
  p.move_scores = scores;
  return p;
}

std::string spec_error(const std::string& text) {
  return test::input_error_of([&] { (void)parse_learn_spec(text, "r.spec"); });
}

}  // namespace

TEST_CASE("labelled regression: the targets are exact value classes from X's view", "[learn][regression]") {
  const auto x_to_move = labelled("", {-2, -1, 0, 1, 0, -1, -2});
  CHECK(LabelledRegression::target(x_to_move, 0) == -1.0);
  CHECK(LabelledRegression::target(x_to_move, 2) == 0.0);
  CHECK(LabelledRegression::target(x_to_move, 3) == 1.0);
  const auto o_to_move = labelled("4", {-3, 2, 0, 0, 0, 2, -3});
  CHECK(LabelledRegression::target(o_to_move, 0) == 1.0);   // O loses: X wins
  CHECK(LabelledRegression::target(o_to_move, 1) == -1.0);  // O wins
  CHECK(LabelledRegression::target(o_to_move, 3) == 0.0);
}

TEST_CASE("labelled regression: one step by hand", "[learn][regression]") {
  // One tuple, the bottom two cells of column 0, and its mirror (column 6);
  // one table: index 0 both empty, 1 X at the bottom.
  model::NTupleNet net({{model::cell_number(0, 0), model::cell_number(1, 0)}}, 3);
  const std::vector<connect4::LabelledPosition> none;
  LabelledRegression regression(net, none);
  // X to move on the empty board; column 1 (a) wins for X, the rest draw.
  const double a = 0.1;
  CHECK(regression.correct(labelled("", {1, 0, 0, 0, 0, 0, 0}), a) == 7);
  // Column 1: the tuple reads X (index 1), its mirror empty (index 0), V = 0.
  double w0 = a, w1 = a;
  // Columns 2-6 read index 0 twice; targets 0.
  for (int column = 1; column < 6; ++column) {
    const double v = std::tanh(2 * w0);
    w0 += 2 * a * (0 - v) * (1 - v * v);
  }
  // Column 7: the mirror reads X (index 1), the tuple empty (index 0).
  const double v = std::tanh(w0 + w1);
  const double step = a * (0 - v) * (1 - v * v);
  w0 += step;
  w1 += step;
  CHECK(net.weights()[0] == Approx(w0));
  CHECK(net.weights()[1] == Approx(w1));
  for (std::size_t i = 2; i < net.weights().size(); ++i) REQUIRE(net.weights()[i] == 0.0F);
}

TEST_CASE("labelled regression: a move that wins at once and a full column are left out", "[learn][regression]") {
  model::NTupleNet net({{model::cell_number(0, 3), model::cell_number(1, 3)}}, 3);
  const std::vector<connect4::LabelledPosition> none;
  LabelledRegression regression(net, none);
  // Column 3 full; X has three in column 1 and wins there at once.
  const auto p = labelled("333333121212", {18, 1, -1000, -17, -17, -17, -17});
  REQUIRE(p.position.is_winning_move(0));
  REQUIRE_FALSE(p.position.can_play(2));
  CHECK(regression.correct(p, 0.1) == 5);
}

TEST_CASE("labelled regression: a step equals one computed from scratch", "[learn][regression]") {
  // Indices carried from the position to each afterstate (the step's way)
  // against each afterstate's indices read cell by cell, on a network with
  // random weights, both tables per side, 3 and 4 cell states.
  const auto positions = connect4::read_analysis_file(std::string(test::kSourceDir) + "/tests/data/late.analysis");
  // Split by stage too, inside the positions' stone counts.
  for (const auto& [states, split] : {std::pair{3, 0}, std::pair{4, 0}, std::pair{3, 30}}) {
    CAPTURE(states, split);
    model::NTupleNet net(model::random_walk_tuples(12, 5, 7), states, true, split);
    Rng rng(3);
    for (float& w : net.weights()) w = static_cast<float>(rng.unit() - 0.5);
    model::NTupleNet expected = net;
    LabelledRegression regression(net, positions);
    for (std::size_t k = 0; k < 40; ++k) {
      const connect4::LabelledPosition& p = positions[k * 7 % positions.size()];
      regression.correct(p, 0.05);
      for (int column = 0; column < connect4::kColumns; ++column) {
        if (!p.position.can_play(column) || p.position.is_winning_move(column)) continue;
        const connect4::Position after = p.position.played(column);
        double sum = 0;
        for (std::size_t i = 0; i < expected.instance_count(); ++i)
          sum +=
              expected.weights()[expected.table_offset(i, expected.table_set(after)) + expected.table_index(after, i)];
        const double v = std::tanh(sum);
        const auto step = static_cast<float>(0.05 * (LabelledRegression::target(p, column) - v) * (1 - v * v));
        for (std::size_t i = 0; i < expected.instance_count(); ++i)
          expected.weights()[expected.table_offset(i, expected.table_set(after)) + expected.table_index(after, i)] +=
              step;
      }
      REQUIRE(net.weights() == expected.weights());
    }
  }
}

TEST_CASE("labelled regression in training: it learns its positions, repeats and resumes exactly",
          "[learn][regression]") {
  const auto positions = connect4::read_analysis_file(std::string(test::kSourceDir) + "/tests/data/late.analysis");
  LearnSpec spec = parse_learn_spec(
      "learner = ntuple\ngames = 300\ntuples = 20\ntuple-length = 6\nalpha = 0.02\ncurve-every = 100\n"
      "labelled-positions = " +
          std::string(test::kSourceDir) + "/tests/data/late.analysis\nlabelled-steps = 20\n",
      "r.spec");
  auto fresh = [&] { return Training<connect4::Game>::fresh_state(connect4::Game{}, spec); };
  for (const bool play_games : {true, false}) {
    CAPTURE(play_games);
    spec.play_games = play_games;
    Training<connect4::Game> untrained(connect4::Game{}, spec, {}, positions, fresh(), positions);
    const double before =
        measure_strength(connect4::Game{}, untrained.player(1), positions, MoveOrder::Random, 1, 1).rate();
    Training<connect4::Game> whole(connect4::Game{}, spec, {}, positions, fresh(), positions);
    whole.play(spec.games);
    REQUIRE(whole.finished());
    const double after = whole.state().curve.back().mistake_rate;
    INFO("mistakes before " << before << ", after " << after);
    CHECK(after < before - 0.1);
    // Without games the curve counts none.
    CHECK((whole.state().curve.back().wins + whole.state().curve.back().draws + whole.state().curve.back().losses) ==
          (play_games ? 100U : 0U));

    Training<connect4::Game> first(connect4::Game{}, spec, {}, positions, fresh(), positions);
    first.play(123);
    LearnCheckpoint back =
        decode_learn_checkpoint(encode_learn_checkpoint({spec.source, spec.text, spec.hash(), first.state()}), "c");
    Training<connect4::Game> second(connect4::Game{}, spec, {}, positions, std::move(back.state), positions);
    second.play(1000);
    CHECK(model::encode_model(second.state().model) == model::encode_model(whole.state().model));
    REQUIRE(second.state().curve.size() == whole.state().curve.size());
    for (std::size_t i = 0; i < whole.state().curve.size(); ++i)
      CHECK(second.state().curve[i].mistake_rate == whole.state().curve[i].mistake_rate);
  }
  // The same games without the regression give other weights.
  LearnSpec mixed = spec;
  mixed.play_games = true;
  LearnSpec plain = mixed;
  plain.labelled_positions.clear();
  Training<connect4::Game> without(connect4::Game{}, plain, {}, {},
                                   Training<connect4::Game>::fresh_state(connect4::Game{}, plain));
  without.play(plain.games);
  Training<connect4::Game> with(connect4::Game{}, mixed, {}, {},
                                Training<connect4::Game>::fresh_state(connect4::Game{}, mixed), positions);
  with.play(mixed.games);
  const auto weights = [](const TrainingState& state) {
    return std::get<model::NTupleNet>(state.model.network).weights();
  };
  CHECK(weights(without.state()) != weights(with.state()));
}

TEST_CASE("labelled regression specs: hashes and located errors", "[learn][regression][errors]") {
  const std::string file = std::string(test::kSourceDir) + "/tests/data/late.analysis";
  const std::string base = "learner = ntuple\nlabelled-positions = " + file + "\n";
  const LearnSpec spec = parse_learn_spec(base, "r.spec");
  CHECK(spec.labelled_positions == std::vector<std::string>{file});
  CHECK(spec.labelled_steps == 10);
  CHECK(spec.play_games);
  // Older specs hash as before; each regression setting changes the hash.
  CHECK(parse_learn_spec("learner = ntuple\n", "r.spec").hash() == 0x38cb1a0dd18df0b2ULL);
  CHECK(parse_learn_spec("learner = ntuple\n", "r.spec").hash() != spec.hash());
  // The committed network's spec hashes as when it was learned.
  const test::InSourceDir in_source;
  CHECK(read_learn_spec_file("results/ntuple/spec.spec").hash() == 0xdd0f0cd6ac05913cULL);
  CHECK(parse_learn_spec(base + "labelled-steps = 11\n", "r.spec").hash() != spec.hash());
  CHECK(parse_learn_spec(base + "play-games = off\n", "r.spec").hash() != spec.hash());

  CHECK_THAT(spec_error("learner = ntuple\nlabelled-steps = 5\n"),
             Contains("r.spec:2:1") && Contains("applies when labelled-positions"));
  CHECK_THAT(spec_error("learner = ntuple\nplay-games = off\n"), Contains("applies when labelled-positions"));
  CHECK_THAT(spec_error("learner = ntuple\nlabelled-positions = nothere.analysis\n"),
             Contains("r.spec:2:22") && Contains("not found"));
  CHECK_THAT(spec_error("learner = thesis-net\nlabelled-positions = " + file + "\n"),
             Contains("r.spec:2:1") && Contains("Connect4's n-tuple network"));
  CHECK_THAT(spec_error("game = mnk(3,3,3)\nlearner = ntuple\nlabelled-positions = " + file + "\n"),
             Contains("r.spec:3:1") && Contains("Connect4's n-tuple network"));
  CHECK_THAT(spec_error(base + "play-games = off\nopponents = ibef@1\n"),
             Contains("r.spec:3:1") && Contains("meets no opponents"));
  CHECK_THAT(spec_error(base + "labelled-steps = 0\n"), Contains("r.spec:3:18"));
  CHECK_THAT(spec_error("learner = ntuple\nlabelled-positions = " + file + ", " + file + "\n"), Contains("twice"));
  // Without games nothing explores, traces or keeps TCL's rates.
  for (const char* key : {"epsilon = 0.1", "epsilon = 0, 0.2", "lambda = 0.5", "tcl = on"})
    CHECK_THAT(spec_error(base + "play-games = off\n" + key + "\n"),
               Contains("r.spec:4:1") && Contains("play-games = off plays none"));
  // Settings that change nothing may stay.
  CHECK_NOTHROW(parse_learn_spec(base + "play-games = off\nepsilon = 0\nlambda = 0\ntcl = off\n", "r.spec"));
  CHECK_NOTHROW(parse_learn_spec(base + "epsilon = 0.1\nlambda = 0.5\ntcl = on\n", "r.spec"));
  // The solver's labels are standard-rules values.
  CHECK_THAT(spec_error("game = connect4(thesis-java)\n" + base),
             Contains("r.spec:3:1") && Contains("standard rules, not connect4(thesis-java)"));
  CHECK_THAT(spec_error("game = connect4(thesis-java)\nlearner = ntuple\ncurve-positions = " + file + "\n"),
             Contains("r.spec:3:1") && Contains("standard rules"));
  // A curve over the training positions would measure memory.
  CHECK_THAT(spec_error(base + "curve-positions = " + file + "\n"),
             Contains("r.spec:3:1") && Contains("measure the training positions"));
  const std::string other = std::string(test::kSourceDir) + "/tests/data/../data/late.analysis";
  CHECK_THAT(spec_error(base + "curve-positions = " + other + "\n"), Contains("measure the training positions"));
}

TEST_CASE("the project's training sets share no position with the validation and test sets", "[learn][regression]") {
  // Mirror images count as one position; training that regresses on the
  // training sets must never see a position it is measured on.
  std::set<std::uint64_t> measured;
  for (const char* file : {"validation", "test"})
    for (const auto& p :
         connect4::read_analysis_file(std::string(test::kSourceDir) + "/specs/positions/" + file + ".analysis"))
      measured.insert(p.position.canonical_key());
  REQUIRE(measured.size() == 4000);
  for (const char* file : {"training", "training-late", "training-large", "training-random", "training-after-random",
                           "training-after-random-2"}) {
    CAPTURE(file);
    const auto positions =
        connect4::read_analysis_file(std::string(test::kSourceDir) + "/specs/positions/" + file + ".analysis");
    REQUIRE(!positions.empty());
    std::size_t shared = 0;
    for (const auto& p : positions) shared += measured.count(p.position.canonical_key());
    CHECK(shared == 0);
  }
}
