// FABLE's learner and player (model/fable.hpp): an empty model plays at
// random, what it learns it values by each heuristic (observed state,
// localities, rotations, neighbours), the choice follows the values,
// training resumes exactly, models round-trip and damage is located.

#include "model/fable.hpp"

#include <catch2/catch.hpp>
#include <map>

#include "io/learn_spec_reader.hpp"
#include "learn/learn_checkpoint.hpp"
#include "learn/training.hpp"
#include "model/model_file.hpp"
#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using namespace evalsynth::learn;
using Catch::Matchers::Contains;

namespace {

std::string spec_error(const std::string& text) {
  return test::input_error_of([&] { (void)parse_learn_spec(text, "f.spec"); });
}

// The model after one game of tic-tac-toe in which X played `cells` (and O
// the cells in `o_cells`), ending as `result`.
template <class G>
void learn_game(const model::FableAgent<G>& agent, const G& game, model::FableModel& m, const std::vector<int>& x_cells,
                const std::vector<int>& o_cells, Status result) {
  std::vector<typename G::Position> positions;
  std::vector<int> moves;
  typename G::Position p = game.start();
  for (std::size_t i = 0; i < x_cells.size() + o_cells.size(); ++i) {
    const int cell = i % 2 == 0 ? x_cells[i / 2] : o_cells[i / 2];
    positions.push_back(p);
    moves.push_back(cell);
    p = game.play(p, cell);
  }
  agent.learn(m, positions, moves, result);
}

}  // namespace

TEST_CASE("FABLE: an empty model plays at random, and each heuristic reads what was learned", "[learn][fable]") {
  const mnk::Game game(3, 3, 3);
  const model::FableAgent<mnk::Game> agent(game);
  model::FableModel m;
  m.game = game.name();
  m.localities = model::FableLocalities::Placed;  // the windows where they sit (contents: below)
  // Empty: every move is worth 0, so the 10 passes accept none and the
  // move is uniformly random.
  std::map<int, int> counts;
  Rng rng(3);
  for (int i = 0; i < 9000; ++i) ++counts[agent.choose(m, game.start(), rng)];
  REQUIRE(counts.size() == 9);
  for (const auto& [cell, n] : counts) CHECK(std::abs(n - 1000) < 130);

  // X wins a game opening in the corner (cell 0): the observed transition
  // is worth P(win) x confidence = 1/1 x 1/(1 + 5) to X.
  learn_game(agent, game, m, {0, 1, 2}, {3, 4}, Status::XWon);
  CHECK(m.games == 1);
  const auto start = game.start();
  CHECK(agent.move_value(m, start, 0) == Approx(1.0 / 6));
  // Rotations: the other corners open the same way turned (pooled, one game).
  for (const int corner : {2, 6, 8}) CHECK(agent.move_value(m, start, corner) == Approx(1.0 / 6));
  // Localities: X never played the centre, O did, so no window knows X
  // there; the 1x1 window of cell 1 saw X play it (empty before) and win.
  CHECK(agent.move_value(m, start, 4) == Approx(0.0));
  CHECK(agent.move_value(m, start, 1) == Approx(1.0 / 6));
  // For O after X's corner, the move O played (3) lost: its undesired end,
  // -P(loss) x confidence = -1/6 (values = signed, the default).
  const auto after = game.play(start, 0);
  CHECK(agent.move_value(m, after, 3) == Approx(-1.0 / 6));
  // Each heuristic on its own. After X 0, O 3, X played 1: the observed
  // state knows it; the board with O's stone in 0 instead of X's is one
  // cell away (and X to move, as the stones are even), so its neighbours do.
  const auto seen = game.play(game.play(start, 0), 3);
  const model::FableOpinions known = agent.opinions(m, seen, 1);
  CHECK(known.observed == Approx(1.0 / 6));
  CHECK(known.neighbours == Approx(0.0));  // no one-cell neighbour of it was seen
  mnk::Game::Position other = seen;
  other.x = 0;
  other.o = seen.o | 1;
  REQUIRE(game.side_to_move(other) == Side::X);
  const model::FableOpinions near = agent.opinions(m, other, 1);
  CHECK(near.observed == Approx(0.0));
  CHECK(near.neighbours == Approx(1.0 / 6));
  // Rotations pool the three turns: X's opening in cell 2 is cell 0 turned.
  const model::FableOpinions turned = agent.opinions(m, start, 2);
  CHECK(turned.observed == Approx(0.0));
  CHECK(turned.rotations == Approx(1.0 / 6));

  // A second game, lost by X after the same opening: 1 win in 2, times
  // 2 / (2 + 5); a third, won: 2 in 3, times 3 / 8. O's reply 1 in the
  // second game won for O: 1 / 6 to O.
  learn_game(agent, game, m, {0, 4, 5}, {1, 2, 3}, Status::OWon);
  CHECK(agent.opinions(m, start, 0).observed == Approx(1.0 / 7));
  CHECK(agent.opinions(m, after, 1).observed == Approx(1.0 / 6));
  learn_game(agent, game, m, {0, 8, 7}, {6, 2}, Status::XWon);
  CHECK(agent.opinions(m, start, 0).observed == Approx(2.0 / 8));
  // The choice follows the values: the best move is played most, a move
  // worth 0 only when every pass fails.
  int best = 0;
  for (int cell = 1; cell < 9; ++cell)
    if (agent.move_value(m, start, cell) > agent.move_value(m, start, best)) best = cell;
  CHECK(agent.move_value(m, start, best) > 0);
  counts.clear();
  for (int i = 0; i < 4000; ++i) ++counts[agent.choose(m, start, rng)];
  for (int cell = 0; cell < 9; ++cell)
    if (cell != best && agent.move_value(m, start, cell) < agent.move_value(m, start, best))
      CHECK(counts[best] > counts[cell]);
}

