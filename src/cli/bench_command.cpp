#include <algorithm>
#include <chrono>
#include <cstdio>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "tournament/game.hpp"
#include "tournament/workload.hpp"

namespace evalsynth {

const char* const kBenchHelp =
    "usage: evalsynth bench [--reps N] [--seed S]\n"
    "\n"
    "Times the thesis's fitness workload on one thread: 711 start boards x 4 games\n"
    "(candidate as X and O at depths 1 and 2 against IBEF at depth 2), with IBEF as\n"
    "the candidate and left-to-right move order. Prints the median time per\n"
    "workload, games/s and nodes/s, and a node-count signature that changes only\n"
    "when the search's behaviour changes.\n"
    "\n"
    "Options:\n"
    "  --reps N   timed repetitions after one warm-up (default 20)\n"
    "  --seed S   seed of the generated start boards (default 2005)\n";

namespace {

struct WorkloadRun {
  double seconds = 0;
  std::uint64_t games = 0;
  std::uint64_t nodes = 0;
  int candidate_wins = 0;
};

WorkloadRun run_thesis_workload(const Player& candidate, const Player& opponent_template,
                                const std::vector<Position>& boards) {
  WorkloadRun run;
  const auto start = std::chrono::steady_clock::now();
  for (const Position& board : boards) {
    for (const GameConfig& config : thesis_game_configs()) {
      Player me = candidate, them = opponent_template;
      me.depth = config.candidate_depth;
      them.depth = config.opponent_depth;
      const bool candidate_is_x = config.candidate_side == Side::X;
      Rng unused(0);  // left-to-right order draws no randomness
      const GameRecord g = play_game(candidate_is_x ? me : them, candidate_is_x ? them : me, board, GameSettings{MoveOrder::LeftToRight, RuleSet::Standard}, unused);
      ++run.games;
      run.nodes += g.nodes;
      if ((g.outcome == Outcome::XWin && candidate_is_x) || (g.outcome == Outcome::OWin && !candidate_is_x)) ++run.candidate_wins;
    }
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace

int bench_command(const Args& args) {
  const Arguments a(args, {{"reps"}, {"seed"}});
  const int reps = static_cast<int>(a.integer("reps", 20, 1, 100000));
  const auto seed = static_cast<std::uint64_t>(a.integer("seed", 2005, 0, INT64_MAX));
  const std::vector<Position> boards = thesis_sized_board_set(seed);
  const Player ibef = builtin_player("ibef", 2);

  run_thesis_workload(ibef, ibef, boards);  // warm-up
  std::vector<WorkloadRun> runs;
  for (int i = 0; i < reps; ++i) runs.push_back(run_thesis_workload(ibef, ibef, boards));
  std::sort(runs.begin(), runs.end(), [](const auto& l, const auto& r) { return l.seconds < r.seconds; });
  const WorkloadRun& median = runs[runs.size() / 2];

  std::printf("thesis fitness workload: %zu boards x 4 games = %llu games, IBEF vs IBEF@2, 1 thread\n", boards.size(),
              static_cast<unsigned long long>(median.games));
  std::printf("  ms per workload  median %.2f  min %.2f  max %.2f  (%d runs)\n", median.seconds * 1e3, runs.front().seconds * 1e3,
              runs.back().seconds * 1e3, reps);
  std::printf("  games/s          %.0f\n", static_cast<double>(median.games) / median.seconds);
  std::printf("  nodes/s          %.1f M\n", static_cast<double>(median.nodes) / median.seconds / 1e6);
  std::printf("  signature        %llu nodes, candidate won %d games\n", static_cast<unsigned long long>(median.nodes),
              median.candidate_wins);
  return 0;
}

}  // namespace evalsynth
