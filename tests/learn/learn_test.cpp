// The TD learners: updates against hand-computed values, learning a known
// answer, reproducibility and resumption, learning specs.

#include <catch2/catch.hpp>
#include <cmath>

#include "games/connect4/notation.hpp"
#include "io/learn_spec_reader.hpp"
#include "learn/episode.hpp"
#include "learn/learn_checkpoint.hpp"
#include "support/error.hpp"
#include "test_support.hpp"
#include "tournament/strength.hpp"

using namespace evalsynth;
using namespace evalsynth::learn;
using Catch::Matchers::Contains;

namespace {

double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

LearnSpec small_spec(LearnerKind kind, std::uint64_t games) {
  LearnSpec spec =
      parse_learn_spec(std::string("learner = ") + (kind == LearnerKind::ThesisNet ? "thesis-net" : "ntuple") +
                           "\ngames = " + std::to_string(games) + "\n",
                       "t.spec");
  return spec;
}

std::string learn_error(const std::string& text) {
  return test::input_error_of([&] { (void)parse_learn_spec(text, "l.spec"); });
}

}  // namespace

TEST_CASE("thesis TD: one update by hand, and the traces by hand", "[learn]") {
  model::ThesisNet net(1);  // all weights 0: h = 0.5, V = 0.5 everywhere
  ThesisTd td(net, 0.5);
  const connect4::Position start;
  td.start(start);
  td.update(0.9, 0.2);  // nothing remembered yet: no change
  CHECK(net.parameters() == std::vector<double>(net.parameters().size(), 0.0));
  td.remember(start, 3);
  td.update(0.9, 0.2);
  // delta = 0.4; dV/d(out bias) = V(1-V) = 0.25; dV/dv = 0.25 * h = 0.125;
  // the hidden unit's gradient carries v = 0: no change there.
  const std::size_t out = net.output_offset();
  CHECK(net.parameters()[out] == Approx(0.2 * 0.4 * 0.25));
  CHECK(net.parameters()[out + 1] == Approx(0.2 * 0.4 * 0.125));
  for (std::size_t i = 0; i < out; ++i) REQUIRE(net.parameters()[i] == 0.0);

  // Second step: the trace of the output bias is lambda * 0.25 + V'(1-V'),
  // V' the value of the next afterstate under the updated weights.
  const double b = net.parameters()[out], v = net.parameters()[out + 1];
  const connect4::Position after = start.played(3);
  td.remember(after, 2);
  const double h2 = sigmoid(0.0);  // hidden weights are still 0
  const double v2 = sigmoid(b + v * h2);
  CHECK(net.output(after.played(2)) == Approx(v2));
  const double trace_bias = 0.5 * 0.25 + v2 * (1 - v2);
  const double trace_v = 0.5 * 0.125 + v2 * (1 - v2) * h2;
  const double g_hidden = v2 * (1 - v2) * v * h2 * (1 - h2);
  td.update(0.1, 0.2);
  const double delta = 0.1 - v2;
  CHECK(net.parameters()[out] == Approx(b + 0.2 * delta * trace_bias));
  CHECK(net.parameters()[out + 1] == Approx(v + 0.2 * delta * trace_v));
  // The hidden bias: only the second step's gradient (the first had v = 0).
  CHECK(net.parameters()[0] == Approx(0.2 * delta * g_hidden));
}

TEST_CASE("n-tuple TD: one update by hand", "[learn]") {
  // One tuple, the bottom two cells of column 0, and its mirror (column 6).
  model::NTupleNet net({{model::cell_number(0, 0), model::cell_number(1, 0)}}, 3);
  NTupleTd td(net);
  const connect4::Position start;
  td.start(start);
  td.remember(start, 3);  // X in the centre: both readings are (empty, empty), index 0
  td.update(1.0, 0.1);    // V = 0: delta 1, slope 1: +0.1 per reading
  CHECK(net.weights()[0] == Approx(0.2F));
  for (std::size_t i = 1; i < net.weights().size(); ++i) REQUIRE(net.weights()[i] == 0.0F);
  td.moved(start, 3);
  // Now O in column 0 is valued tanh(w[2] + w[0]) = tanh(0 + 0.2).
  const connect4::Position after = start.played(3);
  CHECK(td.afterstate_value(after, 0) == Approx(std::tanh(0.2)));
  td.remember(after, 0);
  td.update(-1.0, 0.5);
  const double v = std::tanh(0.2), step = 0.5 * (-1.0 - v) * (1 - v * v);
  CHECK(net.weights()[2] == Approx(step));        // the tuple reads O at (0,0): index 2
  CHECK(net.weights()[0] == Approx(0.2 + step));  // the mirror reads column 6, empty
  CHECK(net.weights()[1] == 0.0F);
}

