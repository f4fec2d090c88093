// The four-in-a-row design's network (model/win_net.hpp) and its training
// (learn/win_net_td.hpp): the forward pass by the definition, a
// back-propagation step against finite differences, learning, resuming,
// model files, and the specs that may and may not use it.

#include <catch2/catch.hpp>
#include <cmath>

#include "io/learn_spec_reader.hpp"
#include "learn/learn_checkpoint.hpp"
#include "learn/training.hpp"
#include "learn/win_net_td.hpp"
#include "model/model_file.hpp"
#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using namespace evalsynth::learn;
using Catch::Matchers::Contains;

namespace {

model::WinNet random_net(const adjacent4::Game& game, int hidden, std::uint64_t seed) {
  model::WinNet net(game.name(), game.cell_board().cells, hidden);
  Rng rng(seed);
  for (double& w : net.parameters()) w = rng.unit() - 0.5;
  return net;
}

grid::Stones random_position(const adjacent4::Game& game, int plies, Rng& rng) {
  grid::Stones p = game.start();
  for (int i = 0; i < plies && game.status(p) == Status::Ongoing; ++i) p = game.play(p, random_move(game, p, rng));
  return p;
}

// The outputs as the document defines them: inputs +1 / -1 / 0 per cell,
// sigmoid units, every weight multiplied in.
model::WinNet::Outputs by_definition(const model::WinNet& net, const grid::Stones& p) {
  const auto& w = net.parameters();
  std::vector<double> h(static_cast<std::size_t>(net.hidden()));
  for (int j = 0; j < net.hidden(); ++j) {
    double z = w[net.unit_offset(j)];
    for (int c = 0; c < net.cells(); ++c) {
      const double input = (p.x >> c & 1) ? 1.0 : (p.o >> c & 1) ? -1.0 : 0.0;
      z += w[net.unit_offset(j) + 1 + static_cast<std::size_t>(c)] * input;
    }
    h[static_cast<std::size_t>(j)] = 1 / (1 + std::exp(-z));
  }
  model::WinNet::Outputs out{};
  for (int k = 0; k < 2; ++k) {
    double z = w[net.output_offset(k)];
    for (int j = 0; j < net.hidden(); ++j)
      z += w[net.output_offset(k) + 1 + static_cast<std::size_t>(j)] * h[static_cast<std::size_t>(j)];
    out[static_cast<std::size_t>(k)] = 1 / (1 + std::exp(-z));
  }
  return out;
}

double squared_error(const model::WinNet& net, const grid::Stones& p, const model::WinNet::Outputs& target) {
  const auto y = net.outputs(p);
  return 0.5 * ((target[0] - y[0]) * (target[0] - y[0]) + (target[1] - y[1]) * (target[1] - y[1]));
}

std::string spec_error(const std::string& text) {
  return test::input_error_of([&] { (void)parse_learn_spec(text, "w.spec"); });
}

}  // namespace

TEST_CASE("win-net: the forward pass is the document's network, a stone's column added alike", "[learn][model]") {
  const adjacent4::Game game;  // 8 x 6: the document's 48 inputs
  const model::WinNet net = random_net(game, 40, 7);
  REQUIRE(net.parameters().size() == 40 * 49 + 2 * 41);
  Rng rng(3);
  for (int round = 0; round < 100; ++round) {
    const grid::Stones p = random_position(game, rng.below(30), rng);
    const auto expected = by_definition(net, p);
    const auto got = net.outputs(p);
    CHECK(got[0] == Approx(expected[0]).margin(1e-12));
    CHECK(got[1] == Approx(expected[1]).margin(1e-12));
    if (game.status(p) != Status::Ongoing) continue;
    model::WinNet::Hidden sums;
    net.hidden_sums(p.x, p.o, sums);
    const int cell = random_move(game, p, rng);
    const auto after = net.outputs_with_stone(sums, cell, game.side_to_move(p));
    const auto direct = net.outputs(game.play(p, cell));
    CHECK(after[0] == Approx(direct[0]).margin(1e-12));
    CHECK(after[1] == Approx(direct[1]).margin(1e-12));
    // The evaluation is X's chance minus O's, on the models' scale.
    const model::WinNetEvaluator<adjacent4::Game> evaluator{std::make_shared<const model::WinNet>(net)};
    CHECK(evaluator(p) == model::evaluation_from_signed(got[0] - got[1]));
  }
}

