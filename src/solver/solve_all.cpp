#include "solver/solve_all.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>

#include "solver/solver.hpp"
#include "support/progress.hpp"

namespace evalsynth::solver {

std::vector<SolvedPosition> solve_all(const std::vector<Position>& positions, const SolveOptions& options) {
  std::vector<SolvedPosition> solved(positions.size());
  tbb::enumerable_thread_specific<Solver> solvers([&] { return Solver(options.table_mb, options.use_book); });
  ProgressLine progress("solve", "positions", positions.size(), options.progress);
  auto work = [&](const tbb::blocked_range<std::size_t>& range) {
    Solver& solver = solvers.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      const auto start = std::chrono::steady_clock::now();
      const std::uint64_t nodes_before = solver.nodes();
      SolvedPosition& out = solved[i];
      if (options.analyse) {
        out.moves = solver.analyse(positions[i]);
        out.score = *std::max_element(out.moves.begin(), out.moves.end());
      } else {
        out.score = solver.solve(positions[i]);
      }
      out.nodes = solver.nodes() - nodes_before;
      out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      progress.add();
    }
  };
  tbb::task_arena arena(options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency());
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, positions.size(), 1), work); });
  return solved;
}

}  // namespace evalsynth::solver