TEST_CASE("n-tuple TD(lambda): the trace by hand, cut by exploration", "[learn]") {
  CHECK(AfterstateTrace::length(0.0) == 1);
  CHECK(AfterstateTrace::length(0.5) == 7);  // 0.5^6 = 0.016 is kept, 0.5^7 = 0.008 is not
  CHECK(AfterstateTrace::length(1.0) == AfterstateTrace::kMaxTrace);
  for (const bool explored : {false, true}) {
    CAPTURE(explored);
    // The one-update case above, then a second afterstate: with lambda 0.5
    // the second update also corrects the first afterstate, by half its slope
    // there (1: V was 0), unless the second move was exploratory.
    model::NTupleNet net({{model::cell_number(0, 0), model::cell_number(1, 0)}}, 3);
    NTupleTd td(net, 0.5);
    const connect4::Position start;
    td.start(start);
    td.remember(start, 3);
    td.update(1.0, 0.1);
    REQUIRE(net.weights()[0] == Approx(0.2F));
    td.moved(start, 3);
    const connect4::Position after = start.played(3);
    td.remember(after, 0, explored);
    td.update(-1.0, 0.5);
    const double v = std::tanh(0.2), error = 0.5 * (-1.0 - v), step = error * (1 - v * v);
    CHECK(net.weights()[2] == Approx(step));
    // The first afterstate's two readings are both index 0, as is the mirror
    // reading of the second.
    CHECK(net.weights()[0] == Approx(0.2 + step + (explored ? 0.0 : 2 * 0.5 * error)));
    CHECK(net.weights()[1] == 0.0F);
  }
}

TEST_CASE("n-tuple TCL: each weight's rate by hand", "[learn][tcl]") {
  // The tiny network of the cases above, with temporal coherence learning.
  model::NTupleNet net({{model::cell_number(0, 0), model::cell_number(1, 0)}}, 3);
  TclCounters tcl{std::vector<double>(net.weights().size()), std::vector<double>(net.weights().size())};
  NTupleTd td(net, 0, &tcl);
  const connect4::Position start;
  td.start(start);
  td.remember(start, 3);
  // Error 1, slope 1; both readings select w[0]: the first at rate 1 (no
  // history), the second at |1| / 1 = 1.
  td.update(1.0, 0.1);
  CHECK(net.weights()[0] == Approx(0.2));
  CHECK(tcl.sum[0] == Approx(2.0));
  CHECK(tcl.magnitude[0] == Approx(2.0));
  td.moved(start, 3);
  const connect4::Position after = start.played(3);
  td.remember(after, 0);
  td.update(-1.0, 0.5);
  const double v = std::tanh(0.2), r = (-1.0 - v) * (1 - v * v);  // r < 0
  CHECK(net.weights()[2] == Approx(0.5 * r));                     // O at (0,0): a fresh weight, rate 1
  CHECK(net.weights()[0] == Approx(0.2 + 0.5 * r));               // the mirror: rate |2| / 2 = 1
  CHECK(tcl.sum[0] == Approx(2.0 + r));
  CHECK(tcl.magnitude[0] == Approx(2.0 - r));
  td.moved(after, 0);
  // X again in the centre: w[2] (rate |r| / |r| = 1) and w[0], whose
  // corrections disagreed: rate |2 + r| / (2 - r) < 1.
  const connect4::Position third = after.played(0);
  const double w0 = 0.2 + 0.5 * r, w2 = 0.5 * r;
  const double v2 = std::tanh(w2 + w0), r2 = (1.0 - v2) * (1 - v2 * v2);
  td.remember(third, 3);
  td.update(1.0, 1.0);
  const double rate0 = std::abs(2.0 + r) / (2.0 - r);
  REQUIRE(rate0 < 0.9);
  CHECK(net.weights()[2] == Approx(w2 + r2));
  CHECK(net.weights()[0] == Approx(w0 + rate0 * r2));
  CHECK(tcl.sum[2] == Approx(r + r2));
  CHECK(tcl.magnitude[2] == Approx(-r + r2));
  for (const std::size_t untouched : {1, 3, 4, 5, 6, 7, 8}) {
    CHECK(net.weights()[untouched] == 0.0F);
    CHECK(tcl.magnitude[untouched] == 0.0);
  }
  // A new game: X in the centre reads w[0] twice (the tuple and its
  // mirror), both times at the rate its counters gave before this update.
  const double sum0 = 2.0 + r + r2, magnitude0 = 2.0 - r + r2;
  CHECK(tcl.sum[0] == Approx(sum0));
  CHECK(tcl.magnitude[0] == Approx(magnitude0));
  const double w0_now = w0 + rate0 * r2;
  td.start(start);
  const double v3 = std::tanh(2 * w0_now), r3 = (-1.0 - v3) * (1 - v3 * v3);
  td.remember(start, 3);
  td.update(-1.0, 0.1);
  CHECK(net.weights()[0] == Approx(w0_now + 2 * 0.1 * (std::abs(sum0) / magnitude0) * r3));
  CHECK(tcl.sum[0] == Approx(sum0 + 2 * r3));
  CHECK(tcl.magnitude[0] == Approx(magnitude0 - 2 * r3));
}

