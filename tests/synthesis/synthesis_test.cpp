#include "synthesis/synthesis.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "io/run_output.hpp"
#include "io/spec.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "test_support.hpp"
#include "tournament/fitness.hpp"
#include "tournament/strength.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

using test::InSourceDir;
using test::spec_error_of;

}  // namespace

TEST_CASE("the thesis scoring matches games played by hand", "[synthesis][scoring]") {
  // IBEF against IBEF from the empty board, left to right: every game is
  // determined, so play them directly and compare with the fitness.
  FitnessTask<connect4::Game> task;
  task.boards = {connect4::Position{}, connect4::Position{}.played(3)};
  task.opponents = {{builtin_player(connect4::Game{}, "ibef", 2)}};
  task.configs = {{Side::X, 1, 0, 2}, {Side::O, 1, 0, 2}, {Side::X, 2, 0, 2}, {Side::O, 2, 0, 2}};
  task.settings = {MoveOrder::LeftToRight};
  const Candidate<connect4::Game> ibef{EvaluatorOf<connect4::Game>{connect4::ibef_evaluator()}, 42};
  const Fitness f = evaluate_fitness({ibef}, task, 1).front();
  Fitness expected;
  for (const connect4::Position& board : task.boards)
    for (const FitnessConfig& c : task.configs) {
      Player<connect4::Game> me = builtin_player(connect4::Game{}, "ibef", c.candidate_depth),
                             them = builtin_player(connect4::Game{}, "ibef", c.opponent_depth);
      Rng rng(0);
      const bool x = c.candidate_side == Side::X;
      const GameRecord g = play_game(task.game, x ? me : them, x ? them : me, board, task.settings, rng);
      ++expected.games;
      if (g.outcome == (x ? Outcome::XWin : Outcome::OWin)) {
        ++expected.wins;
        expected.moves_to_win += g.plies;
      } else if (g.outcome == Outcome::Draw) {
        ++expected.draws;
      }
    }
  CHECK(f.games == 8);
  CHECK(f.wins == expected.wins);
  CHECK(f.draws == expected.draws);
  CHECK(f.moves_to_win == expected.moves_to_win);
  // Ties in games won go to fewer moves needed to win; draws count as not won.
  Fitness a, b;
  a.wins = b.wins = 3;
  a.moves_to_win = 40;
  b.moves_to_win = 50;
  CHECK(a.better_than(b, Scoring{GameScoring::Thesis}));
  b.draws = 5;
  CHECK(a.better_than(b, Scoring{GameScoring::Thesis}));
  CHECK(b.better_than(a, Scoring{GameScoring::Points}));
}

TEST_CASE("a run gives the same result for 1 and 2 threads", "[synthesis][determinism]") {
  InSourceDir here;
  const std::string text =
      "grammar = grammar/features.grammar\nseeds = grammar/examples/adate2005.eval\nopponents = "
      "ibef@1\ncandidate-depths = 1\n"
      "training-boards = shallow\nvalidation-boards = random(20)\npopulation = 16\ngenerations = 4\nmax-size = "
      "200\nmax-depth = 40\n"
      "init-depth = 3\nmove-order = random\nscoring = points\n";
  RunSpec spec = parse_spec(text, "t.spec");
  spec.threads = 1;
  Synthesis one(spec);
  one.run({});
  spec.threads = 2;
  Synthesis two(spec);
  two.run({});
  REQUIRE(one.log().size() == 4);
  REQUIRE(two.log().size() == 4);
  for (std::size_t g = 0; g < 4; ++g) {
    CHECK(one.log()[g].best_training == two.log()[g].best_training);
    CHECK(one.log()[g].mean_training == two.log()[g].mean_training);
    CHECK(one.log()[g].best_validation == two.log()[g].best_validation);
    CHECK(one.log()[g].evaluations == two.log()[g].evaluations);
  }
  CHECK(answer_text(one) == answer_text(two));
  CHECK(one.hall_of_fame().front().program == two.hall_of_fame().front().program);
  // The answer is derived by the grammar and its recorded validation score is real.
  const Fitness again =
      evaluate_fitness(
          {{evaluator_for(connect4::Game{}, one.hall_of_fame().front().program), one.hall_of_fame().front().hash}},
          task_of<connect4::Game>(one.game(), RunGame::Task::Validation), 2)
          .front();
  CHECK(again.wins == one.hall_of_fame().front().validation.wins);
}

