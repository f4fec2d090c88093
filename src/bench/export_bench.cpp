// evalsynth-bench-export: how fast an exported evaluator is in a search,
// against the native one, on the thesis's fitness workload (711 start boards
// x 4 games against IBEF at depth 2, left-to-right order, one thread).
//
// The build writes ibef_exported.hpp with `evalsynth export
// grammar/examples/ibef.eval` and compiles it in here; both evaluators then
// run through the same game loop, alternating, and the exported one's time is
// reported as a ratio to the native one's from the same run (the machines are
// shared and noisy: only the ratio is meaningful). Both must play identical
// games: the node counts are compared.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "game/search.hpp"
#include "ibef_exported.hpp"
#include "tournament/workload.hpp"

namespace {

using namespace evalsynth;

struct ExportedIbef {
  int operator()(const connect4::Position& p) const { return ibef_exported(p.x_stones(), p.o_stones()); }
};

struct WorkloadResult {
  double seconds = 0;
  std::uint64_t nodes = 0;
  int candidate_wins = 0;
};

template <class Candidate>
WorkloadResult play_workload(const Candidate& candidate, const FitnessTask<connect4::Game>& task) {
  const connect4::Game game;
  const connect4::LinearEvaluator opponent = connect4::ibef_evaluator();
  WorkloadResult result;
  const auto start = std::chrono::steady_clock::now();
  for (const connect4::Position& board : task.boards)
    for (const FitnessConfig& config : task.configs) {
      connect4::Position p = board;
      while (!p.is_game_over<connect4::StandardRules>()) {
        int move;
        if (p.side_to_move() == config.candidate_side) {
          AlphaBeta search(game, candidate);
          move = search.search(p, config.candidate_depth, playable_in(p, connect4::kLeftToRight)).move;
          result.nodes += search.counters().nodes;
        } else {
          AlphaBeta search(game, opponent);
          move = search.search(p, config.opponent_depth, playable_in(p, connect4::kLeftToRight)).move;
          result.nodes += search.counters().nodes;
        }
        p = p.played(move);
      }
      result.candidate_wins += p.last_mover_won<connect4::StandardRules>() && p.side_to_move() != config.candidate_side;
    }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 21;
  if (argc > 2 || (argc == 2 && ((reps = std::atoi(argv[1])) < 1 || reps > 10000))) {
    std::fprintf(stderr, "usage: %s [REPS 1-10000]   (default 21)\n", argv[0]);
    return 2;
  }
  const FitnessTask task = thesis_workload(2005);
  const connect4::LinearEvaluator native = connect4::ibef_evaluator();
  const ExportedIbef exported;
  // Warm-up, and the check that both play the same games.
  const WorkloadResult a = play_workload(native, task), b = play_workload(exported, task);
  if (a.nodes != b.nodes || a.candidate_wins != b.candidate_wins) {
    std::fprintf(stderr, "error: the exported IBEF plays other games than the native one (%llu vs %llu nodes)\n",
                 static_cast<unsigned long long>(b.nodes), static_cast<unsigned long long>(a.nodes));
    return 1;
  }
  std::vector<double> native_times, exported_times, ratios;
  for (int i = 0; i < reps; ++i) {
    // Alternate which goes first, so drifts in machine load hit both.
    const bool native_first = i % 2 == 0;
    const double first = native_first ? play_workload(native, task).seconds : play_workload(exported, task).seconds;
    const double second = native_first ? play_workload(exported, task).seconds : play_workload(native, task).seconds;
    const double n = native_first ? first : second, e = native_first ? second : first;
    native_times.push_back(n);
    exported_times.push_back(e);
    ratios.push_back(e / n);
  }
  const std::size_t games = task.boards.size() * task.configs.size();
  std::printf("thesis workload: %zu games, %llu nodes per pass, %d repetitions, one thread\n", games,
              static_cast<unsigned long long>(a.nodes), reps);
  std::printf("native IBEF (LinearEvaluator)   median %.2f ms per pass\n", 1e3 * median(native_times));
  std::printf("exported IBEF (ibef_exported)   median %.2f ms per pass\n", 1e3 * median(exported_times));
  std::printf("exported / native: median of paired ratios %.3f (target <= 1.1)\n", median(ratios));
  return 0;
}