TEST_CASE("FABLE values: a known loss is negative, the greatest absolute value decides, and the passes never take it",
          "[learn][fable]") {
  const mnk::Game game(3, 3, 3);
  const model::FableAgent<mnk::Game> agent(game);
  model::FableModel m;
  m.game = game.name();
  m.localities = model::FableLocalities::Placed;
  // X opens in the corner and wins three times; opens in the centre and
  // loses three times, once a draw.
  for (int i = 0; i < 3; ++i) learn_game(agent, game, m, {0, 1, 2}, {3, 5}, Status::XWon);
  for (int i = 0; i < 3; ++i) learn_game(agent, game, m, {4, 8, 7}, {0, 1, 2}, Status::OWon);
  learn_game(agent, game, m, {4, 8, 7}, {0, 1, 2}, Status::Drawn);
  const auto start = game.start();
  // signed: the loss's -P(loss) x c = -3/4 x 4/9 = -3/9; net: (0 - 3) / 9;
  // wins: 0 / 9, the same as a move never tried.
  CHECK(agent.opinions(m, start, 4).observed == Approx(-3.0 / 9));
  CHECK(agent.move_value(m, start, 0) == Approx(3.0 / 8));
  m.values = model::FableValues::Net;
  CHECK(agent.opinions(m, start, 4).observed == Approx(-3.0 / 9));
  m.values = model::FableValues::Wins;
  CHECK(agent.opinions(m, start, 4).observed == Approx(0.0));
  // goal: P(goal) = wins / (wins + losses) = 0 / 3, times 4 / 9.
  m.values = model::FableValues::Goal;
  CHECK(agent.opinions(m, start, 4).observed == Approx(0.0));
  CHECK(agent.opinions(m, start, 0).observed == Approx(3.0 / 3 * 3 / 8));
  m.values = model::FableValues::Signed;
  // A win and two losses: the loss is the greater end, -2 / (3 + 5).
  model::FableCounts c{1, 2, 0};
  CHECK(model::FableAgent<mnk::Game>::value_of(c, Side::X, m) == Approx(-2.0 / 8));
  CHECK(model::FableAgent<mnk::Game>::value_of(c, Side::O, m) == Approx(2.0 / 8));
  // goal: a win, two losses and a draw: X's 1/3 and O's 2/3, times 4 / 9;
  // draws alone are no evidence either way.
  m.values = model::FableValues::Goal;
  c.draws = 1;
  CHECK(model::FableAgent<mnk::Game>::value_of(c, Side::X, m) == Approx(1.0 / 3 * 4 / 9));
  CHECK(model::FableAgent<mnk::Game>::value_of(c, Side::O, m) == Approx(2.0 / 3 * 4 / 9));
  CHECK(model::FableAgent<mnk::Game>::value_of(model::FableCounts{0, 0, 4}, Side::X, m) == 0.0);
  m.values = model::FableValues::Signed;
  c.draws = 0;
  // The heuristics' opinions combine by greatest absolute value.
  CHECK(model::FableOpinions{0.2, -0.5, 0.1, 0}.value() == Approx(-0.5));
  CHECK(model::FableOpinions{0.6, -0.5, 0, 0}.value() == Approx(0.6));
  // The choice: the winner (and its turns) taken by the passes; a move
  // valued below 0 only by the random move after ten failed passes, as a
  // move never tried is: so no more often than one.
  const double centre = agent.move_value(m, start, 4);
  REQUIRE(centre < 0);
  int unknown = -1;
  for (int cell = 0; cell < 9; ++cell)
    if (agent.move_value(m, start, cell) == 0) unknown = cell;
  REQUIRE(unknown >= 0);
  std::map<int, int> counts;
  Rng rng(11);
  for (int i = 0; i < 20000; ++i) ++counts[agent.choose(m, start, rng)];
  CHECK(counts[0] > 10 * counts[4]);
  CHECK(counts[4] <= counts[unknown] + 4 * std::sqrt(counts[unknown] + 1.0));
}