TEST_CASE("evolution improves on a weak seed", "[synthesis]") {
  InSourceDir here;
  const std::string text =
      "grammar = grammar/features.grammar\nopponents = ibef@1\ncandidate-depths = 1\ntraining-boards = shallow\n"
      "validation-boards = random(30)\npopulation = 30\ngenerations = 8\nmax-size = 60\nmax-depth = 10\ninit-depth = "
      "3\n";
  Synthesis run(parse_spec(text, "t.spec"));
  run.run({});
  CHECK(run.log().back().best_training > run.log().front().best_training);
}

TEST_CASE("a run with strength positions reports the answer's mistake rate", "[synthesis][strength]") {
  InSourceDir here;
  const std::string text =
      "grammar = grammar/features.grammar\nopponents = ibef@1\ncandidate-depths = 1\ntraining-boards = shallow\n"
      "validation-boards = random(10)\npopulation = 10\ngenerations = 2\nmax-size = 60\nmax-depth = 10\ninit-depth = "
      "3\n"
      "strength-positions = tests/data/late.analysis\nstrength-depth = 2\n";
  Synthesis run(parse_spec(text, "t.spec"));
  run.run({});
  const double rate = run.log().back().answer_mistake_rate;
  CHECK(rate >= 0.0);
  CHECK(rate <= 1.0);
  // The same measure as the strength command gives.
  const auto positions = connect4::read_analysis_file("tests/data/late.analysis");
  const Player<connect4::Game> answer{"answer", 2, evaluator_for(connect4::Game{}, run.hall_of_fame().front().program)};
  CHECK(measure_strength(connect4::Game{}, answer, positions, MoveOrder::Random, 1, 1).rate() == rate);
  CHECK_THAT(answer_text(run), Contains("mistake rate against perfect play at depth 2"));
  CHECK_THAT(log_csv(run), Contains("answer_mistake_rate"));
}

TEST_CASE("the archive keeps, per size, only programs better than every smaller one", "[synthesis][archive]") {
  InSourceDir here;
  const std::string text =
      "grammar = grammar/features.grammar\nseeds = grammar/examples/ibef.eval\nopponents = ibef@1\ncandidate-depths = "
      "1\n"
      "training-boards = shallow\nvalidation-boards = random(20)\npopulation = 24\ngenerations = 12\nmax-size = "
      "260\nmax-depth = 48\n"
      "init-depth = 3\nalgorithm = archive\narchive-per-size = 2\nscoring = points\n";
  RunSpec spec = parse_spec(text, "a.spec");
  spec.threads = 1;
  Synthesis run(spec);
  int checked = 0;
  RunHooks hooks;
  hooks.on_generation = [&](const GenerationLog&) {
    // The state is the archive followed by the next generation's offspring.
    const std::vector<Individual>& all = run.state().population;
    REQUIRE(all.size() > static_cast<std::size_t>(spec.population));
    const std::vector<Individual> archive(all.begin(), all.end() - spec.population);
    std::map<std::size_t, int> per_size;
    std::optional<Fitness> best_smaller;
    for (std::size_t i = 0; i < archive.size(); ++i) {
      const Individual& a = archive[i];
      if (i > 0) CHECK(archive[i - 1].program.size() <= a.program.size());
      if (best_smaller && !(i > 0 && archive[i - 1].program.size() == a.program.size())) {
        CHECK(a.training.better_than(*best_smaller, spec.scoring));
      }
      CHECK(++per_size[a.program.size()] <= 2);
      if (i + 1 == archive.size() || archive[i + 1].program.size() != a.program.size()) {
        // the best of this size is the first of its group
        const Individual& best = archive[i + 1 - static_cast<std::size_t>(per_size[a.program.size()])];
        best_smaller = best.training;
      }
    }
    ++checked;
  };
  run.run(hooks);
  CHECK(checked == 12);
  CHECK(run.log().back().best_training >= run.log().front().best_training);
  // And the same run with two threads.
  spec.threads = 2;
  Synthesis two(spec);
  two.run();
  CHECK(answer_text(two) == answer_text(run));
  CHECK_THAT(spec_error_of("algorithm = archive\nrestart-every = 5\n"),
             Contains("s.spec:2:1: error: restart-every belongs to the generational algorithm"));
  CHECK_THAT(spec_error_of("algorithm = adate\n"),
             Contains("'algorithm' is one of generational, archive, islands, hillclimb, not 'adate'"));
}

