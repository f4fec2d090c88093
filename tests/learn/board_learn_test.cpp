// The n-tuple learner on other games' boards: the network's symmetry and
// sums, one TD update by hand, learning a known answer (ModNim), resuming,
// and model files that name their game.

#include <catch2/catch.hpp>
#include <cmath>

#include "games/mnk/mnk.hpp"
#include "games/othello/othello.hpp"
#include "io/learn_spec_reader.hpp"
#include "learn/board_ntuple_td.hpp"
#include "learn/episode.hpp"
#include "learn/learn_checkpoint.hpp"
#include "learn/training.hpp"
#include "model/model_file.hpp"
#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using namespace evalsynth::learn;
using Catch::Matchers::Contains;

namespace {

// A position of `game` after `plies` random moves (fewer if it ends first).
template <class G>
typename G::Position random_position(const G& game, int plies, Rng& rng) {
  typename G::Position p = game.start();
  for (int i = 0; i < plies && game.status(p) == Status::Ongoing; ++i) p = game.play(p, random_move(game, p, rng));
  return p;
}

template <class G>
model::BoardNTupleNet random_net(const G& game, std::uint64_t seed) {
  const CellBoard board = game.cell_board();
  model::BoardNTupleNet net(game.name(), board, model::random_walk_tuples(board, 12, 4, seed), true);
  Rng rng(seed);
  for (float& w : net.weights()) w = static_cast<float>(rng.unit() - 0.5);
  return net;
}

}  // namespace

TEST_CASE("board n-tuple network: cells by the definition, symmetric positions alike", "[learn][model]") {
  const adjacent4::Game game(6, 6);  // a square: 8 symmetries
  const model::BoardNTupleNet net = random_net(game, 3);
  REQUIRE(net.board().symmetries.size() == 8);
  REQUIRE(net.instance_count() == 12 * 8);
  REQUIRE(net.board().states == 4);  // empty, X, O, and empty that may be played now
  Rng rng(5);
  for (int round = 0; round < 200; ++round) {
    const auto p = random_position(game, rng.below(20), rng);
    model::BoardNTupleNet::CellStates cells{};
    net.read_cells(game, p, cells);
    // The sum is the selected weights, each index from its cells' states.
    double expected = 0;
    for (std::size_t i = 0; i < net.instance_count(); ++i) {
      const auto& tuple = net.tuples()[i / 8];
      const auto& image = net.board().symmetries[i % 8];
      std::uint32_t index = 0, power = 1;
      for (const std::uint8_t cell : tuple) {
        index += static_cast<std::uint32_t>(game.cell_state(p, image[cell])) * power;
        power *= static_cast<std::uint32_t>(net.board().states);
      }
      expected += net.weights()[net.table_offset(i, game.side_to_move(p)) + index];
    }
    REQUIRE(net.sum(cells, game.side_to_move(p)) == Approx(expected));
    // Each symmetric image of the position has the same value.
    for (std::size_t s = 1; s < 8; ++s) {
      grid::Stones image{};
      for (int c = 0; c < 36; ++c) {
        const std::uint64_t to = std::uint64_t{1} << net.board().symmetries[s][static_cast<std::size_t>(c)];
        if (p.x >> c & 1) image.x |= to;
        if (p.o >> c & 1) image.o |= to;
      }
      REQUIRE(net.value(game, image) == Approx(net.value(game, p)));
    }
  }
}