TEST_CASE("FABLE: windows away from a difference still know a move, and checkers games are learned", "[learn][fable]") {
  const mnk::FillGame game(4, 4, 3);
  const model::FableAgent<mnk::FillGame> agent(game);
  model::FableModel m;
  m.game = game.name();
  m.localities = model::FableLocalities::Placed;
  // X, O, X, O at 0, 15, 5, 10; then X plays 6 and the game is scored as won.
  learn_game(agent, game, m, {0, 5, 6}, {15, 10}, Status::XWon);
  auto p = game.start();
  for (const int cell : {0, 15, 5, 10}) p = game.play(p, cell);
  CHECK(agent.move_value(m, p, 6) == Approx(1.0 / 6));
  // O's stone in 3 instead of 10: two cells differ, so neither the observed
  // state nor its neighbours know it, but the windows around cell 6 that
  // hold neither 3 nor 10 saw X play 6 and win.
  auto q = game.start();
  for (const int cell : {0, 15, 5, 3}) q = game.play(q, cell);
  CHECK(agent.move_value(m, q, 6) == Approx(1.0 / 6));

  const checkers::Game ck(6);
  const model::FableAgent<checkers::Game> ck_agent(ck);
  model::FableModel cm;
  cm.game = ck.name();
  Rng rng(8);
  // Plays whole games from an empty model (random) and learns them.
  for (int g = 0; g < 20; ++g) {
    std::vector<checkers::Position> positions;
    std::vector<checkers::Move> moves;
    checkers::Position pos = ck.start();
    while (ck.status(pos) == Status::Ongoing) {
      const checkers::Move mv = ck_agent.choose(cm, pos, rng);
      positions.push_back(pos);
      moves.push_back(mv);
      pos = ck.play(pos, mv);
    }
    ck_agent.learn(cm, positions, moves, ck.status(pos));
  }
  CHECK(cm.games == 20);
  CHECK(cm.transitions.size() > 1000);
}

