// Melicher's linear TD learner (learn/linear_td.hpp): its terms read by the
// definition, one update by hand with the harmonic step, a resumed run
// equal to the uninterrupted one, the model as the program it searches
// with, damaged model files, and its spec's errors.

#include <catch2/catch.hpp>
#include <cmath>

#include "io/learn_spec_reader.hpp"
#include "learn/episode.hpp"
#include "learn/learn_checkpoint.hpp"
#include "learn/linear_td.hpp"
#include "learn/training.hpp"
#include "model/model_file.hpp"
#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using namespace evalsynth::learn;
using Catch::Matchers::Contains;

namespace {

const char* kSpec =
    "game = checkers\nlearner = linear\nfeatures = men + kings, kings, edge\nepsilon = 0.1\ngames = 300\n"
    "curve-every = 100\n";

checkers::Position random_checkers_position(const checkers::Game& game, int plies, Rng& rng) {
  checkers::Position p = game.start();
  for (int i = 0; i < plies && game.status(p) == Status::Ongoing; ++i) p = game.play(p, random_move(game, p, rng));
  return p;
}

std::string spec_error(const std::string& text) {
  return test::input_error_of([&] { (void)parse_learn_spec(text, "l.spec"); });
}

}  // namespace

TEST_CASE("linear learner: Melicher's defaults, terms by the definition, one update by hand", "[learn][checkers]") {
  const LearnSpec spec = parse_learn_spec(kSpec, "l.spec");
  CHECK(spec.learner == LearnerKind::Linear);
  CHECK(spec.harmonic_alpha);
  CHECK(spec.harmonic_a == 50);
  CHECK(spec.harmonic_b == 49);
  CHECK(spec.initial_weights == 1.0);
  const checkers::Game game(8);
  TrainingState state = Training<checkers::Game>::fresh_state(game, spec);
  auto& w = std::get<model::FeatureWeights>(state.model.network);
  CHECK(w.game == "checkers(8)");
  CHECK(w.scale == 12);  // X's 12 men at the start
  CHECK(w.weights == std::vector<double>{1, 1, 1});

  // The terms: X's pieces minus O's, kings, edge pieces, over 12.
  const auto requests = model::term_requests(feature_library(checkers::kFamily), w.terms);
  std::vector<std::int32_t> values(requests.requests.size());
  std::vector<double> terms(3);
  Rng rng(4);
  for (int round = 0; round < 100; ++round) {
    const checkers::Position p = random_checkers_position(game, rng.below(120), rng);
    LinearTd<checkers::Game>::read_terms(game, requests, w, p, values, terms);
    const int pieces = std::popcount(p.x) - std::popcount(p.o);
    const int kings = std::popcount(p.x & p.kings) - std::popcount(p.o & p.kings);
    CHECK(terms[0] == Approx(pieces / 12.0));
    CHECK(terms[1] == Approx(kings / 12.0));
  }

  // One update: the first step is 50 / (49 + 1) = 1, so w += (target - V) D.
  LinearTd<checkers::Game> td(game, w, spec);
  checkers::Position p = random_checkers_position(game, 30, rng);
  MovesOf<checkers::Game> moves;
  game.legal_moves(p, moves);
  LinearTd<checkers::Game>::read_terms(game, requests, w, game.play(p, moves[0]), values, terms);
  const double before = terms[0] + terms[1] + terms[2];
  CHECK(td.afterstate_value(p, moves[0]) == Approx(before));
  td.start(p);
  td.update(0.5, 0.0);  // nothing remembered yet: no change
  CHECK(w.updates == 0);
  td.remember(p, moves[0]);
  td.update(0.5, 0.0);
  CHECK(w.updates == 1);
  for (int i = 0; i < 3; ++i)
    CHECK(w.weights[static_cast<std::size_t>(i)] == Approx(1 + (0.5 - before) * terms[static_cast<std::size_t>(i)]));
  // The second step is 50 / 51.
  const std::vector<double> once = w.weights;
  td.remember(p, moves[0]);  // valued again with the new weights
  td.update(-1.0, 0.0);
  const double v1 = once[0] * terms[0] + once[1] * terms[1] + once[2] * terms[2];
  CHECK(w.weights[0] == Approx(once[0] + 50.0 / 51 * (-1 - v1) * terms[0]));
}

