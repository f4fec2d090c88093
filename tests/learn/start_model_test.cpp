// `start-model` for n-tuple networks: a run goes on from a model's weights,
// takes its network's settings where the spec is silent, and refuses a model
// that disagrees with the spec at the key that disagrees.

#include <catch2/catch.hpp>

#include "io/learn_spec_reader.hpp"
#include "learn/training.hpp"
#include "model/model_file.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using namespace evalsynth::learn;
using Catch::Matchers::Contains;

namespace {

// Trains `text`'s network for its games and writes it to `path`.
template <class G>
void train_to(const G& game, const std::string& text, const std::string& path) {
  const LearnSpec spec = parse_learn_spec(text, "first.spec");
  Training<G> training(game, spec, {}, {}, Training<G>::fresh_state(game, spec));
  training.play(spec.games);
  model::write_model(training.state().model, path);
}

std::string spec_error(const std::string& text) {
  return test::input_error_of([&] { (void)parse_learn_spec(text, "s.spec"); });
}

}  // namespace

TEST_CASE("an n-tuple run starts from a model's network and takes its settings", "[learn][start-model]") {
  const test::ScratchFolder dir("start-model");
  const std::string first = dir / "first.bin";
  train_to(connect4::Game{},
           "learner = ntuple\ngames = 300\ntuples = 5\ntuple-length = 4\ncell-states = 3\nside-tables = off\n", first);
  const auto trained = std::get<model::NTupleNet>(model::read_model(first).network);

  const LearnSpec spec = parse_learn_spec("learner = ntuple\ngames = 100\nstart-model = " + first + "\n", "s.spec");
  CHECK(spec.tuples == 5);
  CHECK(spec.tuple_length == 4);
  CHECK(spec.cell_states == 3);
  CHECK_FALSE(spec.per_side_tables);
  const TrainingState state = Training<connect4::Game>::fresh_state(connect4::Game{}, spec);
  const auto& start = std::get<model::NTupleNet>(state.model.network);
  CHECK(start.tuples() == trained.tuples());
  CHECK(start.weights() == trained.weights());

  // It learns on from there: the weights move, and its settings stay.
  Training<connect4::Game> training(connect4::Game{}, spec, {}, {}, state);
  training.play(spec.games);
  const auto& after = std::get<model::NTupleNet>(training.state().model.network);
  CHECK(after.tuples() == trained.tuples());
  CHECK(after.weights() != trained.weights());

  // Settings the spec repeats must agree; a disagreeing one is blamed at its line.
  const std::string head = "learner = ntuple\nstart-model = " + first + "\n";
  CHECK(spec_error(head + "tuples = 5\ncell-states = 3\nside-tables = off\n") == "(no error)");
  CHECK_THAT(spec_error(head + "tuples = 6\n"),
             Contains("s.spec:3:1") && Contains("tuples differs from the start model's (5)"));
  CHECK_THAT(spec_error(head + "tuple-length = 8\n"), Contains("s.spec:3:1") && Contains("(4)"));
  CHECK_THAT(spec_error(head + "cell-states = 4\n"), Contains("cell-states differs") && Contains("(3)"));
  CHECK_THAT(spec_error(head + "side-tables = on\n"), Contains("side-tables differs") && Contains("(off)"));
  // Another game, another learner, a model that does not read.
  CHECK_THAT(spec_error("game = tictactoe\n" + head),
             Contains("s.spec:3:15") && Contains("is Connect4's n-tuple network, and this spec's game is mnk(3,3,3)"));
  CHECK_THAT(spec_error("learner = thesis-net\nstart-model = " + first + "\n"),
             Contains("s.spec:2:15") && Contains("start-model applies to learner = fable or ntuple"));
  CHECK_THAT(spec_error("learner = fable\ngame = tictactoe\nstart-model = " + first + "\n"),
             Contains("s.spec:3:15") && Contains("is not a FABLE model"));
  // TCL's counters start afresh, one pair per weight of the start model's network.
  const LearnSpec tcl = parse_learn_spec(head + "tcl = on\n", "s.spec");
  const TrainingState with_tcl = Training<connect4::Game>::fresh_state(connect4::Game{}, tcl);
  CHECK(with_tcl.tcl.sum.size() == trained.weights().size());
  CHECK(with_tcl.tcl.magnitude.size() == trained.weights().size());
  test::write_file(dir / "damaged.bin", "not a model");
  CHECK_THAT(spec_error("learner = ntuple\nstart-model = " + dir / "damaged.bin\n"),
             Contains("s.spec:2:15") && Contains("does not read"));
}

TEST_CASE("another game's n-tuple run starts from a model of that game only", "[learn][start-model]") {
  const test::ScratchFolder dir("start-model-board");
  const std::string first = dir / "first.bin";
  train_to(mnk::Game(3, 3, 3), "game = tictactoe\nlearner = ntuple\ngames = 200\ntuples = 6\ntuple-length = 3\n",
           first);
  const auto trained = std::get<model::BoardNTupleNet>(model::read_model(first).network);
  const LearnSpec spec =
      parse_learn_spec("game = tictactoe\nlearner = ntuple\nstart-model = " + first + "\n", "s.spec");
  CHECK(spec.tuples == 6);
  CHECK(spec.tuple_length == 3);
  const TrainingState state = Training<mnk::Game>::fresh_state(mnk::Game(3, 3, 3), spec);
  CHECK(std::get<model::BoardNTupleNet>(state.model.network).weights() == trained.weights());
  CHECK_THAT(spec_error("game = mnk(4,4,3)\nlearner = ntuple\nstart-model = " + first + "\n"),
             Contains("s.spec:3:15") && Contains("was learned for mnk(3,3,3), and this spec's game is mnk(4,4,3)"));
  CHECK_THAT(spec_error("learner = ntuple\nstart-model = " + first + "\n"),
             Contains("s.spec:2:15") && Contains("was learned for mnk(3,3,3), and this spec's game is connect4"));
  // Another game's default step follows the model's tuples: 0.7 / (6 tuples x 8 symmetries) at first.
  CHECK(spec.alpha.start == Approx(0.7 / 48));
  // A FABLE model starts no n-tuple run, and a damaged file no run at all, even for a learner that has none.
  const std::string fable = dir / "fable.bin";
  train_to(mnk::Game(3, 3, 3), "game = tictactoe\nlearner = fable\ngames = 50\n", fable);
  CHECK_THAT(spec_error("game = tictactoe\nlearner = ntuple\nstart-model = " + fable + "\n"),
             Contains("s.spec:3:15") && Contains("is not an n-tuple network (it is a fable model)"));
  test::write_file(dir / "damaged.bin", "not a model");
  CHECK_THAT(spec_error("learner = thesis-net\nstart-model = " + dir / "damaged.bin\n"),
             Contains("s.spec:2:15") && Contains("applies to learner = fable or ntuple"));
}