TEST_CASE("both learners learn a known answer: fixed targets for fixed positions", "[learn]") {
  const connect4::Position a = connect4::parse_moves("44"), b = connect4::parse_moves("17");
  const std::vector<std::pair<int, double>> targets = {{3, 0.9}, {0, 0.1}};  // after a: col 4 good, col 1 bad
  SECTION("thesis net") {
    model::ThesisNet net(4);
    Rng rng(1);
    for (double& w : net.parameters()) w = (rng.unit() - 0.5) * 0.2;
    ThesisTd td(net, 0.0);
    for (int round = 0; round < 3000; ++round)
      for (const auto& [col, target] : targets) {
        td.start(a);
        td.remember(a, col);
        td.update(target, 0.5);
      }
    CHECK(net.output(a.played(3)) == Approx(0.9).margin(0.02));
    CHECK(net.output(a.played(0)) == Approx(0.1).margin(0.02));
  }
  SECTION("n-tuple net") {
    model::NTupleNet net(model::random_walk_tuples(20, 4, 5), 4);
    NTupleTd td(net);
    for (int round = 0; round < 500; ++round)
      for (const auto& [col, target] : {std::pair{3, 0.8}, std::pair{0, -0.6}}) {
        td.start(b);
        td.remember(b, col);
        td.update(target, 0.02);
      }
    CHECK(net.value(b.played(3)) == Approx(0.8).margin(0.01));
    CHECK(net.value(b.played(0)) == Approx(-0.6).margin(0.01));
  }
}

TEST_CASE("n-tuple self-play makes fewer mistakes than the untrained network", "[learn]") {
  const auto positions = read_analysis_file(std::string(test::kSourceDir) + "/specs/positions/validation.analysis");
  LearnSpec spec = small_spec(LearnerKind::NTuple, 40000);
  spec.threads = 2;
  Training<connect4::Game> training(connect4::Game{}, spec, {}, {},
                                    Training<connect4::Game>::fresh_state(connect4::Game{}, spec));
  const double before =
      measure_strength(connect4::Game{}, training.player(1), positions, MoveOrder::Random, 1, 2).rate();
  training.play(spec.games);
  const double after =
      measure_strength(connect4::Game{}, training.player(1), positions, MoveOrder::Random, 1, 2).rate();
  INFO("before " << before << ", after " << after);
  CHECK(after < before - 0.03);
}

