#include "cli/bench_games.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "cli/bench_timing.hpp"
#include "game/perft.hpp"
#include "games/registry.hpp"
#include "lang/parse.hpp"
#include "tournament/evaluators.hpp"
#include "tournament/fitness.hpp"
#include "tournament/start_boards.hpp"

namespace evalsynth {
namespace {

template <Game G>
void bench_game(const G& game, int reps, double connect4_nodes_per_second, double connect4_ns) {
  const auto references = game.reference_programs();
  FitnessTask<G> task;
  task.game = game;
  task.boards = random_game_boards(game, 100, 2005, {});
  task.opponents = {{builtin_player(game, references[0].name, 2)}};
  task.configs = {{Side::X, 1, 0, 2}, {Side::O, 1, 0, 2}, {Side::X, 2, 0, 2}, {Side::O, 2, 0, 2}};
  task.settings = {MoveOrder::LeftToRight};
  const Player<G> candidate = builtin_player(game, references[1].name, 1);
  const std::vector<Candidate<G>> candidates = {{std::get<EvaluatorOf<G>>(candidate.brain), 1}};
  std::vector<double> seconds;
  Fitness fitness;
  for (int r = 0; r <= reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    fitness = evaluate_fitness(candidates, task, 1).front();
    if (r > 0) seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::nth_element(seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2), seconds.end());
  const double median = seconds[seconds.size() / 2];
  const double nodes_per_second = static_cast<double>(fitness.nodes) / median;
  std::printf("  %-16s %6d games  %9.0f games/s  %8.2f Mnodes/s  %6.2fx Connect4's nodes/s\n", game.name().c_str(),
              fitness.games, fitness.games / median, nodes_per_second / 1e6,
              nodes_per_second / connect4_nodes_per_second);
  std::vector<typename G::Position> positions;
  Rng rng(7);
  while (positions.size() < 4096) {
    typename G::Position p = game.start();
    for (int plies = rng.below(game.max_plies()); plies > 0 && game.status(p) == Status::Ongoing; --plies)
      p = game.play(p, random_move(game, p, rng));
    positions.push_back(p);
  }
  for (const ReferenceProgram& r : references) {
    const Player<G> player = builtin_player(game, r.name, 1);
    const double ns = visit_evaluator(std::get<EvaluatorOf<G>>(player.brain), [&](const auto& evaluator) {
      return nanoseconds_per_evaluation(evaluator, positions, std::max(1, reps * 5));
    });
    std::printf("    %-30s %8.2f ns per evaluation  %6.2fx native IBEF\n", std::string(r.name).c_str(), ns,
                ns / connect4_ns);
  }
}

// Search nodes/s of the engine alone: both sides a constant evaluator (the
// program `0`) at depth 4 from 100 random boards, as X and O, the median of
// the repetitions. What a game file's generic engine costs next to the
// built-in engine of the same rules, whatever evaluators they are given.
template <Game G>
double engine_nodes_per_second(const G& game, int reps) {
  // The default family's programs have no `game` line (games/registry.hpp).
  const std::string zero = (G::kFamily == kDefaultFamily ? "" : "game " + game.name() + "\n") + "0";
  const Player<G> constant{"ZERO", 4, evaluator_for(game, lang::parse_program(zero, "<zero>"))};
  FitnessTask<G> task;
  task.game = game;
  task.boards = random_game_boards(game, 100, 2005, {});
  task.opponents = {{constant}};
  task.configs = {{Side::X, 4, 0, 4}, {Side::O, 4, 0, 4}};
  task.settings = {MoveOrder::LeftToRight};
  const std::vector<Candidate<G>> candidates = {{std::get<EvaluatorOf<G>>(constant.brain), 4}};
  std::vector<double> seconds;
  Fitness fitness;
  for (int r = 0; r <= reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    fitness = evaluate_fitness(candidates, task, 1).front();
    if (r > 0) seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::nth_element(seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2), seconds.end());
  return static_cast<double>(fitness.nodes) / seconds[seconds.size() / 2];
}

template <Game Builtin, Game FromFile>
void compare_engines(const Builtin& builtin, const FromFile& file, int reps) {
  const double a = engine_nodes_per_second(builtin, reps), b = engine_nodes_per_second(file, reps);
  std::printf("  %-22s %8.2f Mnodes/s   as a game file, %-22s %8.2f Mnodes/s  %6.2fx\n", builtin.name().c_str(),
              a / 1e6, file.name().c_str(), b / 1e6, b / a);
}

}  // namespace

void bench_games(int reps, double connect4_nodes_per_second, double connect4_ns) {
  std::printf(
      "\nother games: a fitness workload on one thread (the second reference program against the first at\n"
      "depth 2, as X and O at depths 1 and 2, from 100 random boards), and the references' cost\n");
  for (const char* name : {"mnk(3,3,3)", "mnk(5,5,4)", "adjacent4(8,6)", "modnim(100,3)", "checkers(8)"})
    with_game(parse_game(name), [&](const auto& game) {
      if constexpr (HasReferencePrograms<std::decay_t<decltype(game)>>)
        bench_game(game, reps, connect4_nodes_per_second, connect4_ns);
    });
  std::printf(
      "\nthe engine alone (a constant evaluator, depth 4, 100 random boards, one thread): built-in rules against\n"
      "the same rules written as a game file\n");
  compare_engines(connect4::Game{}, mnk::Game(7, 6, 4, mnk::Placement::Drop), reps);
  compare_engines(adjacent4::Game(8, 6), mnk::Game(8, 6, 4, mnk::Placement::Adjacent), reps);
  // The checkers move generator alone: perft 9 from the start (3,963,680
  // leaves, Bik 2009), the median of the repetitions.
  const checkers::Game checkers(8);
  std::vector<double> seconds;
  std::uint64_t leaves = 0;
  for (int r = 0; r <= reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    leaves = perft(checkers, checkers.start(), 9);
    if (r > 0) seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::nth_element(seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2), seconds.end());
  const double per_second = static_cast<double>(leaves) / seconds[seconds.size() / 2];
  std::printf("  checkers(8) perft 9: %llu leaves, %.1f M leaves/s  %6.2fx Connect4's search nodes/s\n",
              static_cast<unsigned long long>(leaves), per_second / 1e6, per_second / connect4_nodes_per_second);
}

}  // namespace evalsynth
