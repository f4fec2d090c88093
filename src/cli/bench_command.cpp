#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/bench_games.hpp"
#include "cli/bench_learners.hpp"
#include "cli/bench_search_leaves.hpp"
#include "cli/bench_timing.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "games/connect4/labelled_positions.hpp"
#include "games/connect4/solver.hpp"
#include "io/spec.hpp"
#include "lang/native_code.hpp"
#include "lang/parse.hpp"
#include "lang/random_program.hpp"
#include "synthesis/synthesis.hpp"
#include "tournament/game.hpp"
#include "tournament/workload.hpp"

namespace evalsynth {

const char* const kBenchHelp =
    "usage: evalsynth bench [--reps N] [--seed S]\n"
    "\n"
    "Times, on one thread, the thesis's fitness workload: 711 start boards x 4\n"
    "games (candidate as X and O at depths 1 and 2 against IBEF at depth 2),\n"
    "left-to-right move order, with native IBEF as the candidate and as the\n"
    "reference, then with IBEF written in the language (a weight table, the\n"
    "interpreter, native code without the table), each as a ratio to the native\n"
    "run measured in the same invocation. Then nanoseconds per evaluation for\n"
    "native IBEF, the ADATE-2005 program (table, interpreter, native code) and\n"
    "random programs of about 50, 100 and 200 nodes (interpreter and native\n"
    "code, with the time to build each).\n"
    "Then games/s of a real population's fitness evaluation: the population of\n"
    "a spec's run after a few generations, played on its training boards by the\n"
    "interpreter and by native code, on 1 and 2 threads.\n"
    "The node-count signature changes only when the search's behaviour changes.\n"
    "\n"
    "Options:\n"
    "  --reps N   timed repetitions after one warm-up (default 20)\n"
    "  --seed S   seed of the generated start boards (default 2005)\n"
    "  --examples DIR  where ibef.eval and adate2005.eval are (default grammar/examples)\n"
    "\n"
    "Solver part: for each set, the mean time and nodes per position to solve\n"
    "(position value, one thread, a fresh 64 MiB table per set) and the share of\n"
    "the set's best move values it reproduces.\n"
    "  --solver-positions FILE  an .analysis file (repeatable; default the\n"
    "                     project's sets in specs/positions/, Pons's files work too)\n"
    "  --solver-limit N   positions per set (default 300; 0 skips the solver part)\n"
    "\n"
    "Population part:\n"
    "  --population-spec FILE  the run whose population is timed (default\n"
    "                     specs/quick.spec; nothing of the run is written)\n"
    "  --population-generations N  generations evolved first (default 5; 0 skips)\n"
    "\n"
    "Other games: for tic-tac-toe, mnk(5,5,4), adjacent4(8,6), ModNim(100,3),\n"
    "checkers(8) and othello(8), games/s and nodes/s of a fitness workload of\n"
    "the game's reference programs (one thread, 100 random boards) next to\n"
    "Connect4's nodes/s above, and ns per evaluation of each reference program\n"
    "next to native IBEF.\n"
    "\n"
    "Every family's programs: ns per evaluation of 20 random programs of about\n"
    "100 nodes of the game's language (mnk(5,5,4), a drop and a fill board,\n"
    "adjacent4(8,6), ModNim(100,3), checkers(8), othello(8)), by the interpreter\n"
    "and by native code, each as a ratio to the family's best reference written\n"
    "in C++ (Connect4: its ~100-node programs above against native IBEF).\n"
    "\n"
    "Learned evaluators: ns per evaluation of the thesis network, an n-tuple\n"
    "network and the language's ntuple() (uncached, and through its cache) next\n"
    "to IBEF, and training games/s next to IBEF@1 self-play games, with\n"
    "Melicher's linear checkers learner and FABLE's learner (checkers(6),\n"
    "mnk(5,5,3,fill)) against random.\n"
    "  --learner-games N  games timed (the n-tuple and linear learners play 5x\n"
    "                     as many, FABLE 1/20; default 20000; 0 skips the\n"
    "                     training part)\n"
    "\n"
    "Leaves in a search: ns per leaf (the search's time / its evaluations) of\n"
    "depth-6 searches from 60 of the positions, with native IBEF (the\n"
    "reference), the built-in n-tuple network and an ntuple() program, each\n"
    "incremental (the search carries the network's indices) and from scratch\n"
    "(the program through ntuple()'s cache), and a program without ntuple().\n";

namespace {

struct WorkloadRun {
  double seconds = 0;
  std::uint64_t games = 0;
  std::uint64_t nodes = 0;
  int candidate_wins = 0;
};

WorkloadRun run_thesis_workload(const EvaluatorOf<connect4::Game>& candidate, const FitnessTask<connect4::Game>& task) {
  const auto start = std::chrono::steady_clock::now();
  const Fitness f = evaluate_fitness({{candidate, 0}}, task, 1).front();
  WorkloadRun run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.games = static_cast<std::uint64_t>(f.games);
  run.nodes = f.nodes;
  run.candidate_wins = f.wins;
  return run;
}

WorkloadRun median_run(const EvaluatorOf<connect4::Game>& candidate, const FitnessTask<connect4::Game>& task,
                       int reps) {
  run_thesis_workload(candidate, task);  // warm-up
  std::vector<WorkloadRun> runs;
  for (int i = 0; i < reps; ++i) runs.push_back(run_thesis_workload(candidate, task));
  std::sort(runs.begin(), runs.end(), [](const auto& l, const auto& r) { return l.seconds < r.seconds; });
  return runs[runs.size() / 2];
}

std::vector<connect4::Position> sample_positions(int count) {
  Rng rng(99);
  std::vector<connect4::Position> positions;
  while (static_cast<int>(positions.size()) < count) {
    connect4::Position p;
    for (int i = rng.below(36); i > 0 && !p.is_game_over(); --i) p = p.played(random_move(connect4::Game{}, p, rng));
    if (!p.is_game_over()) positions.push_back(p);
  }
  return positions;
}

}  // namespace

static void bench_solver(const std::vector<std::string>& names,
                         const std::vector<std::vector<connect4::LabelledPosition>>& sets, std::size_t limit) {
  std::printf("\nsolver: position values, one thread, the first %zu positions of each set\n", limit);
  std::printf("  %-40s %9s %12s %12s %8s\n", "set", "positions", "mean ms", "mean nodes", "agree");
  for (std::size_t s = 0; s < sets.size(); ++s) {
    connect4::Solver solver(64, true, nullptr);  // the solver alone: no store
    const std::size_t count = std::min(limit, sets[s].size());
    double seconds = 0;
    std::size_t agree = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const connect4::LabelledPosition& p = sets[s][i];
      const auto start = std::chrono::steady_clock::now();
      const int score = solver.solve(p.position);
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      agree += score == *std::max_element(p.move_scores.begin(), p.move_scores.end());
    }
    std::printf("  %-40s %9zu %12.3f %12.0f %7.1f%%\n", names[s].c_str(), count,
                1e3 * seconds / static_cast<double>(count),
                static_cast<double>(solver.nodes()) / static_cast<double>(count),
                100.0 * static_cast<double>(agree) / static_cast<double>(count));
  }
}