TEST_CASE("training is reproducible and a resumed run is the uninterrupted one", "[learn]") {
  const auto positions = read_analysis_file(std::string(test::kSourceDir) + "/tests/data/late.analysis");
  // The n-tuple learner twice: TD(0) and TD(lambda), whose traces live within
  // a game, so a checkpoint between games holds everything.
  // And with temporal coherence learning, whose counters the checkpoint keeps.
  struct Variant {
    LearnerKind kind;
    double lambda;
    bool tcl;
  };
  for (const auto& [kind, lambda, tcl] :
       {Variant{LearnerKind::ThesisNet, 0.6, false}, Variant{LearnerKind::NTuple, 0.0, false},
        Variant{LearnerKind::NTuple, 0.5, false}, Variant{LearnerKind::NTuple, 0.5, true}}) {
    CAPTURE(lambda, tcl);
    LearnSpec spec = small_spec(kind, 300);
    spec.lambda = lambda;
    spec.tcl = tcl;
    spec.curve_every = 70;
    if (kind == LearnerKind::ThesisNet) spec.opponents = {"ibef@1", "adate@2"};
    auto opponents = [&] {
      std::vector<Player<connect4::Game>> out;
      for (const std::string& o : spec.opponents)
        for (Player<connect4::Game>& p : parse_player_list(connect4::Game{}, o)) out.push_back(p);
      return out;
    };
    Training<connect4::Game> whole(connect4::Game{}, spec, opponents(), positions,
                                   Training<connect4::Game>::fresh_state(connect4::Game{}, spec));
    whole.play(spec.games);
    REQUIRE(whole.finished());
    REQUIRE(whole.state().curve.size() == 5);  // 70, 140, 210, 280 and the end

    Training<connect4::Game> first(connect4::Game{}, spec, opponents(), positions,
                                   Training<connect4::Game>::fresh_state(connect4::Game{}, spec));
    first.play(123);
    const std::string saved = encode_learn_checkpoint({spec.source, spec.text, spec.hash(), first.state()});
    LearnCheckpoint back = decode_learn_checkpoint(saved, "c.ckpt");
    Training<connect4::Game> second(connect4::Game{}, spec, opponents(), positions, std::move(back.state));
    second.play(1000);
    CHECK(second.state().games_done == 300);
    CHECK(model::encode_model(second.state().model) == model::encode_model(whole.state().model));
    CHECK(second.state().tcl.sum == whole.state().tcl.sum);
    CHECK(second.state().tcl.magnitude == whole.state().tcl.magnitude);
    CHECK(whole.state().tcl.sum.empty() == !tcl);
    REQUIRE(second.state().curve.size() == whole.state().curve.size());
    for (std::size_t i = 0; i < whole.state().curve.size(); ++i) {
      CHECK(second.state().curve[i].wins == whole.state().curve[i].wins);
      CHECK(second.state().curve[i].mistake_rate == whole.state().curve[i].mistake_rate);
    }
  }
}