TEST_CASE("FABLE localities by contents: what a window learned in one place it knows in every other",
          "[learn][fable]") {
  const mnk::Game game(3, 3, 3);
  const model::FableAgent<mnk::Game> agent(game);
  model::FableModel contents, placed;
  contents.game = placed.game = game.name();
  placed.localities = model::FableLocalities::Placed;
  REQUIRE(contents.localities == model::FableLocalities::Contents);  // the default
  learn_game(agent, game, contents, {0, 1, 2}, {3, 4}, Status::XWon);
  learn_game(agent, game, placed, {0, 1, 2}, {3, 4}, Status::XWon);
  // X never played the centre. By contents its 1 x 1 window (empty, X's
  // stone put there) is the one X filled three times in a won game: 3 / 8;
  // placed, no window there saw X.
  const auto start = game.start();
  CHECK(agent.opinions(contents, start, 4).locality == Approx(3.0 / 8));
  CHECK(agent.opinions(placed, start, 4).locality == Approx(0.0));
  // The same games give fewer distinct transitions by contents: windows
  // alike wherever they sit share one.
  CHECK(contents.transitions.size() < placed.transitions.size());
  Rng rng(4);
  const mnk::FillGame fill(4, 4, 3);
  const model::FableAgent<mnk::FillGame> fill_agent(fill);
  model::FableModel a, b;
  a.game = b.game = fill.name();
  b.localities = model::FableLocalities::Placed;
  for (int g = 0; g < 200; ++g) {
    std::vector<mnk::FillGame::Position> positions;
    std::vector<int> moves;
    auto p = fill.start();
    while (fill.status(p) == Status::Ongoing) {
      const int m = fill_agent.choose(b, p, rng);
      positions.push_back(p);
      moves.push_back(m);
      p = fill.play(p, m);
    }
    fill_agent.learn(a, positions, moves, fill.status(p));
    fill_agent.learn(b, positions, moves, fill.status(p));
  }
  CHECK(a.transitions.size() < b.transitions.size());
  // An empty model's choice is counted as a random one, every move valued 0.
  model::FableTally tally;
  (void)agent.choose(model::FableModel{}, start, rng, &tally);
  CHECK(tally == model::FableTally{1, 1, 9, 0, 9});
}

TEST_CASE("FABLE training: resumes exactly, and its model plays and round-trips", "[learn][fable][model]") {
  const std::string text = "game = checkers(4)\nlearner = fable\nopponents = random\nlearner-side = x\ngames = 300\n";
  const LearnSpec spec = parse_learn_spec(text, "f.spec");
  CHECK(spec.curve_every == 100);  // the thesis's blocks
  const checkers::Game game(4);
  Training<checkers::Game> whole(game, spec, {builtin_player(game, "random", 1)}, {},
                                 Training<checkers::Game>::fresh_state(game, spec));
  whole.play(spec.games);
  Training<checkers::Game> first(game, spec, {builtin_player(game, "random", 1)}, {},
                                 Training<checkers::Game>::fresh_state(game, spec));
  first.play(123);
  LearnCheckpoint back =
      decode_learn_checkpoint(encode_learn_checkpoint({spec.source, spec.text, spec.hash(), first.state()}), "c.ckpt");
  Training<checkers::Game> second(game, spec, {builtin_player(game, "random", 1)}, {}, std::move(back.state));
  second.play(1000);
  const std::string bytes = model::encode_model(whole.state().model);
  CHECK(model::encode_model(second.state().model) == bytes);
  // Its choices counted, through the checkpoint too.
  CHECK(whole.state().fable_tally.choices > 300);
  CHECK(whole.state().fable_tally.random_choices > 0);
  CHECK(second.state().fable_tally == whole.state().fable_tally);
  REQUIRE(whole.state().curve.size() == 3);
  for (const CurveRow& row : whole.state().curve) CHECK(row.wins + row.draws + row.losses == 100);

  const model::Model m = model::decode_model(bytes, "m.bin");
  CHECK(std::get<model::FableModel>(m.network).transitions ==
        std::get<model::FableModel>(whole.state().model.network).transitions);
  CHECK(model::encode_model(m) == bytes);
  CHECK_THROWS_WITH(model_evaluator(game, m, "m.bin"), Contains("m.bin:1:1") && Contains("no evaluation to search"));
  for (std::size_t cut : {std::size_t{10}, bytes.size() / 2, bytes.size() - 1})
    CHECK_THROWS_AS(model::decode_model(bytes.substr(0, cut), "m.bin"), InputError);
}