TEST_CASE("board n-tuple players keep a saturated network's moves apart", "[learn][model]") {
  // As before where tanh is below 0.9; beyond, strictly increasing in the
  // sum to the clamp, inside the heuristic range, and odd.
  for (double sum = -1.47; sum <= 1.47; sum += 0.01)
    REQUIRE(model::evaluation_from_tanh_sum(sum) == model::evaluation_from_signed(std::tanh(sum)));
  int previous = model::evaluation_from_tanh_sum(-model::kMaxSum);
  CHECK(previous > -kMaxHeuristic);
  for (double sum = -model::kMaxSum + 0.01; sum <= model::kMaxSum; sum += 0.01) {
    const int v = model::evaluation_from_tanh_sum(sum);
    REQUIRE(v > previous);  // 0.01 of the sum is a step everywhere
    REQUIRE(v == -model::evaluation_from_tanh_sum(-sum));
    previous = v;
  }
  CHECK(previous < kMaxHeuristic);
  CHECK(model::evaluation_from_tanh_sum(1000) == model::evaluation_from_tanh_sum(model::kMaxSum));
  // Sums of 7 and 8 were one value (tanh rounds to 1 at 1/50,000); now two.
  CHECK(model::evaluation_from_signed(std::tanh(7.0)) == model::evaluation_from_signed(std::tanh(8.0)));
  CHECK(model::evaluation_from_tanh_sum(7.0) < model::evaluation_from_tanh_sum(8.0));
  // The player's value is the network's sum so mapped.
  const othello::Game game;
  model::BoardNTupleNet net = random_net(game, 2);
  for (float& w : net.weights()) w *= 40;  // saturated, as learned Othello networks are
  const model::BoardNTupleEvaluator<othello::Game> evaluator{game, std::make_shared<const model::BoardNTupleNet>(net)};
  Rng rng(9);
  for (int round = 0; round < 100; ++round) {
    const auto p = random_position(game, rng.below(40), rng);
    model::BoardNTupleNet::CellStates cells{};
    net.read_cells(game, p, cells);
    REQUIRE(evaluator(p) == model::evaluation_from_tanh_sum(net.sum(cells, game.side_to_move(p))));
  }
}

TEST_CASE("board n-tuple TD: one update by hand", "[learn]") {
  const mnk::Game game(3, 3, 3);
  const CellBoard board = game.cell_board();
  model::BoardNTupleNet net(game.name(), board, {{4}}, false);  // one tuple: the centre cell, 8 readings
  BoardNTupleTd<mnk::Game> td(game, net, 0.0);
  const auto start = game.start();
  td.start(start);
  CHECK(td.afterstate_value(start, 4) == 0.0);
  td.remember(start, 4);  // X takes the centre: every reading sees state 1 (X)
  td.update(1.0, 0.1);
  // error 1, slope 1: each of the 8 readings adds 0.1 to the weight of state 1.
  CHECK(net.weights()[1] == Approx(0.8));
  CHECK(net.weights()[0] == 0.0F);
  CHECK(net.weights()[2] == 0.0F);
  CHECK(td.afterstate_value(start, 4) == Approx(std::tanh(8 * 0.8)));
}

TEST_CASE("board n-tuple self-play learns ModNim's rule exactly", "[learn]") {
  // ModNim(21, 3): leave n sticks with n mod 4 = 1. One cell holding the
  // sticks left, so the network is a table of values by sticks.
  const modnim::Game game(21, 3);
  const LearnSpec spec =
      parse_learn_spec("game = modnim(21,3)\nlearner = ntuple\ngames = 20000\nalpha = 0.1, 0.01\n", "m.spec");
  CHECK(spec.tuples == 1);
  CHECK(spec.tuple_length == 1);
  Training<modnim::Game> training(game, spec, {}, {}, Training<modnim::Game>::fresh_state(game, spec));
  training.play(spec.games);
  const Player<modnim::Game> learned = training.player(1);
  Rng rng(1);
  SearchCounters counters;
  for (int sticks = 2; sticks <= 21; ++sticks) {
    if (sticks % 4 == 1) continue;  // lost whatever is played
    const modnim::Position p{sticks, 0};
    const int taken = choose_move(game, learned, p, MoveOrder::Random, rng, counters);
    INFO(sticks << " sticks, took " << taken);
    CHECK((sticks - taken) % 4 == 1);
  }
}