TEST_CASE("perfect opponents play from their own boards, the others from the run's", "[synthesis][perfect]") {
  InSourceDir here;
  const std::string text =
      "grammar = grammar/features.grammar\nseeds = grammar/examples/adate2005.eval\nopponents = ibef@1, "
      "perfect:0.1\ncandidate-depths = 1\ntraining-boards = shallow\nvalidation-boards = random(20)\n"
      "perfect-training-boards = file(\"tests/data/late.analysis\")\n"
      "perfect-validation-boards = file(\"tests/data/late.analysis\")\npopulation = 6\ngenerations = 1\n"
      "max-size = 200\nmax-depth = 40\ninit-depth = 3\nscoring = points\n";
  const RunSpec spec = parse_spec(text, "s.spec");
  Synthesis run(spec);
  for (const FitnessTask<connect4::Game>* task : {&task_of<connect4::Game>(run.game(), RunGame::Task::Training),
                                                  &task_of<connect4::Game>(run.game(), RunGame::Task::Validation)}) {
    REQUIRE(task->opponents.size() == 2);
    CHECK(task->opponents[0].boards.empty());        // IBEF: the run's boards
    CHECK(task->opponents[1].boards.size() == 300);  // perfect: the file's
    CHECK(task->games_per_candidate() == (task->boards.size() + 300) * 2);
  }
  CHECK(task_of<connect4::Game>(run.game(), RunGame::Task::Training).boards.size() == 57);
  CHECK(task_of<connect4::Game>(run.game(), RunGame::Task::Training).opponents[1].player.is_perfect());
  // The boards are part of what the run is: another file, another hash.
  std::string other = text;
  other.replace(other.find("tests/data/late.analysis"), 24, "specs/positions/test.analysis");
  CHECK(spec.hash() != parse_spec(other, "s.spec").hash());
  run.run();
  CHECK(run.state().generation == 1);
}