// games/s of one fitness evaluation of a whole population, the unit of work
// of a run: the population `generations` into a run of `spec_file` (nothing
// written), on its training boards, interpreter vs native code, 1 vs 2
// threads. Each figure is the best of three (a shared machine only slows).
static void bench_population(const std::string& spec_file, int generations) {
  RunSpec spec = read_spec_file(spec_file);
  spec.generations = generations;
  spec.strength_positions.clear();  // not what is timed here
  std::printf("\npopulation fitness: %s after %d generations, its training boards\n", spec_file.c_str(), generations);
  std::fflush(stdout);
  Synthesis run(spec);
  run.run();
  const FitnessTask<connect4::Game>& task = task_of<connect4::Game>(run.game(), RunGame::Task::Training);
  std::printf("  %zu programs x %zu games\n", run.state().population.size(), task.games_per_candidate());
  std::printf("  %-28s %12s %12s %10s\n", "evaluators", "1 thread", "2 threads", "2 vs 1");
  double interpreted_one_thread = 0;
  for (const auto mode : {lang::Connect4Program::Mode::InterpreterOnly, lang::Connect4Program::Mode::Auto}) {
    std::vector<Candidate<connect4::Game>> candidates;
    for (const evolve::Individual& individual : run.state().population)
      candidates.push_back({evaluator_for(connect4::Game{}, individual.program, mode), individual.hash});
    double games_per_second[2] = {};
    for (int threads : {1, 2}) {
      double best = 0;
      for (int rep = 0; rep < 3; ++rep) {
        const auto start = std::chrono::steady_clock::now();
        const std::vector<Fitness> fitness = evaluate_fitness(candidates, task, threads);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::uint64_t games = 0;
        for (const Fitness& f : fitness) games += static_cast<std::uint64_t>(f.games);
        best = std::max(best, static_cast<double>(games) / seconds);
      }
      games_per_second[threads - 1] = best;
    }
    const bool interpreted = mode == lang::Connect4Program::Mode::InterpreterOnly;
    if (interpreted) interpreted_one_thread = games_per_second[0];
    std::printf("  %-28s %12.0f %12.0f %9.2fx\n",
                interpreted                   ? "interpreter"
                : lang::native_code_enabled() ? "native code (tables if linear)"
                                              : "no native code (tables if linear)",
                games_per_second[0], games_per_second[1], games_per_second[1] / games_per_second[0]);
    if (!interpreted)
      std::printf("  native code vs interpreter, 1 thread: %.2fx\n", games_per_second[0] / interpreted_one_thread);
  }
}