TEST_CASE("FABLE model files keep their value rule, and files from before value rules read as wins",
          "[learn][fable][model]") {
  model::FableModel m;
  m.game = "tictactoe";
  m.transitions[42] = {3, 1, 0};
  model::Model file;
  for (const model::FableLocalities l : {model::FableLocalities::Contents, model::FableLocalities::Placed})
    for (const model::FableValues v : model::kFableValues) {
      m.values = v;
      m.localities = l;
      file.network = m;
      const std::string bytes = model::encode_model(file);
      const model::Model back = model::decode_model(bytes, "m.bin");
      CHECK(std::get<model::FableModel>(back.network).values == v);
      CHECK(std::get<model::FableModel>(back.network).localities == l);
      // placed: the layouts and words of the files written before keyed
      // localities (wins: before value rules too)
      const bool placed = l == model::FableLocalities::Placed;
      CHECK((bytes.find("fable-keyed") != std::string::npos) == !placed);
      CHECK((bytes.find("fable-valued") != std::string::npos) == (placed && v != model::FableValues::Wins));
    }
  const LearnSpec spec = parse_learn_spec("game = tictactoe\nlearner = fable\nvalues = net\n", "f.spec");
  CHECK(spec.fable_values == model::FableValues::Net);
  CHECK(parse_learn_spec("game = tictactoe\nlearner = fable\n", "f.spec").fable_values == model::FableValues::Signed);
  CHECK(spec.hash() != parse_learn_spec("game = tictactoe\nlearner = fable\n", "f.spec").hash());
  const LearnSpec placed = parse_learn_spec("game = tictactoe\nlearner = fable\nlocalities = placed\n", "f.spec");
  CHECK(placed.fable_localities == model::FableLocalities::Placed);
  CHECK(parse_learn_spec("game = tictactoe\nlearner = fable\n", "f.spec").fable_localities ==
        model::FableLocalities::Contents);
  CHECK(placed.hash() != parse_learn_spec("game = tictactoe\nlearner = fable\n", "f.spec").hash());
}

TEST_CASE("FABLE specs: errors are located", "[learn][fable][errors]") {
  const std::string head = "game = tictactoe\nlearner = fable\n";
  CHECK(spec_error(head) == "(no error)");
  CHECK_THAT(spec_error(head + "alpha = 0.1\n"),
             Contains("f.spec:3:1") && Contains("does not apply to learner = fable"));
  CHECK_THAT(spec_error(head + "learner-side = x\n"), Contains("applies when the learner has opponents"));
  CHECK_THAT(spec_error(head + "opponents = random\nlearner-side = left\n"),
             Contains("f.spec:4:16") && Contains("one of both, x, o, none"));
  CHECK_THAT(spec_error("learner = fable\n"), Contains("connect4 has none to show it"));
  CHECK_THAT(spec_error("game = tictactoe\nlearner = ntuple\nconfidence = 3\n"),
             Contains("applies to learner = fable"));
  CHECK_THAT(spec_error(head + "values = half\n"), Contains("f.spec:3:10") && Contains("signed, net, wins, goal"));
  CHECK_THAT(spec_error(head + "localities = where\n"), Contains("f.spec:3:14") && Contains("contents, placed"));
  CHECK_THAT(spec_error("game = tictactoe\nlearner = ntuple\nlocalities = placed\n"),
             Contains("f.spec:3:1") && Contains("localities applies to learner = fable"));
  CHECK_THAT(spec_error("game = tictactoe\nlearner = ntuple\nvalues = net\n"),
             Contains("f.spec:3:1") && Contains("values applies to learner = fable"));
  CHECK_THAT(spec_error(head + "start-model = /nonexistent/m.bin\n"), Contains("f.spec:3:15"));
  CHECK_THAT(spec_error("game = tictactoe\nlearner = ntuple\nopponents = random\nlearner-side = none\n"),
             Contains("applies to learner = fable"));
}
