#include "games/connect4/solve_all.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>

#include "games/connect4/solver.hpp"
#include "support/binary_archive.hpp"
#include "support/progress.hpp"
#include "support/spread.hpp"
#include "support/worker_threads.hpp"

namespace evalsynth::connect4 {

std::vector<SolvedPosition> solve_all(const std::vector<Position>& positions, const SolveOptions& options) {
  ProgressLine progress("solve", "positions", positions.size(), options.progress);
  // Under mpirun in chunks over the ranks (support/spread.hpp): a position's
  // score, its moves' scores, nodes and time.
  const std::string bytes = spread_items(positions.size(), [&](std::size_t begin, std::size_t end) {
    std::vector<SolvedPosition> solved(end - begin);
    tbb::enumerable_thread_specific<Solver> solvers([&] { return Solver(options.table_mb, options.use_book); });
    auto work = [&](const tbb::blocked_range<std::size_t>& range) {
      Solver& solver = solvers.local();
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t nodes_before = solver.nodes();
        SolvedPosition& out = solved[i - begin];
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
    tbb::task_arena arena(worker_threads(options.threads));
    arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, 1), work); });
    std::string encoded;
    BinaryOutputArchive a(encoded);
    for (const SolvedPosition& p : solved) {
      a(static_cast<std::int32_t>(p.score), p.nodes, p.seconds);
      for (const int m : p.moves) a(static_cast<std::int32_t>(m));
    }
    return encoded;
  });
  std::vector<SolvedPosition> solved(positions.size());
  BinaryInputArchive a(bytes, 0);
  for (SolvedPosition& p : solved) {
    std::int32_t score = 0;
    a(score, p.nodes, p.seconds);
    p.score = score;
    for (int& m : p.moves) {
      std::int32_t v = 0;
      a(v);
      m = v;
    }
  }
  return solved;
}

}  // namespace evalsynth::connect4