int bench_command(const Args& args) {
  int reps = 20;
  std::uint64_t seed = 2005;
  std::string examples = "grammar/examples";
  CommandLine command;
  command.integer("reps", reps, 1, 100000);
  command.integer("seed", seed, 0, INT64_MAX);
  command.text("examples", examples);
  std::vector<std::string> solver_sets;
  int solver_limit = 300;
  command.texts("solver-positions", solver_sets);
  command.integer("solver-limit", solver_limit, 0, 1'000'000);
  std::string population_spec = "specs/quick.spec";
  int population_generations = 5;
  command.text("population-spec", population_spec);
  command.integer("population-generations", population_generations, 0, 1000);
  int learner_games = 20000;
  command.integer("learner-games", learner_games, 0, 10'000'000);
  command.parse(args);
  // Read before any timing: a bad spec is an error before the long work.
  if (population_generations > 0) (void)read_spec_file(population_spec);
  if (solver_sets.empty())
    for (const char* set : {"training", "validation", "test"})
      solver_sets.push_back(std::string("specs/positions/") + set + ".analysis");
  std::vector<std::vector<connect4::LabelledPosition>> labelled;
  for (const std::string& file : solver_sets) labelled.push_back(connect4::read_analysis_file(file));
  const lang::Program ibef_program = lang::read_program_file(examples + "/ibef.eval");
  const lang::Program adate_program = lang::read_program_file(examples + "/adate2005.eval");
  const FitnessTask task = thesis_workload(seed);

  const WorkloadRun native = median_run(EvaluatorOf<connect4::Game>{connect4::ibef_evaluator()}, task, reps);
  std::printf("thesis fitness workload: %zu boards x 4 games = %llu games, vs IBEF@2, 1 thread, median of %d\n",
              task.boards.size(), static_cast<unsigned long long>(native.games), reps);
  std::printf("  %-34s %9s %9s %9s %8s\n", "candidate", "ms", "games/s", "Mnodes/s", "ratio");
  auto report = [&](const char* what, const WorkloadRun& run) {
    std::printf("  %-34s %9.2f %9.0f %9.1f %7.2fx\n", what, run.seconds * 1e3,
                static_cast<double>(run.games) / run.seconds, static_cast<double>(run.nodes) / run.seconds / 1e6,
                run.seconds / native.seconds);
  };
  report("native IBEF (reference)", native);
  const WorkloadRun compiled =
      median_run(evaluator_for(connect4::Game{}, ibef_program, lang::Connect4Program::Mode::Auto), task, reps);
  report("ibef.eval, compiled (weight table)", compiled);
  const WorkloadRun interpreted = median_run(
      evaluator_for(connect4::Game{}, ibef_program, lang::Connect4Program::Mode::InterpreterOnly), task, reps);
  report("ibef.eval, interpreter only", interpreted);
  const WorkloadRun jitted =
      median_run(evaluator_for(connect4::Game{}, ibef_program, lang::Connect4Program::Mode::Native), task, reps);
  report(lang::native_code_enabled() ? "ibef.eval, native code (no table)" : "ibef.eval, no table (no native code)",
         jitted);
  // A candidate's training evaluation in the thesis's setup is 155 boards x 4 games.
  const double games_per_evaluation = 155.0 * 4.0;
  std::printf(
      "  fitness evaluations/s (620 games each, one thread): native %.0f, compiled program %.0f, interpreted %.0f\n",
      static_cast<double>(native.games) / native.seconds / games_per_evaluation,
      static_cast<double>(compiled.games) / compiled.seconds / games_per_evaluation,
      static_cast<double>(interpreted.games) / interpreted.seconds / games_per_evaluation);
  std::printf("  signature        %llu nodes, candidate won %d games (program runs: %llu, %llu nodes)\n",
              static_cast<unsigned long long>(native.nodes), native.candidate_wins,
              static_cast<unsigned long long>(compiled.nodes), static_cast<unsigned long long>(interpreted.nodes));

  const std::vector<connect4::Position> positions = sample_positions(4096);
  const int rounds = std::max(1, reps * 5);
  std::printf("\nnanoseconds per evaluation (%zu positions x %d rounds)\n", positions.size(), rounds);
  const double native_ns = nanoseconds_per_evaluation(connect4::ibef_evaluator(), positions, rounds);
  std::printf("  %-44s %8.2f ns  %6.2fx\n", "native IBEF (reference)", native_ns, 1.0);
  auto time_program = [&](const std::string& what, const lang::Program& program, lang::Connect4Program::Mode mode) {
    const lang::Connect4Program compiled_program(program, mode);
    const double ns = nanoseconds_per_evaluation(compiled_program, positions, rounds);
    std::printf("  %-44s %8.2f ns  %6.2fx\n", what.c_str(), ns, ns / native_ns);
  };
  const double native_adate_ns = nanoseconds_per_evaluation(connect4::adate2005_evaluator(), positions, rounds);
  std::printf("  %-44s %8.2f ns  %6.2fx\n", "native ADATE-2005", native_adate_ns, native_adate_ns / native_ns);
  time_program("adate2005.eval, compiled (weight table)", adate_program, lang::Connect4Program::Mode::Auto);
  time_program("adate2005.eval, interpreter only", adate_program, lang::Connect4Program::Mode::InterpreterOnly);
  time_program("adate2005.eval, native code (no table)", adate_program, lang::Connect4Program::Mode::Native);
  // Random programs, the same ones through the interpreter and native code;
  // building one (simplify, bytecode, and for native code the machine code)
  // is timed too, next to one fitness evaluation's time.
  using Clock = std::chrono::steady_clock;
  const double evaluation_ms = compiled.seconds / static_cast<double>(compiled.games) * games_per_evaluation * 1e3;
  std::printf("  (one fitness evaluation of 620 games with the weight table: %.1f ms)\n", evaluation_ms);
  double native_100_ns = 0;  // the ~100-node programs' native code, for the families' table
  for (std::size_t target : {50, 100, 200}) {
    Rng rng(target);
    std::size_t total_nodes = 0;
    double interpreted_ns = 0, native_code_ns = 0, interpreter_build_us = 0, native_build_us = 0;
    const int count = 20;
    for (int i = 0; i < count; ++i) {
      lang::Program program = lang::random_program(rng, target);
      while (program.size() < target * 3 / 4 || program.size() > target * 5 / 4)
        program = lang::random_program(rng, target * 3 / 2);
      total_nodes += program.size();
      auto built = [&](lang::Connect4Program::Mode mode, double& build_us) {
        const auto start = Clock::now();
        lang::Connect4Program made(program, mode);
        build_us += std::chrono::duration<double, std::micro>(Clock::now() - start).count();
        return made;
      };
      const lang::Connect4Program by_interpreter =
          built(lang::Connect4Program::Mode::InterpreterOnly, interpreter_build_us);
      const lang::Connect4Program by_native_code = built(lang::Connect4Program::Mode::Native, native_build_us);
      interpreted_ns += nanoseconds_per_evaluation(by_interpreter, positions, std::max(1, rounds / 4));
      native_code_ns += nanoseconds_per_evaluation(by_native_code, positions, std::max(1, rounds / 4));
    }
    const std::string what =
        "random programs, mean " + std::to_string(total_nodes / count) + " nodes (" + std::to_string(count) + ")";
    std::printf("  %-44s %8.2f ns  %6.2fx\n", (what + ", interpreter").c_str(), interpreted_ns / count,
                interpreted_ns / count / native_ns);
    std::printf("  %-44s %8.2f ns  %6.2fx  (%.1fx faster; built in %.1f us, interpreter's in %.1f us)\n",
                (what + ", native code").c_str(), native_code_ns / count, native_code_ns / count / native_ns,
                interpreted_ns / native_code_ns, native_build_us / count, interpreter_build_us / count);
    if (target == 100) native_100_ns = native_code_ns / count;
  }
  bench_learners(positions, rounds, native_ns, learner_games);
  bench_search_leaves(positions, rounds);
  bench_games(reps, static_cast<double>(native.nodes) / native.seconds, native_ns);
  bench_family_programs(reps, native_100_ns, native_ns);
  if (population_generations > 0) bench_population(population_spec, population_generations);
  if (solver_limit > 0) bench_solver(solver_sets, labelled, static_cast<std::size_t>(solver_limit));
  return 0;
}

}  // namespace evalsynth