TEST_CASE("win-net: a back-propagation step is the squared error's gradient", "[learn][model]") {
  const adjacent4::Game game;
  const model::WinNet net = random_net(game, 6, 11);
  Rng rng(5);
  const grid::Stones p = random_position(game, 9, rng);
  const model::WinNet::Outputs target{1.0, 0.0};
  const double alpha = 1e-6;
  model::WinNet stepped = net;
  stepped.train(p.x, p.o, target, alpha);
  // Each weight moved by -alpha dE/dw: compare with central differences.
  int checked = 0;
  for (std::size_t i = 0; i < net.parameters().size(); ++i) {
    model::WinNet plus = net, minus = net;
    const double h = 1e-6;
    plus.parameters()[i] += h;
    minus.parameters()[i] -= h;
    const double gradient = (squared_error(plus, p, target) - squared_error(minus, p, target)) / (2 * h);
    const double step = stepped.parameters()[i] - net.parameters()[i];
    CHECK(step == Approx(-alpha * gradient).margin(1e-12));
    checked += gradient != 0;
  }
  CHECK(checked > 20);  // empty cells' weights have no gradient; the rest do
  // And a step lowers the error.
  model::WinNet trained = net;
  for (int i = 0; i < 50; ++i) trained.train(p.x, p.o, target, 0.5);
  CHECK(squared_error(trained, p, target) < squared_error(net, p, target) / 4);
}

TEST_CASE("win-net: self-play learns, resumes exactly, and its model file names its game", "[learn][model]") {
  const adjacent4::Game game(5, 4);
  const LearnSpec spec = parse_learn_spec(
      "game = adjacent4(5,4)\nlearner = win-net\ngames = 300\nhidden = 8\ncurve-every = 100\n", "w.spec");
  CHECK(spec.alpha.start == 0.1);
  CHECK(spec.epsilon.start == 0);  // the document's greedy self-play
  Training<adjacent4::Game> whole(game, spec, {}, {}, Training<adjacent4::Game>::fresh_state(game, spec));
  const std::string before = model::encode_model(whole.state().model);
  whole.play(spec.games);
  const std::string bytes = model::encode_model(whole.state().model);
  CHECK(bytes != before);
  Training<adjacent4::Game> first(game, spec, {}, {}, Training<adjacent4::Game>::fresh_state(game, spec));
  first.play(123);
  LearnCheckpoint back =
      decode_learn_checkpoint(encode_learn_checkpoint({spec.source, spec.text, spec.hash(), first.state()}), "c.ckpt");
  Training<adjacent4::Game> second(game, spec, {}, {}, std::move(back.state));
  second.play(1000);
  CHECK(model::encode_model(second.state().model) == bytes);

  const model::Model model = model::decode_model(bytes, "m.bin");
  const auto& net = std::get<model::WinNet>(model.network);
  CHECK(net.game() == "adjacent4(5,4)");
  CHECK(net.hidden() == 8);
  CHECK(model::learner_name(model.network) == "win-net");
  CHECK(model::encode_model(model) == bytes);
  auto refusal = [&](const auto& other) {
    return test::input_error_of([&] { (void)model_evaluator(other, model, "m.bin"); });
  };
  CHECK(refusal(game) == "(no error)");
  CHECK_THAT(refusal(adjacent4::Game()), Contains("m.bin:1:1") && Contains("learned for adjacent4(5,4)"));
  CHECK_THAT(refusal(connect4::Game{}), Contains("the game is connect4"));
  for (std::size_t cut : {std::size_t{10}, bytes.size() / 2, bytes.size() - 1})
    CHECK_THROWS_AS(model::decode_model(bytes.substr(0, cut), "m.bin"), InputError);
}