TEST_CASE("learning checkpoints: damage is a located error", "[learn][errors]") {
  const LearnSpec spec = small_spec(LearnerKind::NTuple, 10);
  Training<connect4::Game> t(connect4::Game{}, spec, {}, {},
                             Training<connect4::Game>::fresh_state(connect4::Game{}, spec));
  t.play(4);
  const std::string good = encode_learn_checkpoint({spec.source, spec.text, spec.hash(), t.state()});
  auto error = [](const std::string& bytes) {
    try {
      decode_learn_checkpoint(bytes, "c.ckpt");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK(error(good) == "(no error)");
  CHECK_THAT(error(good.substr(0, 100)), Contains("c.ckpt:1:1") && Contains("truncated learning checkpoint"));
  std::string flipped = good;
  flipped[200] ^= 1;
  CHECK_THAT(error(flipped), Contains("does not match the checksum"));
  CHECK_THAT(error(model::encode_model(t.state().model)), Contains("not an evalsynth learning checkpoint"));
  // TCL counters must fit the network (one pair per weight).
  TrainingState misfit = t.state();
  misfit.tcl.sum.assign(5, 0.0);
  misfit.tcl.magnitude.assign(5, 0.0);
  CHECK_THAT(error(encode_learn_checkpoint({spec.source, spec.text, spec.hash(), misfit})),
             Contains("c.ckpt:1:1") && Contains("TCL counters do not fit its network"));
}

TEST_CASE("learning specs: defaults by learner, located errors", "[learn][errors]") {
  const LearnSpec thesis = parse_learn_spec("learner = thesis-net\n", "x/thesis.spec");
  CHECK(thesis.name == "thesis");
  CHECK(thesis.games == 100000);
  CHECK(thesis.alpha.start == 0.2);
  CHECK(thesis.alpha.end == 0.01);
  CHECK(thesis.epsilon.start == 0.5);
  CHECK(thesis.epsilon.end == 0.0);
  CHECK(thesis.lambda == 0.6);
  CHECK(thesis.hidden == 15);
  CHECK(thesis.opponents == std::vector<std::string>{"ibef@1"});
  const LearnSpec tuples = parse_learn_spec("learner = ntuple\ngames = 500\nalpha = 0.01\n", "n.spec");
  CHECK(tuples.opponents.empty());
  CHECK(tuples.alpha.start == tuples.alpha.end);
  CHECK(tuples.curve_every == 10);
  CHECK(tuples.lambda == 0.0);  // TD(0), unless the spec asks for traces
  CHECK(parse_learn_spec("learner = ntuple\nlambda = 0.5\n", "n.spec").lambda == 0.5);
  CHECK(tuples.hash() != parse_learn_spec("learner = ntuple\ngames = 500\nalpha = 0.02\n", "n.spec").hash());
  // Output folders and threads do not change the result, so not the hash.
  CHECK(tuples.hash() ==
        parse_learn_spec("learner = ntuple\ngames = 500\nalpha = 0.01\noutput = elsewhere\nthreads = 3\n", "n.spec")
            .hash());

  CHECK_THAT(learn_error("games = 5\n"), Contains("l.spec:1:1") && Contains("needs 'learner = thesis-net'"));
  CHECK_THAT(
      learn_error("learner = perceptron\n"),
      Contains("l.spec:1:11") && Contains("one of thesis-net, ntuple, linear, fable, win-net, not 'perceptron'"));
  CHECK_THAT(learn_error("learner = ntuple\nlamda = 0.5\n"),
             Contains("l.spec:2:1") && Contains("did you mean 'lambda'"));
  CHECK_THAT(learn_error("learner = ntuple\ntcl = maybe\n"), Contains("l.spec:2:7"));
  CHECK_THAT(learn_error("learner = ntuple\ntuples = 1000\ntuple-length = 9\ncell-states = 3\ntcl = on\n"),
             Contains("l.spec:5:1") && Contains("two counters per weight"));
  CHECK_THAT(learn_error("learner = thesis-net\ntcl = on\n"),
             Contains("l.spec:2:1") && Contains("tcl applies to learner = ntuple"));
  CHECK(parse_learn_spec("learner = ntuple\ntcl = on\n", "a.spec").tcl);
  CHECK(parse_learn_spec("learner = ntuple\ntcl = on\n", "a.spec").hash() !=
        parse_learn_spec("learner = ntuple\ntcl = off\n", "a.spec").hash());
  CHECK(parse_learn_spec("learner = ntuple\ntcl = off\n", "a.spec").hash() ==
        parse_learn_spec("learner = ntuple\n", "a.spec").hash());
  CHECK_THAT(learn_error("learner = ntuple\nhidden = 5\n"),
             Contains("l.spec:2:1") && Contains("applies to learner = thesis-net"));
  CHECK_THAT(learn_error("learner = ntuple\nlambda = 1.5\n"), Contains("l.spec:2:10"));
  CHECK_THAT(learn_error("learner = thesis-net\ntuples = 5\n"), Contains("applies to learner = ntuple"));
  CHECK_THAT(learn_error("learner = ntuple\ngames = 0\n"), Contains("l.spec:2:9") && Contains("whole number from 1"));
  CHECK_THAT(learn_error("learner = ntuple\nalpha = 0.1, 0.2, 0.3\n"), Contains("one value, or two"));
  CHECK_THAT(learn_error("learner = ntuple\nepsilon = 1.5\n"), Contains("number from 0 to 1"));
  CHECK_THAT(learn_error("learner = ntuple\nopponents = stockfish@2\n"),
             Contains("l.spec:2:13") && Contains("unknown player"));
  CHECK_THAT(learn_error("learner = ntuple\nopponents = ibef@1, self\n"), Contains("'self' is self-play on its own"));
  CHECK_THAT(learn_error("learner = ntuple\nopponents = ibef@1, perfect:0.1\n"),
             Contains("l.spec:2:21") && Contains("learning games start from the empty board"));
  CHECK_THAT(learn_error("learner = ntuple\nopponents = nothere.eval@2\n"), Contains("not found"));
  CHECK_THAT(learn_error("learner = ntuple\ntuple-length = 12\ntuples = 1000\n"), Contains("more than 67,108,864"));
  CHECK_THAT(learn_error("learner = ntuple\ncurve-depth = 3\n"), Contains("applies when curve-positions"));
  CHECK_THAT(learn_error("learner = ntuple\ngames = 10\ncurve-every = 11\n"),
             Contains("curve-every (11) is more than"));
  CHECK_THAT(learn_error("learner = ntuple\ncurve-positions = none.analysis\n"), Contains("not found"));
  CHECK_THAT(learn_error("learner = ntuple\nname = a/b\n"), Contains("plain folder name"));
}
