#pragma once
// Solving many positions of a game in parallel with the exact solver
// (solver/exact_solver.hpp), each worker with a solver and table of its own
// (memory: threads x table). Scores are exact, so they do not depend on the
// number of threads. Connect4's counterpart is solver/solve_all.hpp.

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "game/solve_options.hpp"
#include "solver/exact_solver.hpp"
#include "support/binary_archive.hpp"
#include "support/progress.hpp"
#include "support/spread.hpp"
#include "support/worker_threads.hpp"

namespace evalsynth::solver {

struct ExactSolved {
  int score = 0;           // the position's value for its side to move
  std::vector<int> moves;  // each legal move's value (analyse only), in the game's order
  std::uint64_t nodes = 0;
  bool solved = true;  // false: beyond options.node_limit (score and moves empty)
};

// Precondition: no position is finished (with `analyse`).
template <ExactlySolvable G>
std::vector<ExactSolved> exact_solve_all(const G& game, const std::vector<typename G::Position>& positions,
                                         const SolveOptions& options) {
  ProgressLine progress("solve", "positions", positions.size(), options.progress);
  // Under mpirun in chunks over the ranks (support/spread.hpp): a position's
  // score, nodes and its moves' scores.
  const std::string bytes = spread_items(positions.size(), [&](std::size_t begin, std::size_t end) {
    std::vector<ExactSolved> solved(end - begin);
    tbb::enumerable_thread_specific<ExactSolver<G>> solvers([&] { return ExactSolver<G>(game, options.table_mb); });
    auto work = [&](const tbb::blocked_range<std::size_t>& range) {
      ExactSolver<G>& solver = solvers.local();
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const std::uint64_t nodes_before = solver.nodes();
        ExactSolved& out = solved[i - begin];
        if (options.node_limit > 0) {
          solver.clear_table();
          solver.limit_nodes(nodes_before + options.node_limit);
        }
        try {
          if (options.analyse) {
            out.moves = solver.analyse(positions[i]);
            out.score = *std::max_element(out.moves.begin(), out.moves.end());
          } else {
            out.score = solver.solve(positions[i]);
          }
        } catch (const NodeLimitReached&) {
          out.solved = false;
          out.moves.clear();
        }
        out.nodes = solver.nodes() - nodes_before;
        progress.add();
      }
    };
    tbb::task_arena arena(worker_threads(options.threads));
    arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, 1), work); });
    std::string encoded;
    BinaryOutputArchive a(encoded);
    for (const ExactSolved& s : solved) {
      a(static_cast<std::int32_t>(s.score), s.nodes, static_cast<std::uint8_t>(s.solved),
        static_cast<std::uint32_t>(s.moves.size()));
      for (const int m : s.moves) a(static_cast<std::int32_t>(m));
    }
    return encoded;
  });
  std::vector<ExactSolved> solved(positions.size());
  BinaryInputArchive a(bytes, 0);
  for (ExactSolved& s : solved) {
    std::int32_t score = 0;
    std::uint8_t solved_flag = 1;
    std::uint32_t moves = 0;
    a(score, s.nodes, solved_flag, moves);
    s.score = score;
    s.solved = solved_flag != 0;
    s.moves.resize(moves);
    for (int& m : s.moves) {
      std::int32_t v = 0;
      a(v);
      m = v;
    }
  }
  return solved;
}

}  // namespace evalsynth::solver