TEST_CASE("win-net: each position learns the next one's outputs, the last one the result", "[learn]") {
  // With epsilon = 1 every move is random: the game can be replayed from
  // the same generator and the document's rule applied by hand.
  const adjacent4::Game game(5, 4);
  model::WinNet net = random_net(game, 5, 21);
  const model::WinNet start = net;
  WinNetTd<adjacent4::Game> td(net);
  EpisodeSettings<adjacent4::Game> settings;
  settings.alpha = 0.3;
  settings.epsilon = 1;
  Rng rng(17);
  const learn::Outcome outcome = td.play_game(game, settings, rng);

  model::WinNet by_hand = start;
  Rng replay(17);
  grid::Stones p = game.start();
  std::vector<grid::Stones> seen;
  while (game.status(p) == Status::Ongoing) {
    MovesOf<adjacent4::Game> moves;
    game.legal_moves(p, moves);
    (void)replay.unit();  // the exploration draw
    const grid::Stones next =
        game.play(p, moves[static_cast<std::size_t>(replay.below(static_cast<int>(moves.size())))]);
    if (!seen.empty()) by_hand.train(seen.back().x, seen.back().o, by_hand.outputs(next), settings.alpha);
    seen.push_back(next);
    p = next;
  }
  const Status end = game.status(p);
  CHECK(outcome == outcome_of(end));
  by_hand.train(p.x, p.o, {end == Status::XWon ? 1.0 : 0.0, end == Status::OWon ? 1.0 : 0.0}, settings.alpha);
  CHECK(seen.size() > 5);
  CHECK(net.parameters() == by_hand.parameters());
  CHECK(net.parameters() != start.parameters());
}

TEST_CASE("win-net: greedy play takes the move its side's output values most, a win at once first", "[learn]") {
  // One hidden unit that sees only cell c3; X's output rises with it, O's
  // falls: X wants a stone of its own on c3, O wants one of its own there.
  const adjacent4::Game game;
  model::WinNet net(game.name(), game.cell_board().cells, 1);
  const int c3 = game.parse_move(game.start(), "c3", TextLocation{"t", 1, 1});
  net.parameters()[net.unit_offset(0) + 1 + static_cast<std::size_t>(c3)] = 4;
  net.parameters()[net.output_offset(0) + 1] = 4;
  net.parameters()[net.output_offset(1) + 1] = -4;
  WinNetTd<adjacent4::Game> td(net);
  Rng rng(1);
  CHECK(td.greedy_move(game, game.start(), 0, rng) == c3);
  const grid::Stones after_b3 = game.parse_position("b3", TextLocation{"t", 1, 1});
  CHECK(td.greedy_move(game, after_b3, 0, rng) == c3);  // O takes it from X: O's output falls with X's stones
  // X can complete b1-e1 at a1 or e1, and does, whatever the net prefers.
  const grid::Stones threat = game.parse_position("b1b2c1c2d1d2", TextLocation{"t", 1, 1});
  const int move = td.greedy_move(game, threat, 0, rng);
  CHECK(game.wins_at_once(threat, move));
  // epsilon = 1: a random legal move, as the generator draws.
  bool other = false;
  for (int i = 0; i < 20; ++i) other = other || td.greedy_move(game, game.start(), 1, rng) != c3;
  CHECK(other);
}

TEST_CASE("win-net specs: stone games only, and its own settings", "[learn][io]") {
  const std::string head = "game = adjacent4\nlearner = win-net\n";
  const LearnSpec s = parse_learn_spec(head, "w.spec");
  CHECK(s.hidden == 40);
  CHECK(s.games == 5000000);
  CHECK(spec_error(head) == "(no error)");
  CHECK(spec_error("game = tictactoe\nlearner = win-net\n") == "(no error)");
  CHECK_THAT(spec_error("learner = win-net\n"), Contains("w.spec:1:1:") && Contains("stones on a grid"));
  CHECK_THAT(spec_error("game = checkers\nlearner = win-net\n"), Contains("w.spec:2:1:") && Contains("checkers"));
  CHECK_THAT(spec_error(head + "lambda = 0.5\n"),
             Contains("w.spec:3:") && Contains("does not apply to learner = win-net"));
  CHECK_THAT(spec_error(head + "tuples = 5\n"), Contains("applies to learner = ntuple"));
  CHECK_THAT(spec_error(head + "hidden = 65\n"), Contains("w.spec:3:"));
  CHECK(spec_error(head + "hidden = 12\ninitial-weights = 0.2\nepsilon = 0.1\n") == "(no error)");
  // The learner is part of what a run depends on.
  CHECK(parse_learn_spec(head, "w.spec").hash() !=
        parse_learn_spec("game = adjacent4\nlearner = ntuple\n", "w.spec").hash());
}