TEST_CASE("self-play: the current answer is a training opponent, never a validation one", "[synthesis][self-play]") {
  InSourceDir here;
  const std::string text =
      "grammar = grammar/features.grammar\nseeds = grammar/examples/adate2005.eval\nopponents = ibef@1, "
      "answer@1-2\ncandidate-depths = 1\n"
      "training-boards = shallow\nvalidation-boards = random(20)\npopulation = 16\ngenerations = 6\nmax-size = "
      "200\nmax-depth = 40\n"
      "init-depth = 3\nscoring = points\n";
  RunSpec spec = parse_spec(text, "s.spec");
  Synthesis run(spec);
  CHECK(task_of<connect4::Game>(run.game(), RunGame::Task::Training).opponents.size() == 3);
  CHECK(task_of<connect4::Game>(run.game(), RunGame::Task::Training).opponents[1].player.label() == "ANSWER@1");
  CHECK(task_of<connect4::Game>(run.game(), RunGame::Task::Validation).opponents.size() == 1);
  CHECK(task_of<connect4::Game>(run.game(), RunGame::Task::Training).configs.size() ==
        3 * task_of<connect4::Game>(run.game(), RunGame::Task::Validation).configs.size());
  // Each generation plays against the answer the previous one left.
  auto value = [](const EvaluatorOf<connect4::Game>& e, const connect4::Position& p) { return evaluate(e, p); };
  std::optional<lang::Program> previous_answer;
  int compared = 0;
  RunHooks hooks;
  hooks.on_generation = [&](const GenerationLog&) {
    if (previous_answer) {
      const EvaluatorOf<connect4::Game>& opponent = std::get<EvaluatorOf<connect4::Game>>(
          task_of<connect4::Game>(run.game(), RunGame::Task::Training).opponents[1].player.brain);
      const EvaluatorOf<connect4::Game> expected = evaluator_for(connect4::Game{}, *previous_answer);
      connect4::Position p;
      for (int col : {3, 3, 2, 4, 4, 1, 0, 6, 5}) {
        p = p.played(col);
        CHECK(value(opponent, p) == value(expected, p));
        ++compared;
      }
    }
    previous_answer = run.hall_of_fame().front().program;
  };
  run.run(hooks);
  CHECK(compared == 9 * 5);
  // The answer's recorded validation score is reproducible: validation does
  // not depend on the answer.
  const Fitness again =
      evaluate_fitness(
          {{evaluator_for(connect4::Game{}, run.hall_of_fame().front().program), run.hall_of_fame().front().hash}},
          task_of<connect4::Game>(run.game(), RunGame::Task::Validation), 2)
          .front();
  CHECK(again.wins == run.hall_of_fame().front().validation.wins);
  CHECK(again.draws == run.hall_of_fame().front().validation.draws);
  spec.threads = 1;
  Synthesis one(spec);
  one.run();
  CHECK(answer_text(one) == answer_text(run));
  CHECK_THAT(spec_error_of("opponents = answer@2\n"),
             Contains("s.spec:1:1: error: opponents need one besides answer@D"));
  CHECK_THAT(spec_error_of("opponents = hall3@2, answer@1\n"), Contains("opponents need one besides"));

  // hallK@D: the K best of the hall of fame, ranked as the hall is.
  const std::string hall_text = std::string(text).replace(text.find("answer@1-2"), 10, "hall2@1");
  Synthesis hall(parse_spec(hall_text, "h.spec"));
  REQUIRE(task_of<connect4::Game>(hall.game(), RunGame::Task::Training).opponents.size() == 3);
  CHECK(task_of<connect4::Game>(hall.game(), RunGame::Task::Training).opponents[2].player.label() == "HALL2@1");
  std::vector<lang::Program> previous_hall;
  int ranked = 0;
  RunHooks hall_hooks;
  hall_hooks.on_generation = [&](const GenerationLog&) {
    if (previous_hall.size() >= 2) {
      connect4::Position p;
      for (int col : {3, 2, 4, 4, 1}) {
        p = p.played(col);
        for (std::size_t rank = 0; rank < 2; ++rank)
          CHECK(
              value(std::get<EvaluatorOf<connect4::Game>>(
                        task_of<connect4::Game>(hall.game(), RunGame::Task::Training).opponents[1 + rank].player.brain),
                    p) == value(evaluator_for(connect4::Game{}, previous_hall[rank]), p));
      }
      ++ranked;
    }
    previous_hall.clear();
    for (const HallEntry& h : hall.hall_of_fame()) previous_hall.push_back(h.program);
  };
  hall.run(hall_hooks);
  CHECK(ranked == 5);
}

TEST_CASE("depth pairing: equal depths play only opponents as deep as the candidate", "[synthesis][depth-pairing]") {
  InSourceDir here;
  const std::string common =
      "opponents = ibef@1-3, adate@2, random\ncandidate-depths = 1, 2, 3\ncolours = x, o\n"
      "training-boards = shallow\nvalidation-boards = random(4)\npopulation = 8\n";
  const Synthesis all(parse_spec(common, "s.spec"));
  const Synthesis equal(parse_spec(common + "depth-pairing = equal\n", "s.spec"));
  // Five opponents (ibef@1, ibef@2, ibef@3, adate@2, random) x 3 depths x 2 colours.
  CHECK(task_of<connect4::Game>(all.game(), RunGame::Task::Training).configs.size() == 5 * 3 * 2);
  // Equal: ibef at its one depth each, adate at 2, random at all three.
  std::vector<std::pair<int, int>> pairs;
  for (const FitnessConfig& c : task_of<connect4::Game>(equal.game(), RunGame::Task::Training).configs) {
    CHECK((c.opponent_depth == 0 || c.opponent_depth == c.candidate_depth));
    if (c.candidate_side == Side::X) pairs.emplace_back(c.candidate_depth, c.opponent);
  }
  CHECK(pairs == std::vector<std::pair<int, int>>{{1, 0}, {2, 1}, {3, 2}, {2, 3}, {1, 4}, {2, 4}, {3, 4}});
  CHECK(task_of<connect4::Game>(equal.game(), RunGame::Task::Validation).configs.size() ==
        task_of<connect4::Game>(equal.game(), RunGame::Task::Training).configs.size());
}