TEST_CASE("linear learner: training resumes exactly, and the model plays as its program", "[learn][checkers][model]") {
  const LearnSpec spec = parse_learn_spec(kSpec, "l.spec");
  const checkers::Game game(8);
  Training<checkers::Game> whole(game, spec, {}, {}, Training<checkers::Game>::fresh_state(game, spec));
  whole.play(spec.games);
  Training<checkers::Game> first(game, spec, {}, {}, Training<checkers::Game>::fresh_state(game, spec));
  first.play(137);
  LearnCheckpoint back =
      decode_learn_checkpoint(encode_learn_checkpoint({spec.source, spec.text, spec.hash(), first.state()}), "c.ckpt");
  Training<checkers::Game> second(game, spec, {}, {}, std::move(back.state));
  second.play(1000);
  const std::string bytes = model::encode_model(whole.state().model);
  CHECK(model::encode_model(second.state().model) == bytes);
  const auto& w = std::get<model::FeatureWeights>(whole.state().model.network);
  CHECK(w.weights != std::vector<double>{1, 1, 1});  // it learned something
  CHECK(w.updates > 300);

  // The file round-trips; the evaluator is 10,000 x V with each weight rounded.
  const model::Model model = model::decode_model(bytes, "m.bin");
  CHECK(model::encode_model(model) == bytes);
  const auto evaluator = model_evaluator(game, model, "m.bin");
  const auto requests = model::term_requests(feature_library(checkers::kFamily), w.terms);
  std::vector<std::int32_t> values(requests.requests.size());
  std::vector<double> terms(3);
  Rng rng(9);
  for (int round = 0; round < 100; ++round) {
    const checkers::Position p = random_checkers_position(game, rng.below(120), rng);
    LinearTd<checkers::Game>::read_terms(game, requests, w, p, values, terms);
    long expected = 0;
    for (std::size_t i = 0; i < 3; ++i) expected += std::lround(w.weights[i] * 10000 / 12) * std::lround(terms[i] * 12);
    CHECK(evaluate(evaluator, p) == expected);
  }
  auto refusal = [&](const auto& other) {
    try {
      (void)model_evaluator(other, model, "m.bin");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK_THAT(refusal(checkers::Game(6)), Contains("m.bin:1:1") && Contains("learned for checkers(8)"));
  CHECK_THAT(refusal(mnk::Game(3, 3, 3)), Contains("learned for checkers(8)"));
  for (std::size_t cut : {std::size_t{10}, bytes.size() / 2, bytes.size() - 1})
    CHECK_THROWS_AS(model::decode_model(bytes.substr(0, cut), "m.bin"), InputError);
  // A term the game does not have is a damaged file, not a crash later.
  model::Model odd = model;
  std::get<model::FeatureWeights>(odd.network).terms[1] = "queens";
  CHECK_THROWS_WITH(model::decode_model(model::encode_model(odd), "m.bin"),
                    Contains("m.bin:1:1") && Contains("corrupted model") && Contains("'queens'"));
}

TEST_CASE("linear learner: spec errors are located", "[learn][errors][checkers]") {
  const std::string head = "game = checkers\nlearner = linear\n";
  CHECK_THAT(spec_error(head), Contains("needs 'features = ...'"));
  CHECK_THAT(spec_error(head + "features = men + queens\n"),
             Contains("l.spec:3:12") && Contains("'queens' is not a feature of one player in checkers"));
  CHECK_THAT(spec_error(head + "features = men, moves\n"), Contains("'moves' is not a feature of one player"));
  CHECK_THAT(spec_error(head + "features = men, men\n"), Contains("l.spec:3:17") && Contains("twice"));
  CHECK_THAT(spec_error(head + "features = men\nalpha = harmonic(60, 49)\n"),
             Contains("l.spec:4:18") && Contains("more than 1"));
  CHECK_THAT(spec_error(head + "features = men\nalpha = linear(1, 2)\n"),
             Contains("l.spec:4:9") && Contains("harmonic(A, B)"));
  CHECK_THAT(spec_error(head + "features = men\ntuples = 4\n"), Contains("applies to learner = ntuple"));
  CHECK_THAT(spec_error("learner = ntuple\nfeatures = men\n"), Contains("applies to learner = linear"));
  CHECK_THAT(spec_error("learner = ntuple\nalpha = harmonic(50, 49)\n"), Contains("applies to learner = linear"));
  CHECK_THAT(spec_error("learner = linear\nfeatures = threats\n"), Contains("other than connect4"));
  // The schedule form still works for the linear learner.
  const LearnSpec s = parse_learn_spec(head + "features = men\nalpha = 0.01\n", "l.spec");
  CHECK_FALSE(s.harmonic_alpha);
  CHECK(s.alpha.start == 0.01);
  CHECK(s.hash() != parse_learn_spec(head + "features = men\n", "l.spec").hash());
}