TEST_CASE("board n-tuple training resumes exactly, and its model file names its game", "[learn][model]") {
  const mnk::Game game(3, 3, 3);
  const LearnSpec spec = parse_learn_spec(
      "game = tictactoe\nlearner = ntuple\ngames = 600\ntuples = 6\nlambda = 0.5\ncurve-every = 200\n", "t.spec");
  Training<mnk::Game> whole(game, spec, {}, {}, Training<mnk::Game>::fresh_state(game, spec));
  whole.play(spec.games);
  Training<mnk::Game> first(game, spec, {}, {}, Training<mnk::Game>::fresh_state(game, spec));
  first.play(251);
  LearnCheckpoint back =
      decode_learn_checkpoint(encode_learn_checkpoint({spec.source, spec.text, spec.hash(), first.state()}), "c.ckpt");
  Training<mnk::Game> second(game, spec, {}, {}, std::move(back.state));
  second.play(1000);
  const std::string bytes = model::encode_model(whole.state().model);
  CHECK(model::encode_model(second.state().model) == bytes);

  // The file round-trips; its game is checked by whoever plays it.
  const model::Model model = model::decode_model(bytes, "m.bin");
  CHECK(std::get<model::BoardNTupleNet>(model.network).game() == "mnk(3,3,3)");
  CHECK(model::encode_model(model) == bytes);
  auto refusal = [&](const auto& other) {
    try {
      (void)model_evaluator(other, model, "m.bin");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK(refusal(game) == "(no error)");
  CHECK_THAT(refusal(mnk::Game(4, 4, 4)), Contains("m.bin:1:1") && Contains("learned for mnk(3,3,3)"));
  CHECK_THAT(refusal(connect4::Game{}), Contains("the game is connect4"));
  // Damage anywhere is a located error, never a crash.
  for (std::size_t cut : {std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
    CHECK_THROWS_AS(model::decode_model(bytes.substr(0, cut), "m.bin"), InputError);
  }
}

TEST_CASE("learning specs of other games: defaults fit the board", "[learn][io]") {
  const LearnSpec t = parse_learn_spec("game = tictactoe\nlearner = ntuple\n", "t.spec");
  CHECK(t.game.text() == "mnk(3,3,3)");
  CHECK(t.tuples == 20);
  CHECK(t.tuple_length == 5);
  // 0.7 of the error over 20 tuples x 8 symmetric readings.
  CHECK(t.alpha.start == Approx(0.7 / 160));
  CHECK(t.alpha.end == Approx(0.14 / 160));
  // The game is part of what the result depends on; Connect4's hash is as before.
  const LearnSpec c = parse_learn_spec("learner = ntuple\n", "c.spec");
  const LearnSpec c2 = parse_learn_spec("game = connect4\nlearner = ntuple\n", "c.spec");
  CHECK(c.hash() == c2.hash());
  LearnSpec t2 = t;
  t2.game = parse_game("mnk(3,3,3,fill)");
  CHECK(t2.hash() != t.hash());
}

TEST_CASE("straight tuples: every line of the grid, one per class of symmetric lines", "[learn][model]") {
  // Othello's 8x8 board: the 10 squares of a symmetric weighted piece
  // counter, Jaśkowski's 32 lines of 2 (288 weights) and 24 of 3.
  const othello::Game othello(8);
  const CellBoard board = othello.cell_board();
  for (const auto& [length, count] : {std::pair{1, 10}, std::pair{2, 32}, std::pair{3, 24}}) {
    const auto lines = model::straight_tuples(board, othello.cell_grid(), length);
    CHECK(static_cast<int>(lines.size()) == count);
    for (const auto& line : lines) CHECK(static_cast<int>(line.size()) == length);
  }
  // Tic-tac-toe's lines of 3: an edge, the middle row and a diagonal.
  const mnk::Game tictactoe(3, 3, 3);
  const auto lines = model::straight_tuples(tictactoe.cell_board(), tictactoe.cell_grid(), 3);
  REQUIRE(lines.size() == 3);
  CHECK(model::straight_tuples(tictactoe.cell_board(), tictactoe.cell_grid(), 4).empty());

  // The spec: the count is the lines', and what does not fit is refused.
  const LearnSpec s =
      parse_learn_spec("game = othello\nlearner = ntuple\ntuple-shape = straight\ntuple-length = 2\n", "s.spec");
  CHECK(s.tuples == 32);
  CHECK(s.straight_tuples);
  CHECK_THAT(test::input_error_of([] {
               (void)parse_learn_spec("game = tictactoe\nlearner = ntuple\ntuple-shape = straight\ntuple-length = 4\n",
                                      "s.spec");
             }),
             Contains("s.spec:4:1") && Contains("no straight line of 4 cells"));
  CHECK_THAT(
      test::input_error_of([] { (void)parse_learn_spec("learner = ntuple\ntuple-shape = straight\n", "s.spec"); }),
      Contains("s.spec:2:1") && Contains("Connect4's network takes random walks"));
  CHECK_THAT(test::input_error_of([] {
               (void)parse_learn_spec("game = othello\nlearner = ntuple\ntuple-shape = straight\ntuples = 9\n",
                                      "s.spec");
             }),
             Contains("s.spec:4:1") && Contains("not 'tuples'"));
}
